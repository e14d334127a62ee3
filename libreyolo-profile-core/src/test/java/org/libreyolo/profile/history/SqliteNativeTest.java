package org.libreyolo.profile.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a SQLite history leaves nothing in the temp directory: the driver's native library is a
 * copy in the user's cache, one per driver version, not a new file per process.
 */
class SqliteNativeTest {
  @TempDir Path dir;

  private static long extractedCopies() throws Exception {
    try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return files.filter(f -> f.getFileName().toString().endsWith("-libsqlitejdbc.so")).count();
    }
  }

  @Test
  void theDriversLibraryIsTheCachedCopyNotATempFile() throws Exception {
    long before = extractedCopies();
    try (History h = History.open("jdbc:sqlite:" + dir.resolve("h.db"))) {
      assertThat(h).isNotNull();
    }
    Path lib =
        Path.of(
            System.getProperty("org.sqlite.lib.path"), System.getProperty("org.sqlite.lib.name"));
    assertThat(lib).isRegularFile();
    assertThat(lib.getParent().getFileName().toString()).matches("sqlite-jdbc-[0-9.]+");
    assertThat(extractedCopies()).as("copies in the temp directory").isEqualTo(before);
  }
}
