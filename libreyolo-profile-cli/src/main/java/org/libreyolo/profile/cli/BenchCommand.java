package org.libreyolo.profile.cli;

import ai.djl.Device;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.bench.AnalysisBench;
import org.libreyolo.profile.bench.OverheadBench;
import org.libreyolo.profile.bench.PipelineBench;
import org.libreyolo.profile.data.ImageSource;
import org.libreyolo.profile.data.RgbImage;
import org.libreyolo.profile.engine.Engines;
import org.libreyolo.profile.model.CocoNames;
import org.libreyolo.profile.model.Detector;
import org.libreyolo.profile.pipeline.NmsOptions;
import org.libreyolo.profile.pipeline.Predictor;
import org.libreyolo.profile.weights.Detectors;
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
    description = "Benchmarks against the targets: pre+post <= 5% of forward, profiled/unprofiled forward <= 1.05,"
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

  @Option(names = "--only", split = ",", description = "sections: predict, nms, overhead, analysis (default: all)")
  List<String> only;

  private PrintWriter out;

  @Override
  public void run() {
    Predictor.checkSize("size", imgsz);
    if (runs < 1 || warmup < 0 || copies < 1) {
      throw LibreYoloException.badInput("--runs and --copies must be >= 1 and --warmup >= 0");
    }
    out = spec.commandLine().getOut();
    row("metric", "value", "target");
    if (section("predict") || section("overhead")) {
      Device device = engine.boot();
      try (Detector detector = Detectors.load(model.resolve(), CocoNames.NAMES.size(), device)) {
        Predictor predictor = new Predictor(detector, imgsz, imgsz, NmsOptions.DEFAULT);
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
          OverheadBench.Result o = OverheadBench.forward(predictor, predictor.preprocess(batch), warmup, 3,
              Math.max(3, runs / 3));
          row("forward ms, unprofiled", f(o.plainMs(), 2), "");
          row("forward ms, profiled", f(o.profiledMs(), 2), "");
          row("profiled / unprofiled", f(o.ratio(), 3), "<= 1.05");
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (section("nms")) {
      for (int n : new int[] {100, 1_000, 10_000}) {
        row("NMS ms, " + String.format(Locale.ROOT, "%,d", n) + " boxes", f(PipelineBench.nms(n, 30), 3), "");
      }
    }
    if (section("analysis")) {
      analysis();
    }
    out.flush();
  }

  private void analysis() {
    Path source = trace != null ? trace : DEFAULT_TRACE;
    if (!Files.isRegularFile(source)) {
      row("analysis", "skipped", "no --trace");
      return;
    }
    try {
      long events = AnalysisBench.concatenate(source, 1, Files.createTempFile("libreyolo-bench", ".json"));
      AnalysisBench.measure(source, events, 5); // warm the JIT
      AnalysisBench.Result one = AnalysisBench.measure(source, events, 5);
      row("analysis ms, " + events + " events", f(one.medianMs(), 1), "");
      row("  peak heap MB", f(one.peakHeapMb(), 1), "");
      Path big = Files.createTempFile("libreyolo-bench-x" + copies, ".json");
      try {
        long bigEvents = AnalysisBench.concatenate(source, copies, big);
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

  private boolean section(String name) {
    return only == null || only.contains(name);
  }

  private void row(String metric, String value, String target) {
    out.println(String.format(Locale.ROOT, "%-40s %12s %14s", metric, value, target));
    out.flush();
  }

  private static String f(double v, int digits) {
    return String.format(Locale.ROOT, "%." + digits + "f", v);
  }
}
