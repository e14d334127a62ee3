package org.libreyolo.profile.internal.model;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;

/**
 * An ONNX model run by ONNX Runtime's own Java binding on its CPU provider (docs/onnx.md), for
 * inference only, behind the same {@link Detector} face as a TorchScript model: the pipeline's
 * preprocessed batch (a libtorch tensor) is copied into an ONNX Runtime tensor and the first output
 * copied back, both inside {@code forward}. Intra-op threads from {@code --threads}, inter-op 1,
 * sequential execution, ONNX Runtime's default optimisations. While the trace records, the runs go
 * through a second session with ONNX Runtime's profiler on ({@link #startProfiling}).
 */
public final class OnnxDetector implements Detector {
  private final OrtEnvironment env;
  private final Path file;
  private final int threads;
  private final NDManager manager;
  private final OrtSession plain;
  private final String inputName;
  private final long[] inputShape;
  private final long parameterCount;
  private OrtSession profiled;
  private final List<long[]> runBrackets = new ArrayList<>(); // System.nanoTime around each run
  private ModelInfo info;

  public OnnxDetector(Path file, Device device, int threads) {
    if (!Device.Type.CPU.equals(device.getDeviceType())) {
      throw LibreYoloException.badInput(
          "ONNX models run on the CPU here (ONNX Runtime's CPU provider): use --device cpu for "
              + file);
    }
    this.env = OrtEnvironment.getEnvironment();
    this.file = file;
    this.threads = threads;
    this.plain = session(null);
    try {
      Map<String, NodeInfo> inputs = plain.getInputInfo();
      if (inputs.size() != 1) {
        throw LibreYoloException.badInput(
            file
                + " takes "
                + inputs.size()
                + " inputs ("
                + String.join(", ", inputs.keySet())
                + "): profile infer feeds one image batch; export the model with a single"
                + " [N, 3, H, W] input");
      }
      Map.Entry<String, NodeInfo> input = inputs.entrySet().iterator().next();
      if (!(input.getValue().getInfo() instanceof TensorInfo t) || t.getShape().length != 4) {
        throw LibreYoloException.badInput(
            file + "'s input " + input.getKey() + " is not a [N, 3, H, W] tensor");
      }
      this.inputName = input.getKey();
      this.inputShape = t.getShape();
      this.parameterCount = -1; // ONNX Runtime's Java API does not list the initializers
    } catch (OrtException | RuntimeException e) {
      closeQuietly(plain);
      throw e instanceof LibreYoloException l ? l : bad(file, e);
    }
    this.manager = NDManager.newBaseManager(device);
  }

  private OrtSession session(String profilePrefix) {
    try (OrtSession.SessionOptions o = new OrtSession.SessionOptions()) {
      o.setIntraOpNumThreads(threads);
      o.setInterOpNumThreads(1);
      o.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
      if (profilePrefix != null) {
        o.enableProfiling(profilePrefix);
      }
      return env.createSession(file.toString(), o);
    } catch (OrtException | RuntimeException e) {
      throw bad(file, e);
    }
  }

  private static LibreYoloException bad(Path file, Exception e) {
    String msg = String.valueOf(e.getMessage());
    int nl = msg.indexOf('\n');
    return LibreYoloException.badInput(
        "cannot load ONNX model "
            + file
            + ": "
            + (nl < 0 ? msg : msg.substring(0, nl))
            + " (a valid .onnx file of an opset ONNX Runtime "
            + version()
            + " supports is needed)");
  }

  /** ONNX Runtime's version, as the model line and the environment say it. */
  public static String version() {
    return OrtEnvironment.getEnvironment().getVersion();
  }

  /** What runs the model, for the model line and the environment. */
  public static String engineLabel() {
    return "ONNX Runtime " + version() + ", provider CPUExecutionProvider";
  }

  /** The model file. */
  public Path file() {
    return file;
  }

  /** The model's input as the file declares it: -1 where a dimension is symbolic. */
  public long[] inputShape() {
    return inputShape.clone();
  }

