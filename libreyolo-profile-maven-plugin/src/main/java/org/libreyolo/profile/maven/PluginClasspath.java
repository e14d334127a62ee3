package org.libreyolo.profile.maven;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The class path a fork starts on: the plugin realm's jars (the plugin, core, DJL and the native
 * the build gave the plugin) and the SLF4J API Maven lends it, not Maven's own boot class path in
 * {@code java.class.path}.
 */
final class PluginClasspath {
  private PluginClasspath() {}

  static String of(Class<?> mojo) {
    List<String> entries = new ArrayList<>();
    if (mojo.getClassLoader()
        instanceof URLClassLoader realm) { // Maven's ClassRealm: this plugin's own jars
      for (URL url : realm.getURLs()) {
        try {
          entries.add(Path.of(url.toURI()).toString());
        } catch (URISyntaxException | IllegalArgumentException e) {
          // not a file: nothing a fork could load
        }
      }
    }
    // Maven lends its plugins SLF4J from its own realm; DJL in the fork needs the API on its class
    // path
    try {
      var source =
          Class.forName("org.slf4j.LoggerFactory", false, mojo.getClassLoader())
              .getProtectionDomain()
              .getCodeSource();
      if (source != null && !entries.isEmpty()) {
        String api = Path.of(source.getLocation().toURI()).toString();
        if (!entries.contains(api)) {
          entries.add(api);
        }
      }
    } catch (ClassNotFoundException
        | URISyntaxException
        | IllegalArgumentException
        | SecurityException e) {
      // no SLF4J in sight: the fork reports its own failure
    }
    return entries.isEmpty() ? null : String.join(File.pathSeparator, entries);
  }
}
