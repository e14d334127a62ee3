package org.libreyolo.profile;

import java.nio.file.Path;
import java.nio.file.Paths;
import org.libreyolo.profile.engine.Engines;

/** Test helpers: the engine with one intra-op thread, and fixture paths. */
public final class TestEngine {
  private TestEngine() {}

  public static void boot() {
    Engines.boot(1);
  }

  public static Path fixture(String relative) {
    try {
      return Paths.get(TestEngine.class.getResource("/fixtures/" + relative).toURI());
    } catch (Exception e) {
      throw new IllegalStateException("fixture missing: " + relative, e);
    }
  }
}
