package org.libreyolo.profile.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.history.History;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.history.HistoryGate;
import org.libreyolo.profile.history.Point;
import org.libreyolo.profile.history.Run;
import org.libreyolo.profile.history.Series;
import org.libreyolo.profile.result.Metric;

/**
 * The store at the size of a fleet's history: 50 series of 10,000 runs each (every run its
 * canary-normalised value, its 10 forks' values and its step time) in a SQLite file; the query the
 * gate makes (one series by name and testbed, its last runs on main) timed on an open store, and
 * {@code profile history changes} on a 10,000-run series timed as a whole process (beside Apache
 * Otava's own detector on the same series, given {@code --otava}).
 */
final class HistoryBench {
  static final int SERIES = 50;
  static final int RUNS = 10_000;

  private HistoryBench() {}

  static void run(Table table, Path launcher, Path otava) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("libreyolo-history-bench");
    String url = "jdbc:sqlite:" + dir.resolve("history.db");
    SplittableRandom r = new SplittableRandom(20261203L);
    long t0 = System.nanoTime();
    try (History h = History.open(url)) {
      for (int s = 0; s < SERIES; s++) {
        List<Run> runs = new ArrayList<>(RUNS);
        for (int i = 0; i < RUNS; i++) {
          double level = 2.0 * (i < RUNS / 2 ? 1 : 1.05);
          double[] forks = new double[10];
          double log = 0;
          for (int k = 0; k < forks.length; k++) {
            forks[k] = level * (1 + 0.05 * (r.nextDouble() - 0.5));
            log += Math.log(forks[k]) / forks.length;
          }
          runs.add(
              new Run(
                  Instant.ofEpochSecond(1_600_000_000L + 600L * i),
                  "c" + i,
                  i % 7 == 0 ? "pr" : "main",
                  Map.of(),
                  Map.of(
                      Metric.STEP_VS_CANARY.key(),
                      Math.exp(log),
                      Metric.STEP_MS.key(),
                      40 * Math.exp(log)),
                  Map.of(Metric.STEP_VS_CANARY.key(), forks)));
        }
        h.record("bench-" + s, Map.of("cpu", "bench", "threads", "1"), runs);
      }
    }
    double fill = (System.nanoTime() - t0) / 1e9;
    table.row(
        "history: fill "
            + SERIES
            + " x "
            + String.format(Locale.ROOT, "%,d", RUNS)
            + " runs (10 forks each)",
        Table.f(fill, 1) + " s, " + (Files.size(dir.resolve("history.db")) >> 20) + " MiB",
        "");
    GateOptions options = GateOptions.defaults();
    double[] ms = new double[50];
    try (History h = History.open(url)) {
      for (int k = 0; k < ms.length + 5; k++) {
        long q0 = System.nanoTime();
        Series s = h.series("bench-" + (k % SERIES), Map.of("cpu", "bench", "threads", "1"));
        List<Point> recent = h.points(s, Metric.STEP_VS_CANARY.key(), "main", 120);
        HistoryGate.against(recent.subList(recent.size() - 30, recent.size()), 2.1, options);
        if (k >= 5) {
          ms[k - 5] = (System.nanoTime() - q0) / 1e6;
        }
      }
    }
    table.row(
        "history: the gate's query (series, last 120 runs on main, judged), median of 50",
        Table.f(Medians.of(ms), 2) + " ms",
        "<= 50 ms");
    // the same series through both whole processes, interleaved: ours, then Otava's detector on
    // the series as `profile history export` writes it (Otava's CSV layout)
    Path csv = dir.resolve("bench-0.csv");
    if (otava != null) {
      HistoryCommands.export(url, "bench-0", csv);
    }
    double[] whole = new double[5];
    double[] otavaWhole = new double[whole.length];
    String out = "";
    String otavaOut = "";
    for (int k = 0; k < whole.length; k++) {
      long p0 = System.nanoTime();
      Process p =
          new ProcessBuilder(
                  launcher.toString(),
                  "profile",
                  "history",
                  "changes",
                  "--series",
                  "bench-0",
                  "--history",
                  url)
              .redirectErrorStream(true)
              .start();
      out = new String(p.getInputStream().readAllBytes());
      p.waitFor();
      whole[k] = (System.nanoTime() - p0) / 1e9;
      if (otava != null) {
        long o0 = System.nanoTime();
        otavaOut = OtavaProcess.run(otava, "csv", csv.toString(), Metric.STEP_VS_CANARY.key());
        otavaWhole[k] = (System.nanoTime() - o0) / 1e9;
      }
    }
    table.row(
        "history: profile history changes, 10,000 runs, whole process (median of 5)",
        Table.f(Medians.of(whole), 2)
            + " s, "
            + out.lines().findFirst().orElse("").replaceAll(".*: ", ""),
        "<= 1.0 s");
    if (otava != null) {
      table.row(
          "history: Otava "
              + OtavaProcess.version(otava)
              + "'s detector on the same series, whole process"
              + " (median of 5, interleaved)",
          Table.f(Medians.of(otavaWhole), 2) + " s, " + otavaOut.strip(),
          "ours no slower");
    }
  }
}
