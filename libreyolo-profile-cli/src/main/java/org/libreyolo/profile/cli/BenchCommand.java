package org.libreyolo.profile.cli;

import ai.djl.Device;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.internal.trace.TraceCopies;
import org.libreyolo.profile.LibreYoloException;
import ai.djl.ndarray.types.Shape;
import ai.djl.pytorch.jni.JniUtils;
import org.libreyolo.profile.bench.GateStudy;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.bench.CompensationBench;
import org.libreyolo.profile.bench.ForwardParityBench;
import org.libreyolo.profile.internal.model.TorchScriptDetector;
import org.libreyolo.profile.bench.AnalysisBench;
import org.libreyolo.profile.bench.Medians;
import org.libreyolo.profile.bench.SoakBench;
import org.libreyolo.profile.internal.capture.CaptureOptions;
import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.internal.data.DetectionDataset;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.train.TrainSession;
import org.libreyolo.profile.bench.OverheadBench;
import org.libreyolo.profile.bench.PipelineBench;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.weights.Detectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code libreyolo bench}: one table of the performance targets, measured in one run: predict
 * stages, NMS cost, profiler overhead and analysis throughput.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Benchmarks against the targets: pre+post <= 5%% of forward, profiled/unprofiled forward <= 1.05,"
        + " NMS cost, analysis speed and heap on a real trace and a 10x concatenation.")
public final class BenchCommand implements Runnable {
  /** The A100 fixture, when run from a checkout. */
  static final Path DEFAULT_TRACE =
      Path.of("libreyolo-profile-core/src/test/resources/fixtures/gpu-traces/a100-train-control.json.gz");

  @Spec CommandSpec spec;

  @Mixin ModelOptions model;
  @Mixin EngineOptions engine;

  @Option(names = "--imgsz", defaultValue = "640", description = "input size (default: ${DEFAULT-VALUE})")
  int imgsz;

  @Option(names = "--warmup", defaultValue = "10", description = "warmup iterations (default: ${DEFAULT-VALUE})")
  int warmup;

