package org.libreyolo.profile.internal.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.libreyolo.profile.LibreYoloException;

/** Removes a folder with everything in it: a run's own scratch space, or what a failed run made. */
public final class Folders {
  private Folders() {}

  /**
   * Deletes {@code dir} and its contents; nothing when it does not exist.
   *
   * @param dir the folder
   * @throws LibreYoloException when something in it cannot be deleted, naming the folder
   */
  public static void delete(Path dir) {
    try {
      walkAndDelete(dir);
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot clear " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Deletes what it can of {@code dir}, for clean-up after a failure: the error being reported
   * matters more than a file left behind.
   *
   * @param dir the folder, or null
   */
  public static void deleteQuietly(Path dir) {
    try {
      walkAndDelete(dir);
    } catch (IOException e) {
      // best effort (see above)
    }
  }

  private static void walkAndDelete(Path dir) throws IOException {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
