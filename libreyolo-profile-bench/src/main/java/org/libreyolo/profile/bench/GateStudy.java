package org.libreyolo.profile.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.commons.math3.stat.StatUtils;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.internal.fork.Forks;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.SampleRows.Blocks;

/**
 * The gate measured the way CI uses it (docs/statistics.md, "The gate study"): every measurement
 * its own JVM ({@code ./libreyolo}), one after another, every other one while another process keeps
 * a core busy. {@link #collect} writes the runs under one directory; {@link #judge} reads them
 * back, so a study can be judged again under other settings without measuring again.
 *
 * <ul>
 *   <li>{@code aa/g<G>/r<I>}: A/A groups of {@value #GROUP} runs at 256x256: r0 is the baseline,
 *       r1.. are judged against it, so every REGRESSION is a false alarm;
 *   <li>{@code reg<B>-<C>/p<P>/base|cur}: known slowdowns with the same op sequence: the same model
 *       on a wider input (the input's size is the only knob that adds work without adding ops:
 *       256x320 -> 256x352 is +10% convolution work, 256x448 -> 256x480 +7.1%). The study judges
 *       them as one workload (the size is removed from both sides' config).
 * </ul>
 *
 * Every measurement is {@code profile infer} with the gate's default forks, warmup and runs at 1
 * thread: the gate as a build uses it.
 */
public final class GateStudy {
  static final int GROUP = 9;

  /**
   * The known slowdowns, as input shapes: +10% (256x320 -> 256x352) and +7.1% (256x448 -> 256x480)
   * pixels.
   */
  static final String[][] REGRESSIONS = {
    {"1x3x256x320", "1x3x256x352"}, {"1x3x256x448", "1x3x256x480"}
  };

  static final String AA_SHAPE = "1x3x256x256";

  private GateStudy() {}

  /**
   * Verdict counts of one mode; {@code flagged} counts REGRESSION, {@code sentinel} the
   * INCONCLUSIVE verdicts the noise sentinel gave (the canary moved too much).
   */
  public record Counts(
      String mode, int runs, int flagged, int inconclusive, int passes, int sentinel) {
    Counts(String mode, int runs, int flagged, int inconclusive, int passes) {
      this(mode, runs, flagged, inconclusive, passes, 0);
    }

    public double[] flaggedInterval() {
      return StudyStatistics.wilson(flagged, runs);
    }
  }

  /**
   * Spread of one run's mean log block time across processes: the step alone and canary-normalised.
   */
  /**
   * Spread of one run's mean log block time across runs (separate jobs): the step alone and
   * canary-normalised, the forks' own standard error inside a run, the process noise left between
   * runs; and the median spread between the forks of one run, the step alone and normalised.
   */
  public record Spread(
      int runs,
      double raw,
      double normalised,
      double withinSe,
      double processNoise,
      double forkRaw,
      double forkNormalised) {}

  /**
   * Measures {@code groups} A/A groups and {@code pairs} pairs per known slowdown under {@code
   * dir}.
   */
  public static void collect(Path launcher, Path dir, int groups, int pairs) throws IOException {
    int k = 0;
    for (int g = 0; g < groups; g++) {
      for (int i = 0; i < GROUP; i++) {
        infer(launcher, dir.resolve("aa/g" + g + "/r" + i), AA_SHAPE, k++ % 2 == 1);
      }
    }
    for (String[] r : REGRESSIONS) {
      for (int p = 0; p < pairs; p++) {
        Path pair = dir.resolve(arm(r) + "/p" + p);
        // the busy process sits beside the current in even pairs, beside the baseline in odd ones
        infer(launcher, pair.resolve("base"), r[0], p % 2 == 1);
        infer(launcher, pair.resolve("cur"), r[1], p % 2 == 0);
      }
    }
  }

  /**
   * The A/A comparisons of {@code dir}: the stored-baseline timing verdicts and the op-count
   * verdicts.
   */
  public static List<Counts> aa(Path dir, GateOptions options) throws IOException {
    int[] timing = new int[3];
    int[] ops = new int[3];
    int n = 0;
    int sentinel = 0;
    for (Path group : list(dir.resolve("aa"))) {
      Profile baseline = load(group.resolve("r0"));
      for (int i = 1; i < GROUP; i++) {
        Path run = group.resolve("r" + i);
        if (Files.isRegularFile(profileOf(run))) {
          Gate.Result r = Gate.check(baseline, load(run), options);
          StudyStatistics.count(timing, r.verdict());
          StudyStatistics.count(ops, r.opCounts().verdict());
          sentinel += r.unstableMachine() != null ? 1 : 0;
          n++;
        }
      }
    }
    return List.of(
        new Counts("A/A stored-baseline check", n, timing[0], timing[1], timing[2], sentinel),
        new Counts("A/A op counts alone", n, ops[0], ops[1], ops[2]));
  }

