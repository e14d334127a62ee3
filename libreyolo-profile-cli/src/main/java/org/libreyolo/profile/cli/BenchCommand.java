package org.libreyolo.profile.cli;

import ai.djl.Device;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.LibreYoloException;
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

/** {@code libreyolo bench}: prints the pipeline's performance targets as a table. */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Benchmarks: predict stage medians against the pre+post <= 5% of forward target, and NMS cost.")
public final class BenchCommand implements Runnable {
  @Spec CommandSpec spec;

  @Mixin ModelOptions model;
  @Mixin EngineOptions engine;

  @Option(names = "--imgsz", defaultValue = "640", description = "input size (default: ${DEFAULT-VALUE})")
  int imgsz;

  @Option(names = "--warmup", defaultValue = "5", description = "warmup iterations (default: ${DEFAULT-VALUE})")
  int warmup;

  @Option(names = "--runs", defaultValue = "20", description = "measured iterations (default: ${DEFAULT-VALUE})")
  int runs;

  @Override
  public void run() {
    Predictor.checkSize("size", imgsz);
    if (runs < 1 || warmup < 0) {
      throw LibreYoloException.badInput("--runs must be >= 1 and --warmup >= 0");
    }
    Device device = engine.boot();
    PrintWriter out = spec.commandLine().getOut();
    List<RgbImage> batch = new ArrayList<>(List.of(ImageSource.sample()));
    try (Detector detector = Detectors.load(model.resolve(), CocoNames.NAMES.size(), device)) {
      Predictor predictor = new Predictor(detector, imgsz, imgsz, NmsOptions.DEFAULT);
      PipelineBench.Stages s = PipelineBench.stages(predictor, batch, warmup, runs);
      out.printf(Locale.ROOT, "predict  %s  imgsz %d  batch 1  threads %d  %s  (median of %d runs)%n",
          detector.info().model(), imgsz, Engines.threads(), device, runs);
      out.printf(Locale.ROOT, "%-28s %10s %10s%n", "metric", "value", "target");
      out.printf(Locale.ROOT, "%-28s %10.2f %10s%n", "preprocess ms", s.preprocessMs(), "");
      out.printf(Locale.ROOT, "%-28s %10.2f %10s%n", "forward ms", s.forwardMs(), "");
      out.printf(Locale.ROOT, "%-28s %10.2f %10s%n", "postprocess ms", s.postprocessMs(), "");
      out.printf(Locale.ROOT, "%-28s %9.2f%% %10s%n", "(pre+post) / forward", 100 * s.prePostOverForward(), "<= 5%");
    }
    for (int n : new int[] {100, 1_000, 10_000}) {
      out.printf(Locale.ROOT, "%-28s %10.3f %10s%n", "NMS ms, " + String.format(Locale.ROOT, "%,d", n) + " boxes",
          PipelineBench.nms(n, 30), "");
    }
  }
}
