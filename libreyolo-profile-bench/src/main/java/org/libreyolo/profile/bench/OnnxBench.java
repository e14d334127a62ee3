package org.libreyolo.profile.bench;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.io.Tensor;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.model.TorchScriptDetector;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.runtime.onnx.OnnxDetector;
import org.libreyolo.profile.internal.runtime.onnx.OnnxSession;
import org.libreyolo.profile.internal.weights.WeightsLoader;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * LibreYOLO9t at 320 as ONNX (ONNX Runtime) against the same export as TorchScript (libtorch), same
 * weights, one process (docs/onnx.md): the largest output difference on the bundled image, and the
 * forward time of each, measured in alternating rounds.
 */
final class OnnxBench {
  private OnnxBench() {}

  static void run(Table table, Path fixtures, int rounds) {
    Path onnx = fixtures.resolve("onnx/yolo9t-320.onnx");
    Path ts = fixtures.resolve("torchscript/yolo9t-320.torchscript");
    if (!Files.isRegularFile(onnx) || !Files.isRegularFile(ts)) {
      table.row("onnx", "skipped", "no " + onnx + " or " + ts);
      return;
    }
    Device device = Engines.resolve(DeviceSpec.parse("cpu"));
    try (Detector a = new TorchScriptDetector(ts, device);
        Detector b = new OnnxDetector(onnx, device, Engines.threads());
        NDManager m = NDManager.newBaseManager(device)) {
      DetectionPipeline pipeline = new DetectionPipeline(a, 320, 320, NmsOptions.DEFAULT);
      DetectionPipeline.Batch batch = pipeline.preprocess(List.of(ImageSource.sample()));
      NDArray input =
          m.create(
              batch.input().duplicate(),
              new ai.djl.ndarray.types.Shape(1, 3, 320, 320),
              ai.djl.ndarray.types.DataType.FLOAT32);
      parityRow(table, "TorchScript (same export)", a, b, input);
      builtInParity(table, ts, b, input, device);
      double[] tsMs = new double[rounds];
      double[] ortMs = new double[rounds];
      for (int w = 0; w < 3; w++) {
        time(a, input, 1);
        time(b, input, 1);
      }
      for (int r = 0; r < rounds; r++) { // alternating, so drift falls on both
        boolean first = r % 2 == 0;
        double one = time(first ? a : b, input, 5);
        double two = time(first ? b : a, input, 5);
        tsMs[r] = first ? one : two;
        ortMs[r] = first ? two : one;
      }
      double[] ratios = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        ratios[r] = ortMs[r] / tsMs[r];
      }
      table.row(
          "forward ms @320, " + Engines.threads() + " thread(s): TorchScript / ONNX Runtime",
          Table.f(LatencyStats.median(tsMs), 2) + " / " + Table.f(LatencyStats.median(ortMs), 2),
          "");
      table.row(
          "  ONNX Runtime / TorchScript (median of " + rounds + " alternating rounds)",
          Table.f(LatencyStats.median(ratios), 3),
          "");
      profilerCost(table, ((OnnxDetector) b).session(), input, rounds);
    }
    compensation(table, ts, "TorchScript (libtorch)");
    compensation(table, onnx, "ONNX Runtime");
  }

  /**
   * The product's own compensation of a traced {@code infer} (30 runs, the 9 traced steps): the
   * traced forward after the per-op charge (libtorch's calibrated cost per op, ONNX Runtime's
   * measured cost per kernel) over the untraced forward, before any phase scaling.
   */
  private static void compensation(Table table, Path model, String engine) {
    try {
      Path project = Files.createTempDirectory("libreyolo-bench-compensation");
      try {
        org.libreyolo.profile.result.InferResult r =
            org.libreyolo.profile.produce.InferProfiler.run(
                org.libreyolo.profile.produce.InferOptions.builder()
                    .weights(model.toString())
                    .imgsz(320)
                    .device(DeviceSpec.parse("cpu"))
                    .threads(Engines.threads())
                    .warmup(5)
                    .runs(30)
                    .trace(true)
                    .project(project)
                    .build(),
                org.libreyolo.profile.options.Progress.NONE);
        com.fasterxml.jackson.databind.JsonNode c = r.profile().stored(ProfileSchema.COMPENSATION);
        table.row(
            engine + " @320: traced forward after the per-op charge / untraced",
            Table.f(
                    c.path(ProfileSchema.TRACED_OVER_UNTRACED)
                        .path(ProfileSchema.FORWARD)
                        .asDouble(Double.NaN),
                    3)
                + " (as recorded "
                + Table.f(
                    recordedForwardMs(c)
                        / r.profile().stagesMs().get(ProfileSchema.FORWARD).value(),
                    3)
                + ")",
            "0.90-1.10");
      } finally {
        org.libreyolo.profile.internal.io.Folders.delete(project);
      }
    } catch (java.io.IOException | RuntimeException e) {
      table.row(engine + " compensation", "failed", String.valueOf(e.getMessage()));
    }
  }

  /** The traced forward's mean ms per step as recorded (the analysis' raw phases). */
  private static double recordedForwardMs(com.fasterxml.jackson.databind.JsonNode compensation) {
    for (com.fasterxml.jackson.databind.JsonNode p :
        compensation.path(ProfileSchema.RAW).path(ProfileSchema.PHASES)) {
      if (p.path(ProfileSchema.PHASE).asText().equals(ProfileSchema.FORWARD)) {
        return p.path(ProfileSchema.WALL_MS_PER_STEP).asDouble(Double.NaN);
      }
    }
    return Double.NaN;
  }

  /** The largest output difference of {@code reference} and {@code onnx} on {@code input}. */
  private static void parityRow(
      Table table, String what, Detector reference, Detector onnx, NDArray input) {
    float[] x = reference.forward(input).get(0).toFloatArray();
    float[] y = onnx.forward(input).get(0).toFloatArray();
    double maxAbs = 0;
    double maxRef = 0;
    for (int i = 0; i < x.length; i++) {
      maxAbs = Math.max(maxAbs, Math.abs(x[i] - y[i]));
      maxRef = Math.max(maxRef, Math.abs(x[i]));
    }
    table.row(
        "LibreYOLO9t @320, ONNX Runtime vs " + what + ": max |diff|",
        String.format(java.util.Locale.ROOT, "%.2e (outputs up to %.1f)", maxAbs, maxRef),
        "<= 1e-4 (relative to the output's scale)");
  }

  /**
   * The built-in network with the export's weights (read from the TorchScript file by their
   * upstream names; its BatchNorm statistics are the fresh ones the export was traced with: mean 0,
   * variance 1) against the ONNX export: the same weights in both.
   */
  private static void builtInParity(
      Table table, Path torchscript, Detector onnx, NDArray input, Device device) {
    java.util.Map<String, Tensor> tensors = new java.util.HashMap<>();
    try (ai.djl.Model ts = ai.djl.Model.newInstance("ts", device, "PyTorch");
        Yolo9Detector ours =
            new Yolo9Detector(
                Yolo9Size.T, CocoNames.NAMES.size(), device, torchscript.toString())) {
      ts.load(torchscript.getParent(), torchscript.getFileName().toString());
      for (var p : ts.getBlock().getParameters()) {
        NDArray a = p.getValue().getArray();
        tensors.put(
            p.getKey(),
            new Tensor(p.getKey(), Tensor.DType.F32, a.getShape().getShape(), a.toByteBuffer()));
      }
      for (var e : ours.net().namedParameters().entrySet()) {
        String name = e.getKey();
        if (!tensors.containsKey(name)
            && (name.endsWith("running_mean") || name.endsWith("running_var"))) {
          long[] shape = e.getValue().getShape().getShape();
          float[] v = new float[(int) shape[0]];
          java.util.Arrays.fill(v, name.endsWith("running_var") ? 1f : 0f);
          java.nio.ByteBuffer b =
              java.nio.ByteBuffer.allocate(4 * v.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
          b.asFloatBuffer().put(v);
          tensors.put(name, new Tensor(name, Tensor.DType.F32, shape, b));
        }
      }
      WeightsLoader.apply(tensors, ours.net().namedParameters(), torchscript.toString());
      parityRow(table, "the built-in net (same weights)", ours, onnx, input);
    } catch (java.io.IOException | ai.djl.MalformedModelException | RuntimeException e) {
      table.row("built-in vs ONNX parity", "failed", String.valueOf(e.getMessage()));
    }
  }

  /**
   * What ONNX Runtime's profiler costs a run: the plain session against a profiling one, in
   * alternating rounds (a new profiling session per round, warmed, outside the timing), and that
   * difference per kernel.
   */
  private static void profilerCost(Table table, OnnxSession s, NDArray input, int rounds) {
    double[] off = new double[rounds];
    double[] on = new double[rounds];
    int kernels = 0;
    try {
      Path dir = Files.createTempDirectory("libreyolo-bench-ort");
      float[] data = input.toFloatArray();
      long[] shape = input.getShape().getShape();
      for (int r = 0; r < rounds; r++) {
        off[r] = runs(s, data, shape, 5);
        s.startProfiling(dir);
        runs(s, data, shape, 2);
        on[r] = runs(s, data, shape, 5);
        OnnxSession.Profiled p = s.stopProfiling();
        kernels = countKernels(p.file()) / 7; // 2 warm + 5 timed runs profiled
        Files.deleteIfExists(p.file());
      }
      Files.deleteIfExists(dir);
    } catch (java.io.IOException | ai.onnxruntime.OrtException e) {
      table.row("ONNX Runtime profiler cost", "failed", e.getMessage());
      return;
    }
    double ratio = LatencyStats.median(on) / LatencyStats.median(off);
    table.row(
        "ONNX Runtime's profiler on / off, forward @320 (median of " + rounds + " rounds)",
        Table.f(ratio, 3)
            + " ("
            + Table.f(LatencyStats.median(on), 2)
            + " vs "
            + Table.f(LatencyStats.median(off), 2)
            + " ms)",
        "");
    table.row(
        "  per kernel (" + kernels + " per run)",
        Table.f(1000 * (LatencyStats.median(on) - LatencyStats.median(off)) / kernels, 2) + " us",
        "");
  }

  /** Kernel events in ONNX Runtime's profile. */
  private static int countKernels(Path file) throws java.io.IOException {
    int n = 0;
    for (var e : org.libreyolo.profile.result.Json.MAPPER.readTree(file.toFile())) {
      n += e.path("name").asText().endsWith("_kernel_time") ? 1 : 0;
    }
    return n;
  }

  /** Median ms of {@code n} runs of the session. */
  private static double runs(OnnxSession s, float[] data, long[] shape, int n)
      throws ai.onnxruntime.OrtException {
    double[] ms = new double[n];
    for (int i = 0; i < n; i++) {
      try (ai.onnxruntime.OnnxTensor x =
          ai.onnxruntime.OnnxTensor.createTensor(
              s.environment(), java.nio.FloatBuffer.wrap(data), shape)) {
        long t0 = System.nanoTime();
        s.run(java.util.Map.of("images", x)).close();
        ms[i] = (System.nanoTime() - t0) / 1e6;
      }
    }
    return LatencyStats.median(ms);
  }

  /** Median ms of {@code n} forwards, each in its own sub-manager. */
  private static double time(Detector d, NDArray input, int n) {
    double[] ms = new double[n];
    for (int i = 0; i < n; i++) {
      try (NDManager sub = input.getManager().newSubManager()) {
        long t0 = System.nanoTime();
        NDList out = d.forward(input);
        out.get(0).toFloatArray();
        ms[i] = (System.nanoTime() - t0) / 1e6;
      }
    }
    return LatencyStats.median(ms);
  }
}