  @Override
  public ModelInfo info() {
    return info != null
        ? info
        : new ModelInfo("ONNX", "?", -1, parameterCount, file.toString(), "onnx");
  }

  @Override
  public NDManager manager() {
    return manager;
  }

  @Override
  public Device device() {
    return manager.getDevice();
  }

  @Override
  public NDList forward(NDArray input) {
    long[] shape = input.getShape().getShape();
    checkFits(shape);
    OrtSession session = profiled != null ? profiled : plain;
    // a direct view of the libtorch tensor: ONNX Runtime reads it in place
    FloatBuffer view = input.toByteBuffer().order(java.nio.ByteOrder.nativeOrder()).asFloatBuffer();
    try (OnnxTensor x = OnnxTensor.createTensor(env, view, shape)) {
      long t0 = System.nanoTime();
      try (OrtSession.Result r = session.run(Map.of(inputName, x))) {
        long t1 = System.nanoTime();
        if (profiled != null) {
          runBrackets.add(new long[] {t0, t1});
        }
        OnnxTensor out = (OnnxTensor) r.get(0);
        long[] outShape = out.getInfo().getShape();
        FloatBuffer values = out.getFloatBuffer();
        float[] copy = new float[values.remaining()];
        values.get(copy);
        NDArray y = input.getManager().create(copy, new Shape(outShape));
        describe(outShape);
        return new NDList(y);
      }
    } catch (OrtException e) {
      throw LibreYoloException.badInput(
          "ONNX Runtime failed to run " + file + ": " + e.getMessage());
    }
  }

  /** A fixed input dimension run at another size is refused before ONNX Runtime sees it. */
  private void checkFits(long[] shape) {
    for (int d = 0; d < 4; d++) {
      if (inputShape[d] > 0 && inputShape[d] != shape[d]) {
        throw LibreYoloException.badInput(
            file + " has a fixed input shape " + java.util.Arrays.toString(inputShape));
      }
    }
  }

  private void describe(long[] shape) {
    if (info == null) {
      boolean yolo = shape.length == 3 && shape[1] > 4;
      info =
          new ModelInfo(
              yolo ? "LibreYOLO9 (ONNX)" : "ONNX",
              "?",
              yolo ? (int) shape[1] - 4 : -1,
              parameterCount,
              file.toString(),
              "onnx");
    }
  }

  /**
   * Runs through a profiling session from here on; its profile goes under {@code dir}. The new
   * session's first runs are cold, as the trace's first steps are (the analysis skips them).
   */
  public void startProfiling(Path dir) {
    runBrackets.clear();
    try {
      Files.createDirectories(dir);
    } catch (java.io.IOException e) {
      throw LibreYoloException.badInput("cannot write under " + dir + ": " + e.getMessage());
    }
    profiled = session(dir.resolve("onnxruntime").toString());
  }

  /**
   * Ends profiling and returns ONNX Runtime's profile file with the {@link System#nanoTime} bracket
   * of every profiled run, in order.
   */
  public Profiled stopProfiling() {
    if (profiled == null) {
      throw new IllegalStateException("not profiling");
    }
    try {
      return new Profiled(Path.of(profiled.endProfiling()), List.copyOf(runBrackets));
    } catch (OrtException e) {
      throw LibreYoloException.badInput(
          "ONNX Runtime could not write its profile: " + e.getMessage());
    } finally {
      closeQuietly(profiled);
      profiled = null;
    }
  }

  /**
   * @param file ONNX Runtime's profile (a Chrome-trace JSON array)
   * @param runs per profiled run, {@code [start, end]} on {@link System#nanoTime}'s clock
   */
  public record Profiled(Path file, List<long[]> runs) {}

  private static void closeQuietly(OrtSession session) {
    try {
      if (session != null) {
        session.close();
      }
    } catch (OrtException e) {
      // closing only frees native memory
    }
  }

  @Override
  public void close() {
    closeQuietly(profiled);
    closeQuietly(plain);
    manager.close();
  }
}
