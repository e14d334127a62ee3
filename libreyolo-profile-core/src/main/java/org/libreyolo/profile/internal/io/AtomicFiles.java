package org.libreyolo.profile.internal.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.libreyolo.profile.LibreYoloException;

/** Writes a file through a temp file in the same directory and a rename: all or nothing. */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** Writes the content a writer produces. */
  @FunctionalInterface
  public interface Writer {
    void write(OutputStream out) throws IOException;
  }

  /** Temp files are created owner-only; the result should read like any other output file. */
  private static void readableByAll(Path file) {
    try {
      Files.setPosixFilePermissions(
          file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    } catch (UnsupportedOperationException | IOException e) {
      // not a POSIX file system: keep the default
    }
  }

  public static void write(Path target, Writer writer) {
    // complete, or never started, when a stopped JVM cleans up
    Leftovers.guard(() -> writeNow(target, writer));
  }

  /** Writes {@code text} as UTF-8: all or nothing. */
  public static void writeText(Path target, String text) {
    write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
  }

  private static void writeNow(Path target, Writer writer) {
    Path dir = target.toAbsolutePath().getParent();
    if (Files.isDirectory(target)) {
      throw LibreYoloException.badInput(
          "cannot write " + target + ": it is a directory; name a file in it");
    }
    Path tmp = null;
    try {
      Files.createDirectories(dir);
      tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
      Leftovers.track(tmp);
      readableByAll(tmp);
      try (OutputStream out = Files.newOutputStream(tmp)) {
        writer.write(out);
      }
      try {
        Files.move(
            tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
      Leftovers.forget(tmp);
      tmp = null;
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot write " + target + ": " + IoErrors.why(e));
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
          Leftovers.forget(tmp);
        } catch (IOException ignored) {
          // best effort: the failure above is what the user needs to see
        }
      }
    }
  }
}
