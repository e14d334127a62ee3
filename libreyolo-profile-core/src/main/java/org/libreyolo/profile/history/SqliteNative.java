package org.libreyolo.profile.history;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Where the SQLite driver finds its native library. By default sqlite-jdbc copies it into the temp
 * directory under a new name in every process and deletes the copy at exit only if the JVM exits
 * through its shutdown hooks: a test JVM that Surefire halts leaves one {@code .so} and its {@code
 * .lck} per run (one per {@code mvn verify} of this project). Here it is copied once per driver
 * version into the user's cache and named to the driver ({@code org.sqlite.lib.path}), so no run
 * leaves a file behind. Only on glibc Linux x86_64, the platform this tool supports, and only when
 * nobody chose a path already; anywhere else the driver does as it always does.
 */
final class SqliteNative {
  private SqliteNative() {}

  private static final String RESOURCE = "org/sqlite/native/Linux/x86_64/libsqlitejdbc.so";
  private static final String VERSION = "META-INF/maven/org.xerial/sqlite-jdbc/VERSION";
  private static final String LIB_PATH = "org.sqlite.lib.path";
  private static final String LIB_NAME = "org.sqlite.lib.name";

  /** Points the driver at the cached copy (once per JVM; failures leave the driver's default). */
  static synchronized void useCachedCopy() {
    if (System.getProperty(LIB_PATH) != null || !glibcLinuxX64()) {
      return;
    }
    ClassLoader loader = SqliteNative.class.getClassLoader();
    try (InputStream version = loader.getResourceAsStream(VERSION)) {
      if (version == null || loader.getResource(RESOURCE) == null) {
        return;
      }
      String v = new String(version.readAllBytes(), StandardCharsets.US_ASCII).strip();
      v = v.substring(v.indexOf('=') + 1).strip(); // "version=3.53.4"
      Path dir =
          Path.of(
              System.getProperty("user.home"), ".cache", "libreyolo-profile", "sqlite-jdbc-" + v);
      Path lib = dir.resolve("libsqlitejdbc.so");
      if (!Files.isRegularFile(lib)) {
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".libsqlitejdbc-", ".part");
        try (InputStream in = loader.getResourceAsStream(RESOURCE)) {
          Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
          // whole or not at all: a second JVM copying at once finds one complete file
          Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
          Files.deleteIfExists(tmp);
        }
      }
      System.setProperty(LIB_PATH, dir.toString());
      System.setProperty(LIB_NAME, lib.getFileName().toString());
    } catch (IOException | RuntimeException e) {
      // an unwritable home or cache: the driver extracts to the temp directory as it always did
    }
  }

  private static boolean glibcLinuxX64() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    return os.contains("linux")
        && (arch.equals("amd64") || arch.equals("x86_64"))
        && !Files.exists(Path.of("/lib/ld-musl-x86_64.so.1"));
  }
}