  /** Detection of each known slowdown; the mode names its measured size (median step ratio). */
  public static List<Counts> regressions(Path dir, GateOptions options) throws IOException {
    List<Counts> out = new ArrayList<>();
    for (String[] size : REGRESSIONS) {
      Path arm = dir.resolve(arm(size));
      if (!Files.isDirectory(arm)) {
        continue;
      }
      int[] verdicts = new int[3];
      int[] timing = new int[3];
      int[] counters = new int[3];
      int sentinel = 0;
      List<Double> ratios = new ArrayList<>();
      for (Path pair : list(arm)) {
        if (!Files.isRegularFile(profileOf(pair.resolve("cur")))) {
          continue;
        }
        Profile base = sameWorkload(load(pair.resolve("base")));
        Profile cur = sameWorkload(load(pair.resolve("cur")));
        Gate.Result r = Gate.check(base, cur, options);
        StudyStatistics.count(verdicts, r.verdict());
        StudyStatistics.count(timing, r.timingVerdict());
        StudyStatistics.count(counters, r.opCounts().verdict());
        sentinel += r.unstableMachine() != null ? 1 : 0;
        ratios.add(1 + r.timing().rawChange());
      }
      double measured = Medians.of(ratios.stream().mapToDouble(Double::doubleValue).toArray()) - 1;
      String name =
          String.format(
              java.util.Locale.ROOT,
              "input %s -> %s (step %+.1f%%)",
              size[0],
              size[1],
              100 * measured);
      out.add(new Counts(name, ratios.size(), verdicts[0], verdicts[1], verdicts[2], sentinel));
      out.add(
          new Counts(
              name + ", timing alone", ratios.size(), timing[0], timing[1], timing[2], sentinel));
      out.add(
          new Counts(
              name + ", counters alone", ratios.size(), counters[0], counters[1], counters[2]));
    }
    return out;
  }

  /**
   * The before/after evidence for the canary: the spread of a run's mean log block time across the
   * A/A runs, of the step alone and normalised by the canary, and the process noise that remains
   * after the blocks' own spread is taken out (what {@code processNoise} should be).
   */
  public static Spread spread(Path dir) throws IOException {
    List<double[]> runs =
        new ArrayList<>(); // {mean log step, mean log normalised, se of the normalised mean}
    List<Double> forkRaw = new ArrayList<>();
    List<Double> forkNorm = new ArrayList<>();
    for (Path group : list(dir.resolve("aa"))) {
      for (Path run : list(group)) {
        if (!Files.isRegularFile(profileOf(run))) {
          continue;
        }
        List<Blocks> processes = load(run).samples().processes();
        double[] raw = new double[processes.size()];
        double[] norm = new double[processes.size()];
        for (int k = 0; k < processes.size(); k++) {
          Blocks b = processes.get(k);
          for (int i = 0; i < b.stepMs().length; i++) {
            raw[k] += Math.log(b.stepMs()[i]) / b.stepMs().length;
            norm[k] += (Math.log(b.stepMs()[i]) - Math.log(b.canaryMs()[i])) / b.stepMs().length;
          }
        }
        if (raw.length
            > 1) { // the spread between the forks of one run, with and without the canary
          forkRaw.add(Math.sqrt(StatUtils.variance(raw)));
          forkNorm.add(Math.sqrt(StatUtils.variance(norm)));
        }
        runs.add(
            new double[] {
              StatUtils.mean(raw),
              StatUtils.mean(norm),
              raw.length > 1 ? Math.sqrt(StatUtils.variance(norm) / norm.length) : 0
            });
      }
    }
    double[] raw = runs.stream().mapToDouble(r -> r[0]).toArray();
    double[] norm = runs.stream().mapToDouble(r -> r[1]).toArray();
    double withinVar = runs.stream().mapToDouble(r -> r[2] * r[2]).average().orElse(0);
    double between = Math.sqrt(Math.max(0, StatUtils.variance(norm) - withinVar));
    return new Spread(
        runs.size(),
        Math.sqrt(StatUtils.variance(raw)),
        Math.sqrt(StatUtils.variance(norm)),
        Math.sqrt(withinVar),
        between,
        Medians.of(forkRaw),
        Medians.of(forkNorm));
  }

  /**
   * The gate against history, replayed on the A/A runs in the order they ran: each run from the
   * {@code minRuns}-th on is judged against the (at most) {@code window} runs before it, as it ran
   * (A/A: every REGRESSION is a false alarm) and with its step made {@code slower} (its
   * canary-normalised value times 1 + slower: the same op sequence, more time; the machine's noise
   * is the real one of those jobs).
   */
  public static Counts historyReplay(
      Path dir, double slower, int window, int minRuns, GateOptions options) throws IOException {
    List<Double> values = new ArrayList<>();
    for (Path group : list(dir.resolve("aa"))) {
      for (int i = 0; i < GROUP; i++) {
        Path run = group.resolve("r" + i);
        if (Files.isRegularFile(profileOf(run))) {
          values.add(
              org.libreyolo.profile.history.History.run(
                      load(run), null, null, java.time.Instant.now())
                  .metrics()
                  .get(Metric.STEP_VS_CANARY.key()));
        }
      }
    }
    int[] v = new int[3];
    int n = 0;
    for (int i = minRuns; i < values.size(); i++) {
      List<org.libreyolo.profile.history.Point> before = new ArrayList<>();
      for (int k = Math.max(0, i - window); k < i; k++) {
        before.add(
            new org.libreyolo.profile.history.Point(
                java.time.Instant.ofEpochSecond(k), null, "main", values.get(k)));
      }
      StudyStatistics.count(
          v,
          org.libreyolo.profile.history.HistoryGate.against(
                  before, values.get(i) * (1 + slower), options)
              .verdict());
      n++;
    }
    String mode =
        slower == 0
            ? "A/A against history"
            : "+" + Math.round(100 * slower) + "% against history (replayed)";
    return new Counts(mode, n, v[0], v[1], v[2]);
  }

