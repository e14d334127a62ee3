package org.libreyolo.profile.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.libreyolo.profile.history.History;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.history.Run;
import org.libreyolo.profile.result.Metric;

/**
 * Start-up, whole process, as a user meets it (issue: at most as slow as Otava's detector as a
 * whole process on the same series): a reader on a small profile and {@code profile history
 * changes} on a 10,000-run series through the launcher, beside the floors they stand on (a bare
 * JVM; the same reader without the launcher's class-data archive and C1-only JIT) and, given {@code
 * --otava}, Otava's detector on the same series and Python importing what it needs. All arms
 * interleaved, round by round; medians. Where the reader's start goes: classes loaded, and how many
 * of them came from the archive.
 */
final class StartupBench {
  static final int ROUNDS = 7;
  static final int RUNS = 10_000;

  private StartupBench() {}

  static void run(Table table, Path launcher, Path otava) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("libreyolo-startup-bench");
    Path profile = smallProfile(launcher, dir);
    String url = "jdbc:sqlite:" + dir.resolve("history.db");
    fill(url);
    Path csv = dir.resolve("series.csv");
    HistoryCommands.export(url, "startup", csv);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String cp = classPath();
    Map<String, List<String>> arms = new LinkedHashMap<>();
    arms.put("bare JVM (java -Xshare:auto -version)", List.of(java, "-Xshare:auto", "-version"));
    arms.put(
        "profile summary, small profile (./libreyolo: class-data archive, C1)",
        List.of(launcher.toString(), "profile", "summary", profile.toString()));
    arms.put(
        "  the same, plain java (no archive, default JIT)",
        List.of(
            java,
            "-Dlibreyolo.home=" + Checkout.root(),
            "-cp",
            cp,
            "org.libreyolo.profile.cli.Main",
            "profile",
            "summary",
            profile.toString()));
    arms.put(
        "profile history changes, 10,000 runs (./libreyolo, SQLite)",
        List.of(
            launcher.toString(),
            "profile",
            "history",
            "changes",
            "--series",
            "startup",
            "--history",
            url));
    if (otava != null) {
      arms.put(
          "Otava's detector on the same series (python3, its own code)", otavaCommand(otava, csv));
      arms.put(
          "  Python importing numpy and scipy.stats (Otava's floor)",
          List.of("python3", "-c", "import numpy, scipy.stats"));
    }
    Map<String, double[]> seconds = new LinkedHashMap<>();
    arms.keySet().forEach(k -> seconds.put(k, new double[ROUNDS]));
    for (int round = 0; round < ROUNDS; round++) {
      for (Map.Entry<String, List<String>> arm : arms.entrySet()) {
        seconds.get(arm.getKey())[round] = timed(arm.getValue());
      }
    }
    seconds.forEach(
        (name, s) ->
            table.row(
                "start-up: " + name + ", median of " + ROUNDS + " interleaved",
                Table.f(Medians.of(s), 2) + " s",
                target(name)));
    table.row(
        "start-up: classes the reader loads (from the archive)",
        classesLoaded(launcher, profile),
        "");
  }

  private static String target(String arm) {
    return arm.startsWith("profile ") && !arm.startsWith("  ") ? "<= Otava's detector" : "";
  }

  /** A real profile of a few runs at 64 px: what a reader meets after {@code profile infer}. */
  private static Path smallProfile(Path launcher, Path dir)
      throws IOException, InterruptedException {
    Path project = dir.resolve("infer");
    Process p =
        new ProcessBuilder(
                launcher.toString(),
                "profile",
                "infer",
                "--device",
                "cpu",
                "--imgsz",
                "64",
                "--warmup",
                "1",
                "--runs",
                "3",
                "--threads",
                "1",
                "--project",
                project.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes());
    Path profile = project.resolve("infer").resolve("profile.json");
    if (p.waitFor() != 0 || !Files.isRegularFile(profile)) {
      throw new IOException("profile infer failed: " + out.strip());
    }
    return profile;
  }

  /** One series of 10,000 runs with a +5% step half way, as the history bench's. */
  private static void fill(String url) {
    SplittableRandom r = new SplittableRandom(20261204L);
    List<Run> runs = new ArrayList<>(RUNS);
    for (int i = 0; i < RUNS; i++) {
      double value = 2.0 * (i < RUNS / 2 ? 1 : 1.05) * (1 + 0.02 * (r.nextDouble() - 0.5));
      runs.add(
          new Run(
              Instant.ofEpochSecond(1_600_000_000L + 600L * i),
              "c" + i,
              "main",
              Map.of(),
              Map.of(Metric.STEP_VS_CANARY.key(), value),
              Map.of()));
    }
    try (History h = History.open(url)) {
      h.record("startup", Map.of("cpu", "bench", "threads", "1"), runs);
    }
  }

  private static List<String> otavaCommand(Path otava, Path csv) {
    OtavaProcess.check(otava);
    return List.of(
        "python3",
        Checkout.path(OtavaProcess.DRIVER).toString(),
        otava.toString(),
        "csv",
        csv.toString(),
        Metric.STEP_VS_CANARY.key());
  }

  /** The CLI jar and its libraries, as the launcher builds them. */
  private static String classPath() throws IOException {
    Path target = Checkout.path("libreyolo-profile-cli/target");
    try (var jars = Files.list(target)) {
      String cli =
          jars.map(Path::toString)
              .filter(
                  n ->
                      n.endsWith(".jar")
                          && n.contains("libreyolo-profile-cli-")
                          && !n.endsWith("-tests.jar"))
              .findFirst()
              .orElseThrow(
                  () -> new IOException("no CLI jar under " + target + ": run ./libreyolo once"));
      return cli + ":" + target.resolve("lib") + "/*";
    }
  }

  private static double timed(List<String> command) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    int code = p.waitFor();
    if (code != 0) {
      throw new IOException(String.join(" ", command) + " exited " + code);
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  /**
   * The reader's class loading, read from the JVM's own log: all classes, and those the archive
   * served.
   */
  private static String classesLoaded(Path launcher, Path profile)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile("libreyolo-classes", ".log");
    ProcessBuilder b =
        new ProcessBuilder(launcher.toString(), "profile", "summary", profile.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD);
    b.environment().put("LIBREYOLO_JAVA_OPTS", "-Xlog:class+load=info:file=" + log);
    b.start().waitFor();
    List<String> lines = Files.readAllLines(log);
    Files.deleteIfExists(log);
    long shared = lines.stream().filter(l -> l.contains("shared objects file")).count();
    return String.format(java.util.Locale.ROOT, "%,d (%,d from the archive)", lines.size(), shared);
  }
}
