package org.libreyolo.profile;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import org.libreyolo.profile.internal.engine.Engines;

/** Test helpers: the engine with one intra-op thread, and fixture paths. */
public final class TestEngine {
  private TestEngine() {}

  public static void boot() {
    Engines.boot(1);
  }

  /**
   * A fixture as a file; fixtures read from the core test-jar (other modules) are copied out once.
   */
  public static Path fixture(String relative) {
    URL url = TestEngine.class.getResource("/fixtures/" + relative);
    if (url == null) {
      throw new IllegalStateException("fixture missing: " + relative);
    }
    try {
      if ("file".equals(url.getProtocol())) {
        return Paths.get(url.toURI());
      }
      // in the module's build folder (Surefire runs in the module), not the temp directory
      Path copy = Path.of("target", "libreyolo-fixtures", relative).toAbsolutePath();
      if (!Files.exists(copy)) { // whole or not at all: test JVMs beside this one read it too
        Files.createDirectories(copy.getParent());
        Path part = Files.createTempFile(copy.getParent(), copy.getFileName().toString(), ".part");
        try (InputStream in = url.openStream()) {
          Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
        }
        Files.move(part, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      return copy;
    } catch (IOException | java.net.URISyntaxException e) {
      throw new IllegalStateException("fixture unreadable: " + relative, e);
    }
  }
}