  @Option(names = "--runs", defaultValue = "20", description = "measured iterations (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(names = "--trace", description = "trace for the analysis rows (default: the A100 fixture in a checkout)")
  Path trace;

  @Option(names = "--copies", defaultValue = "10", description = "concatenated copies for the large-trace row (default: ${DEFAULT-VALUE})")
  int copies;

  @Option(names = "--only", split = ",",
      description = "sections: predict, parity, nms, overhead, compensation, analysis, large-trace, cli, soak, gate"
          + " (default: all but soak and gate)")
  List<String> only;

  @Option(names = "--torchscript-dir", defaultValue = "../shared/fixtures/torchscript",
      description = "folder of yolo9t-<imgsz>.torchscript, the reference of the parity section (default: ${DEFAULT-VALUE})")
  Path torchscriptDir;

  @Option(names = "--large-copies", defaultValue = "100",
      description = "copies for the largest whole-process trace row, generated and deleted; 0 skips it (default: ${DEFAULT-VALUE})")
  int largeCopies;

  @Option(names = "--rounds", defaultValue = "7", description = "rotated rounds of the parity section (default: ${DEFAULT-VALUE})")
  int rounds;

  @Option(names = "--gate-groups", defaultValue = "8",
      description = "gate study: A/A groups of 6 separate-process runs, 5 comparisons each (default: ${DEFAULT-VALUE})")
  int gateGroups;

  @Option(names = "--gate-pairs", defaultValue = "10",
      description = "gate study: baseline/current pairs per known slowdown (default: ${DEFAULT-VALUE})")
  int gatePairs;

  @Option(names = "--gate-ab-runs", defaultValue = "10",
      description = "gate study: separate-process in-job A/B A/A runs (default: ${DEFAULT-VALUE})")
  int gateAbRuns;

  @Option(names = "--gate-ab-power", defaultValue = "10",
      description = "gate study: in-job A/B jobs against a known small slowdown, in this process (default: ${DEFAULT-VALUE})")
  int gateAbPower;

  @Option(names = "--gate-extra-percent", defaultValue = "5",
      description = "gate study: the known slowdown of the in-job A/B power arm, in percent (default: ${DEFAULT-VALUE})")
  double gateExtraPercent;

  @Option(names = "--gate-dir", paramLabel = "DIR",
      description = "gate study: where the runs go and are judged from; an earlier study's DIR with every count 0"
          + " judges it again without measuring (default: a new temporary directory)")
  Path gateDir;

  private PrintWriter out;

  @Override
  public void run() {
    DetectionPipeline.checkSize("size", imgsz);
    if (runs < 1 || warmup < 0 || copies < 1) {
      throw LibreYoloException.badInput("--runs and --copies must be >= 1 and --warmup >= 0");
    }
    out = spec.commandLine().getOut();
    row("metric", "value", "target");
    if (section("predict") || section("overhead")) {
      Device device = engine.boot();
      try (Detector detector = Detectors.load(model.resolve(), CocoNames.NAMES.size(), device)) {
        DetectionPipeline predictor = new DetectionPipeline(detector, imgsz, imgsz, NmsOptions.DEFAULT);
        List<RgbImage> batch = List.of(ImageSource.sample());
        String where = detector.info().model() + " @" + imgsz + ", " + Engines.threads() + " thread(s)";
        if (section("predict")) {
          PipelineBench.Stages s = PipelineBench.stages(predictor, batch, warmup, runs);
          row("preprocess ms (" + where + ")", f(s.preprocessMs(), 2), "");
          row("forward ms", f(s.forwardMs(), 2), "");
          row("postprocess ms", f(s.postprocessMs(), 2), "");
          row("(pre+post) / forward", f(100 * s.prePostOverForward(), 2) + "%", "<= 5%");
        }
        if (section("overhead")) {
          double[] perOp = OverheadBench.perOpMicros(detector.manager(), 20_000);
          row("profiler cost per op, µs (tiny add_)", f(perOp[1] - perOp[0], 2), "");
          OverheadBench.Result o = OverheadBench.forward(predictor, predictor.preprocess(batch), warmup, 6, 4);
          row("forward ms, unprofiled", f(o.plainMs(), 2), "");
          row("forward ms, profiled", f(o.profiledMs(), 2), "");
          row("profiled / unprofiled (median of " + o.rounds() + " rounds)", f(o.ratio(), 3), "<= 1.05");
          row("  recording shapes (cold steps only)", f(o.shapesRatio(), 3), "");
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (section("parity")) {
      parity();
    }
    if (section("nms")) {
      for (int n : new int[] {100, 1_000, 10_000}) {
        row("NMS ms, " + String.format(Locale.ROOT, "%,d", n) + " boxes", f(PipelineBench.nms(n, 30), 3), "");
      }
    }
    if (section("analysis")) {
      analysis();
    }
    if (section("large-trace")) {
      largeTrace();
    }
    if (section("overhead")) {
      trainOverhead();
    }
    if (section("compensation")) {
      compensation();
    }
    if (section("cli")) {
      cliCost();
    }
    if (section("gate")) {
      gateStudy();
    }
    if (only != null && only.contains("soak")) {
      soak();
    }
    out.flush();
  }

  /**
   * The built-in LibreYOLO9t forward against the same network as TorchScript, at 320 and 640, with
   * the engine's threads and with 2 (bench/run passes 1).
   */
  private void parity() {
    Device device = engine.boot();
    int threads = Engines.threads();
    for (int t : threads == 2 ? new int[] {2} : new int[] {threads, 2}) {
      JniUtils.setNumThreads(t);
      for (int size : new int[] {320, 640}) {
        Path reference = torchscriptDir.resolve("yolo9t-" + size + ".torchscript");
        if (!Files.isRegularFile(reference)) {
          row("forward parity @" + size, "skipped", "no " + reference);
          continue;
        }
        try (Detector ours = Detectors.randomInit(Yolo9Size.T, CocoNames.NAMES.size(), device, 0);
            Detector ts = new TorchScriptDetector(reference, device)) {
          DetectionPipeline predictor = new DetectionPipeline(ours, size, size, NmsOptions.DEFAULT);
          DetectionPipeline.Batch batch = predictor.preprocess(List.of(ImageSource.sample()));
          ForwardParityBench.Result r =
              ForwardParityBench.run(ours, ts, batch.input(), new Shape(1, 3, size, size), Math.max(warmup, 3), rounds, 5);
          String where = "t@" + size + ", " + t + " thread(s)";
          row("forward ms, built-in (" + where + ")", f(r.oursMs(), 2), "");
          row("forward ms, TorchScript", f(r.referenceMs(), 2), "");
          row("built-in / TorchScript (median of " + rounds + ")", f(r.ratio(), 3), t == 1 ? "<= 1.00" : "<= 1.05");
          double[] sorted = r.roundRatios().clone();
          java.util.Arrays.sort(sorted);
          row("  per-round ratios, min - max", f(sorted[0], 3) + " - " + f(sorted[sorted.length - 1], 3), "");
          row("  ops per forward, built-in / TorchScript", r.oursOps().recorded() + " / " + r.referenceOps().recorded(), "");
          row("  outermost ops, built-in / TorchScript",
              r.oursOps().outermost() + " / " + r.referenceOps().outermost(), "");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    JniUtils.setNumThreads(threads);
  }

  private void analysis() {
    Path source = trace != null ? trace : DEFAULT_TRACE;
    if (!Files.isRegularFile(source)) {
      row("analysis", "skipped", "no --trace");
      return;
    }
    try {
      long events = TraceCopies.concatenate(source, 1, Files.createTempFile("libreyolo-bench", ".json"));
      AnalysisBench.Result cold = AnalysisBench.measure(source, events, 1);
      row("analysis ms, first in this JVM", f(cold.medianMs(), 1), "");
      AnalysisBench.measure(source, events, 8); // C2 settles after ~6 runs of this size
      AnalysisBench.Result one = AnalysisBench.measure(source, events, 7);
      row("analysis ms, " + events + " events (warm)", f(one.medianMs(), 1), "");
      row("  peak heap MB", f(one.peakHeapMb(), 1), "");
      Path big = Files.createTempFile("libreyolo-bench-x" + copies, ".json");
      try {
        long bigEvents = TraceCopies.concatenate(source, copies, big);
        AnalysisBench.Result many = AnalysisBench.measure(big, bigEvents, 3);
        row("analysis ms, " + bigEvents + " events", f(many.medianMs(), 1),
            "~" + f(one.medianMs() * copies, 0) + " (linear)");
        row("  peak heap MB", f(many.peakHeapMb(), 1), "<= 512");
      } finally {
        Files.deleteIfExists(big);
      }
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot run the analysis benchmark on " + source + ": " + e.getMessage());
    }
  }

  /**
   * Whole process, as a user runs it: {@code ./libreyolo profile summary <trace> --json} on the
   * trace concatenated {@code --copies} times (plain and gzip) and {@code --large-copies} times,
   * each generated in the temp folder and deleted after; wall seconds (median of 3 runs, 1 for the
   * largest) and peak RSS from {@code /usr/bin/time}. Run from the repository root.
   */
  private void largeTrace() {
    Path source = trace != null ? trace : DEFAULT_TRACE;
    Path launcher = Path.of("libreyolo").toAbsolutePath();
    Path time = Path.of("/usr/bin/time");
    if (!Files.isRegularFile(source) || !Files.isExecutable(launcher) || !Files.isExecutable(time)) {
      row("large-trace", "skipped", "needs the trace, ./libreyolo (repository root) and /usr/bin/time");
      return;
    }
    try {
      Path dir = Files.createTempDirectory("libreyolo-bench-large");
      try {
        Path x = dir.resolve("x" + copies + ".json");
        long events = TraceCopies.concatenate(source, copies, x);
        String size = " (" + String.format(Locale.ROOT, "%,d", events) + " events, " + f(Files.size(x) / 1e6, 0) + " MB)";
        double[] plain = wholeProcess(launcher, time, x, 3);
        row("summary --json, x" + copies + size + ": s", f(plain[0], 2), "<= 0.9");
        row("  peak RSS MB", f(plain[1], 0), "<= 256");
        Path gz = dir.resolve(x.getFileName() + ".gz");
        try (OutputStream o = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz), 1 << 16)) {
          Files.copy(x, o);
        }
        double[] zipped = wholeProcess(launcher, time, gz, 3);
        row("summary --json, x" + copies + ".json.gz: s", f(zipped[0], 2), "");
        row("  gz / plain", f(zipped[0] / plain[0], 2), "<= 1.3");
        Files.delete(gz);
        Files.delete(x);
        if (largeCopies > 0) {
          Path big = dir.resolve("x" + largeCopies + ".json");
          long bigEvents = TraceCopies.concatenate(source, largeCopies, big);
          double[] large = wholeProcess(launcher, time, big, 1);
          row("summary --json, x" + largeCopies + " (" + String.format(Locale.ROOT, "%,d", bigEvents) + " events, "
              + f(Files.size(big) / 1e9, 2) + " GB): s", f(large[0], 2), "<= " + f(10 * plain[0], 2) + " (10x the x" + copies + ")");
          row("  peak RSS MB", f(large[1], 0), "<= 256");
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
      throw LibreYoloException.badInput("cannot run the large-trace benchmark on " + source + ": " + e.getMessage());
    }
  }

  /** Median wall seconds and largest peak RSS (MB) of {@code runs} whole-process summaries. */
  private static double[] wholeProcess(Path launcher, Path time, Path trace, int runs) throws IOException {
    double[] seconds = new double[runs];
    double rss = 0;
    Path report = Files.createTempFile("libreyolo-bench-time", ".txt");
    try {
      // one untimed run first: the page cache, and the launcher's class-data archive if missing
      run(List.of(launcher.toString(), "profile", "summary", trace.toString(), "--json"));
      for (int i = 0; i < runs; i++) {
        run(List.of(time.toString(), "-f", "%e %M", "-o", report.toString(), launcher.toString(), "profile", "summary",
            trace.toString(), "--json"));
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
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD);
      builder.environment().remove("LIBREYOLO_JAVA_OPTS"); // as a user runs it, not with bench/run's heap cap
      Process p = builder.start();
      if (p.waitFor() != 0) {
        throw new IOException(String.join(" ", command) + " exited with " + p.exitValue());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted");
    }
  }

  /** At a small step (t@128, b2) and at the issue's training benchmark setting (t@320, b4). */
  private void trainOverhead() {
    DetectionDataset ds = DetectionDataset.resolve("shapes8", org.libreyolo.profile.produce.TrainOptions.DATASET_CACHE);
    for (int[] setting : new int[][] {{128, 2}, {320, 4}}) {
      String where = "t@" + setting[0] + ", b" + setting[1];
      try (TrainSession session = new TrainSession(ds, Yolo9Size.T, setting[1], setting[0], 1, engine.boot(), 100)) {
        OverheadBench.Result o = OverheadBench.trainStep(session, 3, 4, 4);
        row("train step ms w/o dataload, unprofiled (" + where + ")", f(o.plainMs(), 2), "");
        row("train step ms, profiled", f(o.profiledMs(), 2), "");
        row("profiled / unprofiled (median of " + o.rounds() + " rounds)", f(o.ratio(), 3), "<= 1.15");
        row("  recording shapes (cold steps only)", f(o.shapesRatio(), 3), "");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Traced steps as recorded and with the profiler's cost compensated, against untraced steps
   * alternated with them: inference forward at 320 and 640, train steps at t@128 b2 and t@320 b4.
   */
  private void compensation() {
    Device device = engine.boot();
    try {
      for (int size : new int[] {320, 640}) {
        try (Detector detector = Detectors.load(model.resolve(), CocoNames.NAMES.size(), device)) {
          DetectionPipeline predictor = new DetectionPipeline(detector, size, size, NmsOptions.DEFAULT);
          compensationRows("forward @" + size, CompensationBench.forward(predictor,
              predictor.preprocess(List.of(ImageSource.sample())), warmup, 7, 4));
        }
      }
      DetectionDataset ds = DetectionDataset.resolve("shapes8", org.libreyolo.profile.produce.TrainOptions.DATASET_CACHE);
      for (int[] setting : new int[][] {{128, 2}, {320, 4}}) {
        try (TrainSession session = new TrainSession(ds, Yolo9Size.T, setting[1], setting[0], 1, device, 100)) {
          compensationRows("train t@" + setting[0] + " b" + setting[1], CompensationBench.training(session, 3, 7, 4));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void compensationRows(String where, List<CompensationBench.Row> rows) {
    for (CompensationBench.Row r : rows) {
      row(where + " " + r.part() + " ms untraced/traced", f(r.untracedMs(), 1) + " / " + f(r.recordedMs(), 1), "");
      row("  traced / untraced: recorded, per-op, compensated",
          f(r.recordedRatio(), 3) + ", " + f(r.perOpRatio(), 3) + ", " + f(r.compensatedRatio(), 3), "0.90-1.10");
    }
  }

  /** JVM start, engine load and model build: a child `model info` run, median of 3. */
  private void cliCost() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    double[] ms = new double[3];
    for (int i = 0; i < ms.length; i++) {
      long t0 = System.nanoTime();
      try {
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(), "model",
            "info", "--imgsz", "64").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.waitFor();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    row("CLI fixed cost ms (JVM+engine+model)", f(org.libreyolo.profile.bench.Medians.of(ms), 0), "<= 4000");
  }

  /**
   * The gate study (docs/statistics.md): separate-process runs, every other one beside a busy
   * process; A/A comparisons, known slowdowns, and the canary's before/after spread.
   */
  private void gateStudy() {
    Path launcher = Path.of("libreyolo").toAbsolutePath();
    if (gateDir == null && !Files.isExecutable(launcher)) {
      row("gate study", "skipped", "run from the repository root");
      return;
    }
    try {
      Path dir = gateDir != null ? gateDir : Files.createTempDirectory("libreyolo-gate-study");
      GateStudy.collect(launcher, dir, gateGroups, gatePairs);
      GateStudy.collectInJobAa(launcher, dir, gateAbRuns, 256);
      row("gate study runs", dir.toString(), "judge again: --gate-dir, counts 0");
      GateStudy.Spread s = GateStudy.spread(dir);
      row("run-to-run spread of mean log block time, " + s.runs() + " runs", "step " + f(100 * s.raw(), 1)
          + "%, canary-normalised " + f(100 * s.normalised(), 1) + "%", "normalised < step");
      row("  blocks' own SE / remaining process noise", f(100 * s.withinSe(), 1) + "% / " + f(100 * s.processNoise(), 1)
          + "%", "processNoise " + Defaults.Gate.PROCESS_NOISE);
      for (double threshold : new double[] {Defaults.Gate.MAX_REGRESSION_VALUE, 0.10, 0.15}) {
        GateOptions options = new GateOptions(Defaults.Gate.ALPHA_VALUE, threshold, GateOptions.SUPPORTED,
            Defaults.Gate.PROCESS_NOISE_VALUE);
        List<GateStudy.Counts> counts = new java.util.ArrayList<>(GateStudy.aa(dir, options));
        counts.addAll(GateStudy.regressions(dir, options));
        if (threshold != Defaults.Gate.MAX_REGRESSION_VALUE) {
          // other thresholds change only the timing rows: the counters are exact at any threshold
          counts.removeIf(c -> !c.mode().startsWith("A/A stored") && !c.mode().endsWith("timing alone"));
        }
        for (GateStudy.Counts c : counts) {
          double[] ci = c.flaggedInterval();
          row("threshold " + f(100 * threshold, 0) + "%: " + c.mode() + ", " + c.runs() + " runs", c.flagged()
              + " REGRESSION [95% CI " + f(100 * ci[0], 0) + "-" + f(100 * ci[1], 0) + "%], " + c.inconclusive()
              + " INCONCLUSIVE (" + c.sentinel() + " by the sentinel)", c.mode().startsWith("A/A") ? "0 REGRESSION"
              : "flagged");
        }
      }
      GateStudy.Counts ab = GateStudy.inJobAa(dir);
      double[] abCi = ab.flaggedInterval();
      row(ab.mode() + ", " + ab.runs() + " runs", ab.flagged() + " REGRESSION [95% CI " + f(100 * abCi[0], 0) + "-"
          + f(100 * abCi[1], 0) + "%], " + ab.inconclusive() + " INCONCLUSIVE", "0 REGRESSION");
      if (gateAbPower > 0) {
        GateStudy.AbDetection d = GateStudy.abDetection(dir, gateAbPower, 256, gateExtraPercent);
        double[] ci = d.counts().flaggedInterval();
        row("in-job A/B vs +" + f(100 * d.medianChange(), 1) + "% (fixed extra work, " + f(gateExtraPercent, 0)
            + "% nominal), " + d.counts().runs() + " jobs", d.counts().flagged() + " REGRESSION [95% CI " + f(100 * ci[0], 0)
            + "-" + f(100 * ci[1], 0) + "%], " + d.counts().inconclusive() + " INCONCLUSIVE", ">= 80% flagged");
        row("  seconds per A/B job (median)", f(d.medianSeconds(), 1), "<= 60");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void soak() {
    Device device = engine.boot();
    try (Detector detector = Detectors.load(model.resolve(), CocoNames.NAMES.size(), device)) {
      DetectionPipeline predictor = new DetectionPipeline(detector, 128, 128, NmsOptions.DEFAULT);
      SoakBench.Result r = SoakBench.inference(predictor, List.of(ImageSource.sample()), 1000);
      row("soak: 1000 predictions, managed arrays", r.arraysBefore() + " -> " + r.arraysAfter(), "flat");
      row("  RSS MB before / after / max", f(r.rssBeforeMb(), 0) + "/" + f(r.rssAfterMb(), 0) + "/" + f(r.rssMaxMb(), 0),
          "bounded");
    }
    DetectionDataset ds = DetectionDataset.resolve("shapes8", org.libreyolo.profile.produce.TrainOptions.DATASET_CACHE);
    try (TrainSession session = new TrainSession(ds, Yolo9Size.T, 2, 64, 1, device, 1000)) {
      SoakBench.Result r = SoakBench.loop(session.detector().manager(), session::step, 200);
      row("soak: 200 train steps, managed arrays", r.arraysBefore() + " -> " + r.arraysAfter(), "flat");
      row("  RSS MB before / after / max", f(r.rssBeforeMb(), 0) + "/" + f(r.rssAfterMb(), 0) + "/" + f(r.rssMaxMb(), 0),
          "bounded");
    }
  }

  /** Sections that take minutes run only when named. */
  private static final List<String> ON_REQUEST = List.of("soak", "gate");

  private boolean section(String name) {
    return only == null ? !ON_REQUEST.contains(name) : only.contains(name);
  }

  private void row(String metric, String value, String target) {
    out.println(String.format(Locale.ROOT, "%-40s %12s %14s", metric, value, target));
    out.flush();
  }

  private static String f(double v, int digits) {
    return String.format(Locale.ROOT, "%." + digits + "f", v);
  }
}
