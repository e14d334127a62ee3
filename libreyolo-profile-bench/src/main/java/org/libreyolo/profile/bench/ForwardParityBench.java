package org.libreyolo.profile.bench;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.pytorch.jni.JniUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.libreyolo.profile.internal.capture.CaptureOptions;
import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.model.TorchScriptDetector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.trace.TraceReader;
import org.libreyolo.profile.internal.weights.Detectors;
import org.libreyolo.profile.options.NmsOptions;

/**
 * The built-in model's forward against a reference detector (the same network as TorchScript) on
 * the same input and libtorch: rounds of interleaved arms whose order alternates (AB, BA, ...),
 * each arm's first forward after a switch untimed, the ratio taken within each round and its median
 * over rounds, since this machine's speed drifts between rounds far more than within one.
 */
public final class ForwardParityBench {
  private ForwardParityBench() {}

  /** Medians in ms, the median of per-round ratios (ours / reference), and ops per forward. */
  public record Result(
      double oursMs,
      double referenceMs,
      double ratio,
      double[] roundRatios,
      OpCount oursOps,
      OpCount referenceOps) {}

  /** aten ops the operator profiler records in one forward: all, and those not inside another. */
  public record OpCount(int recorded, int outermost) {}

  public static Result run(
      Detector ours,
      Detector reference,
      FloatBuffer input,
      Shape shape,
      int warmup,
      int rounds,
      int steps)
      throws IOException {
    Detector[] arms = {ours, reference};
    for (Detector arm : arms) {
      for (int i = 0; i < warmup; i++) {
        timed(arm, input, shape);
      }
    }
    double[][] ms = new double[2][rounds * steps];
    double[] ratios = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < 2; k++) {
        int arm = (r + k) % 2;
        timed(
            arms[arm], input,
            shape); // the first forward after a switch of models refills caches: not timed
        for (int s = 0; s < steps; s++) {
          ms[arm][r * steps + s] = timed(arms[arm], input, shape);
        }
      }
      ratios[r] =
          Medians.of(Arrays.copyOfRange(ms[0], r * steps, (r + 1) * steps))
              / Medians.of(Arrays.copyOfRange(ms[1], r * steps, (r + 1) * steps));
    }
    return new Result(
        Medians.of(ms[0]),
        Medians.of(ms[1]),
        Medians.of(ratios),
        ratios,
        ops(ours, input, shape),
        ops(reference, input, shape));
  }

  private static double timed(Detector detector, FloatBuffer input, Shape shape) {
    try (NDManager sub = detector.manager().newSubManager()) {
      NDArray x = sub.create(input.duplicate(), shape);
      long t0 = System.nanoTime();
      detector.forward(x);
      return (System.nanoTime() - t0) / 1e6;
    }
  }

  /** Profiles one forward (untimed) and counts its CPU ops. */
  static OpCount ops(Detector detector, FloatBuffer input, Shape shape) throws IOException {
    Path file = Files.createTempFile("libreyolo-ops", ".json");
    try {
      try (CaptureSession session =
          CaptureSession.start(new CaptureOptions(true, 0, false, file))) {
        session.nextStep();
        timed(detector, input, shape);
        session.stop();
      }
      List<double[]> spans = new ArrayList<>();
      TraceReader.read(
          file,
          e -> {
            // aten ops only: a TorchScript forward is one "forward" event around all of them
            if ("cpu_op".equals(e.cat()) && e.name().startsWith("aten::")) {
              spans.add(new double[] {e.ts(), e.ts() + e.dur()});
            }
          });
      spans.sort(Comparator.<double[]>comparingDouble(s -> s[0]).thenComparingDouble(s -> -s[1]));
      int outermost = 0;
      double end = Double.NEGATIVE_INFINITY;
      for (double[] s : spans) {
        if (s[0] >= end) {
          outermost++;
          end = s[1];
        }
      }
      return new OpCount(spans.size(), outermost);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /**
   * The built-in LibreYOLO9t forward against the same network as TorchScript, at 320 and 640, with
   * the engine's threads and with 2 (libreyolo-profile-bench/bench/run passes 1).
   */
  static void rows(Table table, Device device, Path torchscriptDir, int warmup, int rounds) {
    int threads = Engines.threads();
    for (int t : threads == 2 ? new int[] {2} : new int[] {threads, 2}) {
      JniUtils.setNumThreads(t);
      for (int size : new int[] {320, 640}) {
        Path reference =
            (torchscriptDir != null
                    ? torchscriptDir
                    : Checkout.path("../shared/fixtures/torchscript"))
                .resolve("yolo9t-" + size + ".torchscript");
        if (!Files.isRegularFile(reference)) {
          table.row("forward parity @" + size, "skipped", "no " + reference);
          continue;
        }
        try (Detector ours = Detectors.randomInit(Yolo9Size.T, CocoNames.NAMES.size(), device, 0);
            Detector ts = new TorchScriptDetector(reference, device)) {
          DetectionPipeline predictor = new DetectionPipeline(ours, size, size, NmsOptions.DEFAULT);
          DetectionPipeline.Batch batch = predictor.preprocess(List.of(ImageSource.sample()));
          ForwardParityBench.Result r =
              ForwardParityBench.run(
                  ours,
                  ts,
                  batch.input(),
                  new Shape(1, 3, size, size),
                  Math.max(warmup, 3),
                  rounds,
                  5);
          String where = "t@" + size + ", " + t + " thread(s)";
          table.row("forward ms, built-in (" + where + ")", Table.f(r.oursMs(), 2), "");
          table.row("forward ms, TorchScript", Table.f(r.referenceMs(), 2), "");
          table.row(
              "built-in / TorchScript (median of " + rounds + ")",
              Table.f(r.ratio(), 3),
              t == 1 ? "<= 1.00" : "<= 1.05");
          double[] sorted = r.roundRatios().clone();
          java.util.Arrays.sort(sorted);
          table.row(
              "  per-round ratios, min - max",
              Table.f(sorted[0], 3) + " - " + Table.f(sorted[sorted.length - 1], 3),
              "");
          table.row(
              "  ops per forward, built-in / TorchScript",
              r.oursOps().recorded() + " / " + r.referenceOps().recorded(),
              "");
          table.row(
              "  outermost ops, built-in / TorchScript",
              r.oursOps().outermost() + " / " + r.referenceOps().outermost(),
              "");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    JniUtils.setNumThreads(threads);
  }
}
