package org.libreyolo.profile.bench;

import java.nio.file.Path;

/**
 * Where the checkout is: the {@code libreyolo.home} the launcher passes (its own folder), else the
 * working directory. Fixture defaults resolve against it at run time, so the benches work from any
 * directory and the jar holds no paths into the test resources.
 */
final class Checkout {
  private Checkout() {}

  static Path root() {
    String home = System.getProperty("libreyolo.home");
    return (home != null ? Path.of(home) : Path.of("")).toAbsolutePath().normalize();
  }

  /** A path relative to the checkout's root. */
  static Path path(String relative) {
    return root().resolve(relative).normalize();
  }

  /** The {@code ./libreyolo} launcher of the checkout. */
  static Path launcher() {
    return root().resolve("libreyolo");
  }
}
