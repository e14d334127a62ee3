package org.libreyolo.profile.internal.io;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.LibreYoloException;

/**
 * Records written whole as JSON files and read back as records: a file is complete or absent, never
 * half, and both ends name every field. Fields a reader does not know are ignored (an older reader
 * of a newer record).
 */
public final class Records {
  private static final ObjectMapper JSON =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private Records() {}

  /** Writes a record whole (a temporary file renamed into place). */
  public static void write(Path file, Object record) {
    AtomicFiles.write(file, out -> JSON.writerWithDefaultPrettyPrinter().writeValue(out, record));
  }

  /** Reads a record, or null when the file is not there (the other end failed before writing). */
  public static <T> T read(Path file, Class<T> type) {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      return JSON.readValue(file.toFile(), type);
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
