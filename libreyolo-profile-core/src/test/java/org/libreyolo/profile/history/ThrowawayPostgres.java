package org.libreyolo.profile.history;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real PostgreSQL server for the store's tests: the one {@code .ci/run} started ({@code
 * LIBREYOLO_TEST_POSTGRES_URL}), else one started here from Debian's binaries (initdb into a temp
 * dir, pg_ctl on a free localhost port, stopped when the JVM exits), else the test is skipped,
 * saying why.
 */
final class ThrowawayPostgres {
  static final String VARIABLE = "LIBREYOLO_TEST_POSTGRES_URL";
  private static String url;
  private static String skipped;
  private static int databases;

  private ThrowawayPostgres() {}

  /** A fresh, empty database on the server: each test gets its own. */
  static synchronized String freshDatabase() {
    String server = server();
    String name = "t" + ProcessHandle.current().pid() + "_" + (++databases);
    try (var c = java.sql.DriverManager.getConnection(server);
        var s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException(
          "cannot create a test database on " + server + ": " + e.getMessage(), e);
    }
    return server.replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1");
  }

  private static String server() {
    if (url == null && skipped == null) {
      String given = System.getenv(VARIABLE);
      if (given != null && !given.isBlank()) {
        url = given;
      } else {
        try {
          url = start();
        } catch (IOException | InterruptedException | RuntimeException e) {
          skipped =
              "no PostgreSQL for the store's tests: set "
                  + VARIABLE
                  + " or install PostgreSQL's binaries ("
                  + e.getMessage()
                  + ")";
        }
      }
    }
    assumeTrue(url != null, skipped);
    return url;
  }

  private static String start() throws IOException, InterruptedException {
    Path bin = binaries();
    Path dir = Files.createTempDirectory("libreyolo-pg");
    Path data = dir.resolve("data");
    boolean root = "root".equals(System.getProperty("user.name"));
    if (root) { // initdb refuses root: the data directory belongs to the postgres user
      exec(List.of("chown", "postgres", dir.toString()), root);
    }
    exec(
        List.of(
            bin.resolve("initdb").toString(),
            "-D",
            data.toString(),
            "-A",
            "trust",
            "-U",
            "libreyolo",
            "--no-sync"),
        root);
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    exec(
        List.of(
            bin.resolve("pg_ctl").toString(),
            "-D",
            data.toString(),
            "-l",
            dir.resolve("log").toString(),
            "-w",
            "-o",
            "-p " + port + " -k " + dir + " -c listen_addresses=localhost -c fsync=off",
            "start"),
        root);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    exec(
                        List.of(
                            bin.resolve("pg_ctl").toString(),
                            "-D",
                            data.toString(),
                            "-m",
                            "immediate",
                            "stop"),
                        root);
                    try (var files = Files.walk(dir)) {
                      files
                          .sorted(java.util.Comparator.reverseOrder())
                          .forEach(f -> f.toFile().delete());
                    }
                  } catch (IOException | InterruptedException e) {
                    // the temp dir stays; the server dies with the machine
                  }
                }));
    return "jdbc:postgresql://localhost:" + port + "/postgres?user=libreyolo";
  }

  private static Path binaries() {
    for (String candidate :
        new String[] {
          "/usr/lib/postgresql/15/bin",
          "/usr/lib/postgresql/16/bin",
          "/usr/lib/postgresql/17/bin",
          "/usr/local/bin",
          "/usr/bin"
        }) {
      if (Files.isExecutable(Path.of(candidate, "initdb"))
          && Files.isExecutable(Path.of(candidate, "pg_ctl"))) {
        return Path.of(candidate);
      }
    }
    throw new IllegalStateException("initdb and pg_ctl not found");
  }

  private static void exec(List<String> command, boolean asPostgres)
      throws IOException, InterruptedException {
    List<String> full = new ArrayList<>();
    if (asPostgres && !command.get(0).equals("chown")) {
      full.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    full.addAll(command);
    Process p = new ProcessBuilder(full).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException(String.join(" ", full) + " failed: " + out.strip());
    }
  }
}
