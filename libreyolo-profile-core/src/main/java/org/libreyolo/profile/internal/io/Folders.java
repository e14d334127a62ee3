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

  /**
   * Proves {@code dir} writable before any work (an engine, a model, forks): creates it, writes and
   * deletes a probe file, and removes again the folders it had to create, so a refused run leaves
   * nothing and a later one finds the path as it was.
   *
   * @param dir the output folder
   * @param option how the surface names it, e.g. {@code {project}}
   * @throws LibreYoloException when it cannot be written, with the OS reason
   */
  public static void checkWritable(Path dir, String option) {
    if (dir.toString().isBlank()) { // an empty path is the working directory: never meant
      throw LibreYoloException.badInput(
          option + " is empty: name a folder, e.g. " + option + " runs/profile");
    }
    Path absolute = dir.toAbsolutePath().normalize();
    Path created = firstMissing(absolute);
    try {
      Files.createDirectories(absolute);
      Files.delete(Files.createTempFile(absolute, ".libreyolo-probe-", ".tmp"));
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot write under " + option + " " + dir + ": " + IoErrors.why(e));
    } finally {
      deleteQuietly(created);
    }
  }

  /** The topmost folder of {@code dir} that does not exist yet, or null when it exists. */
  public static Path firstMissing(Path dir) {
    Path missing = null;
    for (Path p = dir.toAbsolutePath(); p != null && !Files.exists(p); p = p.getParent()) {
      missing = p;
    }
    return missing;
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
