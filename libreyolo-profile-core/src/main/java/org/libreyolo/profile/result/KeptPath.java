package org.libreyolo.profile.result;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Where a path a profile keeps points. A producer writes its files (the trace, its forks' folders)
 * beside the profile and stores their paths as it was given them, relative to the directory it ran
 * in; the reference does the same. A profile read from a file resolves them against that file's
 * folder, so the same profile reads the same files from any working directory and after its folder
 * moved: as stored where that names a file, else the stored path under the folder, else the file of
 * that name beside the profile. Never another file the working directory happens to hold.
 */
final class KeptPath {
  private KeptPath() {}

  /**
   * @param origin the file the profile was read from, or null for one made in this process
   * @param stored the path as stored, or null
   * @return the file (it may not exist), or null when none is stored or it is no path
   */
  static Path resolve(Path origin, String stored) {
    if (stored == null || stored.isEmpty()) {
      return null;
    }
    Path path;
    try {
      path = Path.of(stored);
    } catch (InvalidPathException e) {
      return null;
    }
    if (origin == null) {
      return path; // this process's producer: its own working directory
    }
    if (stored.equals(origin.toString())) {
      return origin; // a trace analysed as itself names itself
    }
    Path folder = origin.toAbsolutePath().getParent();
    if (path.isAbsolute() && Files.isRegularFile(path)) {
      return path;
    }
    Path under = folder.resolve(path);
    if (!path.isAbsolute() && Files.isRegularFile(under)) {
      return under;
    }
    if (path.getFileName() == null) {
      return path;
    }
    Path beside = folder.resolve(path.getFileName());
    return Files.isRegularFile(beside) ? beside : path.isAbsolute() ? path : under;
  }
}