  /**
   * Measures {@code runs} more in-job A/B A/A jobs ({@code profile ab} with the same weights on
   * both sides, each its own JVM, every other one beside a busy process) under {@code dir/ab}.
   */
  public static void collectInJobAa(Path launcher, Path dir, int runs, int imgsz)
      throws IOException {
    int first = list(dir.resolve("ab")).size();
    for (int i = first; i < first + runs; i++) {
      process(
          launcher,
          i % 2 == 1,
          List.of(
              "profile",
              "ab",
              "--baseline-weights",
              "LibreYOLO9t.pt",
              "--weights",
              "LibreYOLO9t.pt",
              "--device",
              "cpu",
              "--threads",
              "1",
              "--imgsz",
              Integer.toString(imgsz),
              "--project",
              dir.resolve("ab/r" + i).toString()));
    }
  }

  private static void infer(Path launcher, Path project, String inputShape, boolean busy)
      throws IOException {
    if (Files.isRegularFile(profileOf(project))) {
      return; // measured by an earlier, interrupted collection: a study resumes where it stopped
    }
    // the gate's forks (the CLI's default is one process, a person's question)
    process(
        launcher,
        busy,
        List.of(
            "profile",
            "infer",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--input-shape",
            inputShape,
            "--forks",
            org.libreyolo.profile.Defaults.Infer.FORKS,
            "--project",
            project.toString()));
  }

  private static String arm(String[] shapes) {
    return "reg"
        + shapes[0].substring(shapes[0].lastIndexOf('x') + 1)
        + "-"
        + shapes[1].substring(shapes[1].lastIndexOf('x') + 1);
  }

  /**
   * The known slowdown judged as one workload: imgsz, the knob that made it, is removed on both
   * sides, with the input shape that records it too.
   */
  private static Profile sameWorkload(Profile p) {
    return p.with(
        j -> {
          if (j.path(ProfileSchema.CONFIG) instanceof ObjectNode config) {
            config.remove(List.of(ProfileSchema.IMGSZ, ProfileSchema.INPUT_SHAPE));
          }
        });
  }

  private static Path profileOf(Path project) {
    return project.resolve("infer").resolve("profile.json");
  }

  private static Profile load(Path project) {
    return ProfileLoader.load(profileOf(project));
  }

  static List<Path> list(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (var files = Files.list(dir)) {
      return files.filter(Files::isDirectory).sorted().toList();
    }
  }

  /** Runs the launcher in its own process; with {@code busy}, a thread here spins while it runs. */
  private static void process(Path launcher, boolean busy, List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(launcher.toString());
    command.addAll(args);
    process(command, busy);
  }

  /**
   * A study's child JVM on this class path: {@code main out arg}, beside a busy thread or not; the
   * profile it wrote to {@code out/profile.json}.
   */
  static Profile childProfile(Class<?> main, Path out, String arg, boolean busy)
      throws IOException {
    Forks.Jvm jvm = Forks.Jvm.current();
    List<String> command = new ArrayList<>();
    command.add(jvm.java());
    command.addAll(jvm.jvmArgs());
    command.add("-cp");
    command.add(jvm.classpath());
    command.add(main.getName());
    command.add(out.toString());
    command.add(arg);
    process(command, busy);
    return new Profile(
        (com.fasterxml.jackson.databind.node.ObjectNode)
            Json.MAPPER.readTree(out.resolve("profile.json").toFile()));
  }

  /**
   * Runs {@code command} in its own process (its output discarded unless it fails); with {@code
   * busy}, a thread here spins while it runs. Exit 0 and the gate's REGRESSION exit are success.
   */
  static void process(List<String> command, boolean busy) throws IOException {
    AtomicBoolean done = new AtomicBoolean();
    if (busy) {
      Thread spinner =
          new Thread(
              () -> {
                while (!done.get()) {
                  Thread.onSpinWait();
                }
              },
              "gate-study-busy");
      spinner.setDaemon(true);
      spinner.start();
    }
    Path log = Files.createTempFile("libreyolo-gate-study", ".log");
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      int code = p.waitFor();
      if (code != 0 && code != GateRun.REGRESSION_EXIT_CODE) {
        throw new IOException(
            String.join(" ", command) + " exited " + code + ": " + Files.readString(log).strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } finally {
      done.set(true);
      Files.deleteIfExists(log);
    }
  }
}
