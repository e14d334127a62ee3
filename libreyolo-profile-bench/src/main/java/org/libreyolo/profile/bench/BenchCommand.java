package org.libreyolo.profile.bench;

import ai.djl.Device;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.data.DetectionDataset;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;
import org.libreyolo.profile.internal.trace.TraceCopies;
import org.libreyolo.profile.internal.train.TrainSession;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.produce.Engine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code libreyolo bench}: one table of the performance targets, measured in one run: predict
 * stages, NMS cost, profiler overhead and analysis throughput.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "Benchmarks against the targets: pre+post <= 5%% of forward, profiled/unprofiled forward <= 1.05,"
            + " NMS cost, analysis speed and heap on a real trace and a 10x concatenation.")
public final class BenchCommand implements Runnable {
  /**
   * The A100 fixture of a checkout, the analysis rows' default trace (relative to the checkout).
   */
  static final String DEFAULT_TRACE =
      "libreyolo-profile-core/src/test/resources/fixtures/gpu-traces/a100-train-control.json.gz";

  @Spec CommandSpec spec;

  @Option(
      names = "--weights",
      description =
          "weights as predict takes them (default: LibreYOLO9<size>.pt, random-init when absent)")
  String weights;

  @Option(
      names = "--size",
      description = "t, s, m or c (default: t, or the size in the weights name)")
  String size;

  @Option(
      names = "--device",
      defaultValue = Defaults.DEVICE,
      description = "cpu, a CUDA index or auto (default: ${DEFAULT-VALUE})")
  String device;

  @Option(names = "--threads", description = "intra-op threads (default: all cores but one)")
  Integer threads;

  @Option(
      names = "--imgsz",
      defaultValue = "640",
      description = "input size (default: ${DEFAULT-VALUE})")
  int imgsz;

  @Option(
      names = "--warmup",
      defaultValue = "10",
      description = "warmup iterations (default: ${DEFAULT-VALUE})")
  int warmup;

  @Option(
      names = "--runs",
      defaultValue = "20",
      description = "measured iterations (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(
      names = "--trace",
      description = "trace for the analysis rows (default: the A100 fixture in a checkout)")
  Path trace;

  @Option(
      names = "--copies",
      defaultValue = "10",
      description = "concatenated copies for the large-trace row (default: ${DEFAULT-VALUE})")
  int copies;

  @Option(
      names = "--only",
      split = ",",
      description =
          "sections: predict, parity, nms, overhead, compensation, analysis, large-trace, cli, changes, history, startup, javasamples, progress, memory, onnx, soak, gate, plainhistory, tail, diff"
              + " (default: all but soak, gate, history, startup, javasamples, progress, memory, plainhistory, tail)")
  List<String> only;

  @Option(
      names = "--torchscript-dir",
      description =
          "folder of yolo9t-<imgsz>.torchscript, the reference of the parity section (default:"
              + " ../shared/fixtures/torchscript beside the checkout)")
  Path torchscriptDir;

  @Option(
      names = "--large-copies",
      defaultValue = "100",
      description =
          "copies for the largest whole-process trace row, generated and deleted; 0 skips it (default: ${DEFAULT-VALUE})")
  int largeCopies;

  @Option(
      names = "--rounds",
      defaultValue = "7",
      description = "rotated rounds of the parity section (default: ${DEFAULT-VALUE})")
  int rounds;

  @Option(
      names = "--gate-groups",
      defaultValue = "8",
      description =
          "gate study: A/A groups of 6 separate-process runs, 5 comparisons each (default: ${DEFAULT-VALUE})")
  int gateGroups;

  @Option(
      names = "--gate-pairs",
      defaultValue = "10",
      description =
          "gate study: baseline/current pairs per known slowdown (default: ${DEFAULT-VALUE})")
  int gatePairs;

  @Option(
      names = "--gate-ab-runs",
      defaultValue = "10",
      description = "gate study: separate-process in-job A/B A/A runs (default: ${DEFAULT-VALUE})")
  int gateAbRuns;

  @Option(
      names = "--gate-ab-power",
      defaultValue = "10",
      description =
          "gate study: in-job A/B jobs against a known small slowdown, in this process (default: ${DEFAULT-VALUE})")
  int gateAbPower;

  @Option(
      names = "--gate-extra-percent",
      defaultValue = "5",
      description =
          "gate study: the known slowdown of the in-job A/B power arm, in percent (default: ${DEFAULT-VALUE})")
  double gateExtraPercent;

  @Option(
      names = "--gate-dir",
      paramLabel = "DIR",
      description =
          "gate study: where the runs go and are judged from; an earlier study's DIR with every count 0"
              + " judges it again without measuring (default: a new temporary directory)")
  Path gateDir;

  @Option(
      names = "--otava",
      paramLabel = "DIR",
      description =
          "changes, history, startup: a source checkout of Apache Otava whose own detector runs beside ours"
              + " (python3 with numpy and scipy; default: only the re-implemented published method)")
  Path otava;

