package org.libreyolo.profile.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.internal.trace.TraceCopies;

/**
 * The bench sections that run child processes: whole-process readers, the CLI's fixed cost, the
 * gate study.
 */
final class ProcessBenches {
  private final BenchCommand o;
  private final Table table;

  ProcessBenches(BenchCommand options, Table table) {
    this.o = options;
    this.table = table;
  }

  /**
   * Whole process, as a user runs it: {@code ./libreyolo profile summary <trace> --json} on the
   * trace concatenated {@code --copies} times (plain and gzip) and {@code --large-copies} times,
   * each generated in the temp folder and deleted after; wall seconds (median of 3 runs, 1 for the
   * largest) and peak RSS from {@code /usr/bin/time}. Run from the repository root.
   */
  void largeTrace() {
    Path source = o.trace != null ? o.trace : Checkout.path(BenchCommand.DEFAULT_TRACE);
    Path launcher = Checkout.launcher();
    Path time = Path.of("/usr/bin/time");
    if (!Files.isRegularFile(source)
        || !Files.isExecutable(launcher)
        || !Files.isExecutable(time)) {
      table.row(
          "large-trace",
          "skipped",
          "needs the trace, ./libreyolo (repository root) and /usr/bin/time");
      return;
    }
    try {
      Path dir = Files.createTempDirectory("libreyolo-bench-large");
      try {
        Path x = dir.resolve("x" + o.copies + ".json");
        long events = TraceCopies.concatenate(source, o.copies, x);
        String size =
            " ("
                + String.format(Locale.ROOT, "%,d", events)
                + " events, "
                + Table.f(Files.size(x) / 1e6, 0)
                + " MB)";
        double[] plain = wholeProcess(launcher, time, x, 3);
        table.row("summary --json, x" + o.copies + size + ": s", Table.f(plain[0], 2), "<= 0.9");
        table.row("  peak RSS MB", Table.f(plain[1], 0), "<= 256");
        Path gz = dir.resolve(x.getFileName() + ".gz");
        try (OutputStream o =
            new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz), 1 << 16)) {
          Files.copy(x, o);
        }
        double[] zipped = wholeProcess(launcher, time, gz, 3);
        table.row("summary --json, x" + o.copies + ".json.gz: s", Table.f(zipped[0], 2), "");
        table.row("  gz / plain", Table.f(zipped[0] / plain[0], 2), "<= 1.3");
        Files.delete(gz);
        Files.delete(x);
        if (o.largeCopies > 0) {
          Path big = dir.resolve("x" + o.largeCopies + ".json");
          long bigEvents = TraceCopies.concatenate(source, o.largeCopies, big);
          double[] large = wholeProcess(launcher, time, big, 1);
          table.row(
              "summary --json, x"
                  + o.largeCopies
                  + " ("
                  + String.format(Locale.ROOT, "%,d", bigEvents)
                  + " events, "
                  + Table.f(Files.size(big) / 1e9, 2)
                  + " GB): s",
              Table.f(large[0], 2),
              "<= " + Table.f(10 * plain[0], 2) + " (10x the x" + o.copies + ")");
          table.row("  peak RSS MB", Table.f(large[1], 0), "<= 256");
          Files.delete(big);
        }
      } finally {
        try (var files = Files.list(dir)) {
          for (Path p : files.toList()) {
            Files.deleteIfExists(p);
          }
        }
        Files.deleteIfExists(dir);
      }
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot run the large-trace benchmark on " + source + ": " + e.getMessage());
    }
  }

  /** Median wall seconds and largest peak RSS (MB) of {@code runs} whole-process summaries. */
  private static double[] wholeProcess(Path launcher, Path time, Path trace, int runs)
      throws IOException {
    double[] seconds = new double[runs];
    double rss = 0;
    Path report = Files.createTempFile("libreyolo-bench-time", ".txt");
    try {
      // one untimed run first: the page cache, and the launcher's class-data archive if missing
      run(List.of(launcher.toString(), "profile", "summary", trace.toString(), "--json"));
      for (int i = 0; i < runs; i++) {
        run(
            List.of(
                time.toString(),
                "-f",
                "%e %M",
                "-o",
                report.toString(),
                launcher.toString(),
                "profile",
                "summary",
                trace.toString(),
                "--json"));
        String[] v = Files.readString(report).trim().split("\\s+");
        seconds[i] = Double.parseDouble(v[v.length - 2]);
        rss = Math.max(rss, Double.parseDouble(v[v.length - 1]) / 1024);
      }
    } finally {
      Files.deleteIfExists(report);
    }
    return new double[] {Medians.of(seconds), rss};
  }

  private static void run(List<String> command) throws IOException {
    try {
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD);
      builder.environment().remove("LIBREYOLO_JAVA_OPTS"); // as a user runs it, not with
      // libreyolo-profile-bench/bench/run's heap cap
      Process p = builder.start();
      if (p.waitFor() != 0) {
        throw new IOException(String.join(" ", command) + " exited with " + p.exitValue());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted");
    }
  }

  /** JVM start, engine load and model build: a child `model info` run, median of 3. */
  void cliCost() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    double[] ms = new double[3];
    for (int i = 0; i < ms.length; i++) {
      long t0 = System.nanoTime();
      try {
        Process p =
            new ProcessBuilder(
                    java,
                    "-cp",
                    System.getProperty("java.class.path"),
                    "org.libreyolo.profile.cli.Main",
                    "model",
                    "info",
                    "--imgsz",
                    "64")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        p.waitFor();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    table.row("CLI fixed cost ms (JVM+engine+model)", Table.f(Medians.of(ms), 0), "<= 4000");
  }

  /**
   * The gate study (docs/statistics.md): separate-process runs, every other one beside a busy
   * process; A/A comparisons, known slowdowns, and the canary's before/after spread.
   */
  void gateStudy() {
    Path launcher = Checkout.launcher();
    if (o.gateDir == null && !Files.isExecutable(launcher)) {
      table.row("gate study", "skipped", "run from the repository root");
      return;
    }
    try {
      Path dir = o.gateDir != null ? o.gateDir : Files.createTempDirectory("libreyolo-gate-study");
      GateStudy.collect(launcher, dir, o.gateGroups, o.gatePairs);
      GateStudy.collectInJobAa(launcher, dir, o.gateAbRuns, 256);
      table.row("gate study runs", dir.toString(), "judge again: --gate-dir, counts 0");
      GateStudy.Spread s = GateStudy.spread(dir);
      table.row(
          "run-to-run spread of mean log block time, " + s.runs() + " runs",
          "step "
              + Table.f(100 * s.raw(), 1)
              + "%, canary-normalised "
              + Table.f(100 * s.normalised(), 1)
              + "%",
          "normalised < step");
      table.row(
          "  forks' own SE / remaining noise between runs",
          Table.f(100 * s.withinSe(), 1) + "% / " + Table.f(100 * s.processNoise(), 1) + "%",
          "processNoise " + Defaults.Gate.PROCESS_NOISE);
      table.row(
          "spread between the forks of a run (median)",
          "step "
              + Table.f(100 * s.forkRaw(), 1)
              + "%, canary-normalised "
              + Table.f(100 * s.forkNormalised(), 1)
              + "%",
          "normalised < step");
      for (double threshold : new double[] {Defaults.Gate.MAX_REGRESSION_VALUE, 0.10, 0.15}) {
        GateOptions options = GateOptions.builder().maxRegression(threshold).build();
        List<GateStudy.Counts> counts = new java.util.ArrayList<>(GateStudy.aa(dir, options));
        counts.addAll(GateStudy.regressions(dir, options));
        if (threshold != Defaults.Gate.MAX_REGRESSION_VALUE) {
          // other thresholds change only the timing rows: the counters are exact at any threshold
          counts.removeIf(
              c -> !c.mode().startsWith("A/A stored") && !c.mode().endsWith("timing alone"));
        }
        for (GateStudy.Counts c : counts) {
          double[] ci = c.flaggedInterval();
          table.row(
              "threshold "
                  + Table.f(100 * threshold, 0)
                  + "%: "
                  + c.mode()
                  + ", "
                  + c.runs()
                  + " runs",
              c.flagged()
                  + " REGRESSION [95% CI "
                  + Table.f(100 * ci[0], 0)
                  + "-"
                  + Table.f(100 * ci[1], 0)
                  + "%], "
                  + c.inconclusive()
                  + " INCONCLUSIVE, "
                  + c.passes()
                  + " PASS ("
                  + c.sentinel()
                  + " by the sentinel)",
              c.mode().startsWith("A/A") ? "0 REGRESSION" : "flagged");
        }
      }
      GateOptions gate = GateOptions.defaults();
      for (double slower : new double[] {0, 0.07, 0.10}) {
        GateStudy.Counts h =
            GateStudy.historyReplay(dir, slower, Defaults.History.GATE_RUNS_VALUE, 20, gate);
        double[] ci = h.flaggedInterval();
        table.row(
            h.mode() + ", " + h.runs() + " runs",
            h.flagged()
                + " REGRESSION [95% CI "
                + Table.f(100 * ci[0], 0)
                + "-"
                + Table.f(100 * ci[1], 0)
                + "%], "
                + h.inconclusive()
                + " INCONCLUSIVE, "
                + h.passes()
                + " PASS",
            slower == 0 ? "0 REGRESSION" : slower < 0.1 ? ">= 80% flagged" : ">= 95% flagged");
      }
      GateStudy.Counts ab = AbStudy.inJobAa(dir);
      double[] abCi = ab.flaggedInterval();
      table.row(
          ab.mode() + ", " + ab.runs() + " runs",
          ab.flagged()
              + " REGRESSION [95% CI "
              + Table.f(100 * abCi[0], 0)
              + "-"
              + Table.f(100 * abCi[1], 0)
              + "%], "
              + ab.inconclusive()
              + " INCONCLUSIVE",
          "0 REGRESSION");
      if (o.gateAbPower > 0) {
        AbStudy.AbDetection d = AbStudy.abDetection(dir, o.gateAbPower, 256, o.gateExtraPercent);
        double[] ci = d.counts().flaggedInterval();
        table.row(
            "in-job A/B vs +"
                + Table.f(100 * d.medianChange(), 1)
                + "% (fixed extra work, "
                + Table.f(o.gateExtraPercent, 0)
                + "% nominal), "
                + d.counts().runs()
                + " jobs",
            d.counts().flagged()
                + " REGRESSION [95% CI "
                + Table.f(100 * ci[0], 0)
                + "-"
                + Table.f(100 * ci[1], 0)
                + "%], "
                + d.counts().inconclusive()
                + " INCONCLUSIVE",
            ">= 80% flagged");
        table.row("  seconds per A/B job (median)", Table.f(d.medianSeconds(), 1), "<= 60");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
