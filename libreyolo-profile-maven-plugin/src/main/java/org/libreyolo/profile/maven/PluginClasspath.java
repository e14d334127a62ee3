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
 * the build gave the plugin), not Maven's own boot class path in {@code java.class.path}.
 */
final class PluginClasspath {
  private PluginClasspath() {}

  static String of(Class<?> mojo) {
    List<String> entries = new ArrayList<>();
    if (mojo.getClassLoader() instanceof URLClassLoader realm) { // Maven's ClassRealm: this plugin's own jars
      for (URL url : realm.getURLs()) {
        try {
          entries.add(Path.of(url.toURI()).toString());
        } catch (URISyntaxException | IllegalArgumentException e) {
          // not a file: nothing a fork could load
        }
      }
    }
    return entries.isEmpty() ? null : String.join(File.pathSeparator, entries);
  }
}