  @Option(
      names = "--changes-seed",
      defaultValue = "20261203",
      description = "changes: the suite's seed (default: ${DEFAULT-VALUE})")
  long changesSeed;

  @Option(
      names = "--changes-per-kind",
      defaultValue = "20",
      description = "changes: series of each kind in the suite (default: ${DEFAULT-VALUE})")
  int changesPerKind;

  private PrintWriter out;
  private Table table;

  /** Parses the device first (no engine needed), then boots and checks it. */
  private Device boot() {
    return Engine.boot(
        DeviceSpec.parse(device), threads != null ? threads : Engine.defaultThreads());
  }

  @Override
  public void run() {
    DetectionPipeline.checkSize("size", imgsz);
    if (runs < 1 || warmup < 0 || copies < 1) {
      throw LibreYoloException.badInput("--runs and --copies must be >= 1 and --warmup >= 0");
    }
    if (changesPerKind < 1) {
      throw LibreYoloException.badInput("--changes-per-kind must be >= 1, got " + changesPerKind);
    }
    if (otava != null) {
      OtavaProcess.check(otava);
    }
    out = spec.commandLine().getOut();
    table = new Table(out);
    ProcessBenches processes = new ProcessBenches(this, table);
    row("metric", "value", "target");
    if (section("predict") || section("overhead")) {
      Device device = boot();
      try (Detector detector =
          ModelRuntimes.open(
              WeightsSource.resolve(weights, this.size), CocoNames.NAMES.size(), device)) {
        DetectionPipeline predictor =
            new DetectionPipeline(detector, imgsz, imgsz, NmsOptions.DEFAULT);
        List<RgbImage> batch = List.of(ImageSource.sample());
        String where =
            detector.info().model() + " @" + imgsz + ", " + Engines.threads() + " thread(s)";
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
          OverheadBench.Result o =
              OverheadBench.forward(predictor, predictor.preprocess(batch), warmup, 6, 4);
          row("forward ms, unprofiled", f(o.plainMs(), 2), "");
          row("forward ms, profiled", f(o.profiledMs(), 2), "");
          row(
              "profiled / unprofiled (median of " + o.rounds() + " rounds)",
              f(o.ratio(), 3),
              "<= 1.05");
          row("  recording shapes (cold steps only)", f(o.shapesRatio(), 3), "");
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (section("parity")) {
      parity();
    }
    if (section("onnx")) {
      boot();
      OnnxBench.run(table, Checkout.path("../shared/fixtures"), 12);
    }
    if (section("nms")) {
      for (int n : new int[] {100, 1_000, 10_000}) {
        row(
            "NMS ms, " + String.format(Locale.ROOT, "%,d", n) + " boxes",
            f(PipelineBench.nms(n, 30), 3),
            "");
      }
    }
    if (section("analysis")) {
      analysis();
    }
    if (section("large-trace")) {
      processes.largeTrace();
    }
    if (section("overhead")) {
      trainOverhead();
    }
    if (section("compensation")) {
      compensation();
    }
    if (section("cli")) {
      processes.cliCost();
    }
    try {
      if (section("changes")) {
        ChangePointBench.run(table, changesSeed, changesPerKind, otava);
      }
      if (section("history")) {
        HistoryBench.run(table, Checkout.launcher(), otava);
      }
      if (section("diff")) {
        boot();
        DiffBench.run(table, 5);
      }
      if (section("javasamples")) {
        JavaSamplesBench.run(
            table,
            threads != null ? threads : Engine.defaultThreads(),
            JavaSamplesBench.Switch.JAVA_SAMPLES);
      }
      if (section("progress")) {
        JavaSamplesBench.run(
            table,
            threads != null ? threads : Engine.defaultThreads(),
            JavaSamplesBench.Switch.PROGRESS);
      }
      if (section("memory")) {
        MemoryBench.run(table, Checkout.launcher());
      }
      if (section("tail")) {
        TailStudy.run(table);
      }
      if (section("plainhistory")) {
        PlainHistoryStudy.run(table);
      }
      if (section("startup")) {
        StartupBench.run(table, Checkout.launcher(), otava);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (section("gate")) {
      processes.gateStudy();
    }
    if (only != null && only.contains("soak")) {
      soak();
    }
    out.flush();
  }

  /** The forward-parity rows ({@link ForwardParityBench#rows}). */
  private void parity() {
    ForwardParityBench.rows(table, boot(), torchscriptDir, warmup, rounds);
  }

  private void analysis() {
    Path source = trace != null ? trace : Checkout.path(DEFAULT_TRACE);
    if (!Files.isRegularFile(source)) {
      row("analysis", "skipped", "no --trace");
      return;
    }
    try {
      long events =
          TraceCopies.concatenate(source, 1, Files.createTempFile("libreyolo-bench", ".json"));
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
        row(
            "analysis ms, " + bigEvents + " events",
            f(many.medianMs(), 1),
            "~" + f(one.medianMs() * copies, 0) + " (linear)");
        row("  peak heap MB", f(many.peakHeapMb(), 1), "<= 512");
      } finally {
        Files.deleteIfExists(big);
      }
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot run the analysis benchmark on " + source + ": " + e.getMessage());
    }
  }

  /** At a small step (t@128, b2) and at the issue's training benchmark setting (t@320, b4). */
  private void trainOverhead() {
    DetectionDataset ds =
        DetectionDataset.resolve(
            "shapes8", org.libreyolo.profile.produce.TrainOptions.DATASET_CACHE);
    for (int[] setting : new int[][] {{128, 2}, {320, 4}}) {
      String where = "t@" + setting[0] + ", b" + setting[1];
      try (TrainSession session =
          new TrainSession(ds, Yolo9Size.T, setting[1], setting[0], 1, boot(), 100)) {
        OverheadBench.Result o = OverheadBench.trainStep(session, 3, 4, 4);
        row("train step ms w/o dataload, unprofiled (" + where + ")", f(o.plainMs(), 2), "");
        row("train step ms, profiled", f(o.profiledMs(), 2), "");
        row(
            "profiled / unprofiled (median of " + o.rounds() + " rounds)",
            f(o.ratio(), 3),
            "<= 1.15");
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
    Device device = boot();
    try {
      for (int size : new int[] {320, 640}) {
        try (Detector detector =
            ModelRuntimes.open(
                WeightsSource.resolve(weights, this.size), CocoNames.NAMES.size(), device)) {
          DetectionPipeline predictor =
              new DetectionPipeline(detector, size, size, NmsOptions.DEFAULT);
          compensationRows(
              "forward @" + size,
              CompensationBench.forward(
                  predictor, predictor.preprocess(List.of(ImageSource.sample())), warmup, 7, 4));
        }
      }
      DetectionDataset ds =
          DetectionDataset.resolve(
              "shapes8", org.libreyolo.profile.produce.TrainOptions.DATASET_CACHE);
      for (int[] setting : new int[][] {{128, 2}, {320, 4}}) {
        try (TrainSession session =
            new TrainSession(ds, Yolo9Size.T, setting[1], setting[0], 1, device, 100)) {
          compensationRows(
              "train t@" + setting[0] + " b" + setting[1],
              CompensationBench.training(session, 3, 7, 4));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void compensationRows(String where, List<CompensationBench.Row> rows) {
    for (CompensationBench.Row r : rows) {
      row(
          where + " " + r.part() + " ms untraced/traced",
          f(r.untracedMs(), 1) + " / " + f(r.recordedMs(), 1),
          "");
      row(
          "  traced / untraced: recorded, per-op, compensated",
          f(r.recordedRatio(), 3) + ", " + f(r.perOpRatio(), 3) + ", " + f(r.compensatedRatio(), 3),
          "0.90-1.10");
    }
  }

  private void soak() {
    Device device = boot();
    try (Detector detector =
        ModelRuntimes.open(
            WeightsSource.resolve(weights, this.size), CocoNames.NAMES.size(), device)) {
      DetectionPipeline predictor = new DetectionPipeline(detector, 128, 128, NmsOptions.DEFAULT);
      SoakBench.Result r = SoakBench.inference(predictor, List.of(ImageSource.sample()), 1000);
      row(
          "soak: 1000 predictions, managed arrays",
          r.arraysBefore() + " -> " + r.arraysAfter(),
          "flat");
      row(
          "  RSS MB before / after / max",
          f(r.rssBeforeMb(), 0) + "/" + f(r.rssAfterMb(), 0) + "/" + f(r.rssMaxMb(), 0),
          "bounded");
    }
    DetectionDataset ds =
        DetectionDataset.resolve(
            "shapes8", org.libreyolo.profile.produce.TrainOptions.DATASET_CACHE);
    try (TrainSession session = new TrainSession(ds, Yolo9Size.T, 2, 64, 1, device, 1000)) {
      SoakBench.Result r = SoakBench.loop(session.detector().manager(), session::step, 200);
      row(
          "soak: 200 train steps, managed arrays",
          r.arraysBefore() + " -> " + r.arraysAfter(),
          "flat");
      row(
          "  RSS MB before / after / max",
          f(r.rssBeforeMb(), 0) + "/" + f(r.rssAfterMb(), 0) + "/" + f(r.rssMaxMb(), 0),
          "bounded");
    }
  }

  /** Sections that take minutes run only when named. */
  private static final List<String> ON_REQUEST =
      List.of(
          "soak",
          "gate",
          "history",
          "startup",
          "javasamples",
          "progress",
          "memory",
          "plainhistory",
          "tail",
          "diff");

  private boolean section(String name) {
    return only == null ? !ON_REQUEST.contains(name) : only.contains(name);
  }

  private void row(String metric, String value, String target) {
    table.row(metric, value, target);
  }

  private static String f(double v, int digits) {
    return Table.f(v, digits);
  }
}
