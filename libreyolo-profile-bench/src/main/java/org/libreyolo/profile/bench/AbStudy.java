package org.libreyolo.profile.bench;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.report.AbReport;
import org.libreyolo.profile.result.Json;

/** The gate study's in-job A/B rows: A/A jobs and a known, small slowdown in one process. */
public final class AbStudy {
  private AbStudy() {}

  /** Where the spin loop's result goes, so the JIT cannot drop the work. */
  private static volatile double sink;

  /** What the in-job A/B found over {@code runs} jobs against a known extra workload. */
  public record AbDetection(GateStudy.Counts counts, double medianChange, double medianSeconds) {}

  /**
   * In-job A/B against a known, small slowdown: A is one inference at {@code imgsz} (the default
   * {@code profile ab} settings), B the same plus a fixed amount of CPU work, calibrated once
   * before the runs to {@code extraPercent} of A's median time (a fixed number of multiply-adds, so
   * it slows with the machine as the inference does). The slowdown's size is then the median
   * estimate over the runs (A/A runs show the estimate unbiased).
   */
  public static AbDetection abDetection(Path dir, int runs, int imgsz, double extraPercent) {
    Engines.boot(1);
    Device cpu = Device.cpu();
    List<RgbImage> images = List.of(ImageSource.sample());
    int[] verdicts = new int[3];
    double[] changes = new double[runs];
    double[] seconds = new double[runs];
    try (Detector d =
        ModelRuntimes.open(WeightsSource.resolve(null, "t"), CocoNames.NAMES.size(), cpu)) {
      DetectionPipeline main = new DetectionPipeline(d, imgsz, imgsz, NmsOptions.DEFAULT);
      long work = calibrate(() -> infer(main, images), extraPercent / 100);
      CustomStepProfiler.Step a = (clock, index) -> infer(main, images);
      CustomStepProfiler.Step b =
          (clock, index) -> {
            infer(main, images);
            spin(work);
          };
      AbResult.Settings settings =
          new AbResult.Settings(
              Defaults.Ab.WARMUP_VALUE,
              Defaults.Ab.PAIRS_VALUE,
              Defaults.Ab.BLOCK_RUNS_VALUE,
              Defaults.Ab.ALPHA_VALUE,
              Defaults.Ab.MAX_REGRESSION_VALUE);
      for (int i = 0; i < runs; i++) {
        long start = System.nanoTime();
        AbResult r =
            AbProfiler.compare(
                "imgsz " + imgsz,
                "imgsz " + imgsz + " + " + work + " multiply-adds",
                a,
                b,
                JsonNodeFactory.instance.objectNode(),
                settings,
                dir.resolve("abpower/r" + i + ".json"),
                false,
                0,
                Progress.NONE,
                AbReport::write);
        seconds[i] = (System.nanoTime() - start) / 1e9;
        changes[i] = r.verdict().change();
        StudyStatistics.count(verdicts, r.verdict().verdict());
      }
    }
    return new AbDetection(
        new GateStudy.Counts(
            "in-job A/B, + fixed extra work", runs, verdicts[0], verdicts[1], verdicts[2]),
        Medians.of(changes),
        Medians.of(seconds));
  }

  /**
   * Multiply-adds that take {@code fraction} of {@code step}'s median time (medians of 21 timings
   * each).
   */
  private static long calibrate(Runnable step, double fraction) {
    double[] stepMs = new double[21];
    double[] spinMs = new double[21];
    long probe = 1_000_000;
    for (int i = 0; i < stepMs.length; i++) {
      long t0 = System.nanoTime();
      step.run();
      long t1 = System.nanoTime();
      spin(probe);
      long t2 = System.nanoTime();
      stepMs[i] = (t1 - t0) / 1e6;
      spinMs[i] = (t2 - t1) / 1e6;
    }
    return Math.max(1, (long) (probe * fraction * Medians.of(stepMs) / Medians.of(spinMs)));
  }

  /** {@code n} dependent multiply-adds; the result is kept so the JIT cannot drop the loop. */
  private static void spin(long n) {
    double x = 1.0;
    for (long i = 0; i < n; i++) {
      x = x * 0.999999 + 1e-7;
    }
    sink = x;
  }

  private static void infer(DetectionPipeline pipeline, List<RgbImage> images) {
    DetectionPipeline.Batch batch = pipeline.preprocess(images);
    try (NDManager sub = pipeline.detector().manager().newSubManager()) {
      NDList out = pipeline.forward(sub, batch);
      pipeline.postprocess(out.get(0), batch);
    }
  }

  /**
   * The verdicts of every in-job A/B A/A job under {@code dir/ab}: every REGRESSION is a false
   * alarm.
   */
  public static GateStudy.Counts inJobAa(Path dir) throws IOException {
    int[] verdicts = new int[3];
    int n = 0;
    for (Path run : GateStudy.list(dir.resolve("ab"))) {
      Path file = run.resolve("ab.json");
      if (Files.isRegularFile(file)) {
        StudyStatistics.count(
            verdicts, Verdict.valueOf(Json.MAPPER.readTree(file.toFile()).get("verdict").asText()));
        n++;
      }
    }
    return new GateStudy.Counts(
        "A/A in-job A/B (profile ab)", n, verdicts[0], verdicts[1], verdicts[2]);
  }
}
