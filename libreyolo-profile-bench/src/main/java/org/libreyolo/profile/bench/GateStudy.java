package org.libreyolo.profile.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.libreyolo.profile.compare.Gate;
import org.libreyolo.profile.compare.GateOptions;
import org.libreyolo.profile.compare.Verdict;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.python.PyJson;

/**
 * The gate measured the way CI uses it: every measurement its own JVM ({@code ./libreyolo}),
 * minutes apart, some while another thread keeps a core busy. A/A only (the same build every
 * time), so every REGRESSION is a false alarm; the rates come with Wilson 95% intervals.
 */
public final class GateStudy {
  private GateStudy() {}

  /** Verdict counts of one mode over {@code runs} A/A comparisons. */
  public record Counts(String mode, int runs, int regressions, int inconclusive, int passes) {
    /** Wilson 95% interval of the false-alarm rate. */
    public double[] falseAlarmInterval() {
      return wilson(regressions, runs);
    }
  }

  /**
   * Stored-baseline {@code check}: run 0 is the baseline; runs 1..n are judged against it, the
   * odd ones with a busy thread. Also returns the op-count verdicts of the same comparisons.
   */
  public static List<Counts> stored(Path launcher, Path dir, int runs, int imgsz) throws IOException {
    Path baseline = infer(launcher, dir.resolve("r0"), imgsz, false);
    int[] timing = new int[3];
    int[] ops = new int[3];
    for (int i = 1; i <= runs; i++) {
      Path current = infer(launcher, dir.resolve("r" + i), imgsz, i % 2 == 1);
      Gate.Result r = GateRun.judge(baseline, current, GateOptions.defaults());
      count(timing, r.verdict());
      count(ops, r.opCounts().verdict());
    }
    return List.of(new Counts("stored-baseline check (timing + counts)", runs, timing[0], timing[1], timing[2]),
        new Counts("op counts alone", runs, ops[0], ops[1], ops[2]));
  }

  /** In-job A/B with the same weights on both sides, the odd runs with a busy thread. */
  public static Counts inJobAa(Path launcher, Path dir, int runs, int imgsz) throws IOException {
    int[] verdicts = new int[3];
    for (int i = 0; i < runs; i++) {
      Path project = dir.resolve("ab" + i);
      process(launcher, i % 2 == 1, List.of("profile", "ab", "--baseline-weights", "LibreYOLO9t.pt", "--weights",
          "LibreYOLO9t.pt", "--device", "cpu", "--threads", "1", "--imgsz", Integer.toString(imgsz), "--project",
          project.toString()));
      JsonNode ab = PyJson.MAPPER.readTree(project.resolve("ab.json").toFile());
      count(verdicts, Verdict.valueOf(ab.get("verdict").asText()));
    }
    return new Counts("in-job A/B (profile ab)", runs, verdicts[0], verdicts[1], verdicts[2]);
  }

  private static Path infer(Path launcher, Path project, int imgsz, boolean hog) throws IOException {
    process(launcher, hog, List.of("profile", "infer", "--device", "cpu", "--threads", "1", "--warmup", "10", "--runs",
        "50", "--imgsz", Integer.toString(imgsz), "--project", project.toString()));
    return project.resolve("infer").resolve("profile.json");
  }

  /** Runs the launcher in its own process; with {@code hog}, a thread here spins while it runs. */
  private static void process(Path launcher, boolean hog, List<String> args) throws IOException {
    AtomicBoolean done = new AtomicBoolean();
    if (hog) {
      Thread spinner = new Thread(() -> {
        while (!done.get()) {
          Thread.onSpinWait();
        }
      }, "gate-study-hog");
      spinner.setDaemon(true);
      spinner.start();
    }
    List<String> command = new ArrayList<>();
    command.add(launcher.toString());
    command.addAll(args);
    Path log = Files.createTempFile("libreyolo-gate-study", ".log");
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      int code = p.waitFor();
      if (code != 0 && code != GateRun.REGRESSION_EXIT_CODE) {
        throw new IOException(String.join(" ", command) + " exited " + code + ": " + Files.readString(log).strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } finally {
      done.set(true);
      Files.deleteIfExists(log);
    }
  }

  private static void count(int[] counts, Verdict v) {
    counts[v == Verdict.REGRESSION ? 0 : v == Verdict.INCONCLUSIVE ? 1 : 2]++;
  }

  /** Wilson score interval at 95% for k successes in n trials. */
  static double[] wilson(int k, int n) {
    if (n == 0) {
      return new double[] {0, 1};
    }
    double z = 1.959963984540054;
    double p = (double) k / n;
    double denominator = 1 + z * z / n;
    double centre = (p + z * z / (2 * n)) / denominator;
    double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / denominator;
    return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
  }
}
