package org.libreyolo.profile.internal.runtime.onnx;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensorLike;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.io.Folders;

/**
 * An ONNX model in ONNX Runtime as this tool runs it (docs/onnx.md): CPU provider, intra-op threads
 * as given, inter-op 1, sequential execution, the default optimisations. While the trace records,
 * runs go through a second session with ONNX Runtime's profiler on ({@link #startProfiling}), and
 * each run's {@link System#nanoTime} bracket is kept to place its kernels on the trace's clock.
 */
public final class OnnxSession implements AutoCloseable {
  private final OrtEnvironment env = loaded();
  private final Path file;
  private final int threads;
  private final OrtSession plain;
  private OrtSession profiled;
  private final List<long[]> runBrackets = new ArrayList<>();

  /** How many untraced runs' walls are kept, the latest ones. */
  static final int PLAIN_RUNS_KEPT = 64;

  private final long[] plainRunNs = new long[PLAIN_RUNS_KEPT];
  private int plainRuns;

  /**
   * @param file the model
   * @param threads ONNX Runtime's intra-op threads, at least 1
   */
  public OnnxSession(Path file, int threads) {
    if (threads < 1) {
      throw LibreYoloException.badInput("ONNX Runtime needs at least 1 thread, got " + threads);
    }
    this.file = file;
    this.threads = threads;
    this.plain = session(null);
  }

  private OrtSession session(String profilePrefix) {
    if (Files.isDirectory(file)) {
      throw LibreYoloException.badInput(file + " is a directory, not an ONNX model");
    }
    try (OrtSession.SessionOptions o = new OrtSession.SessionOptions()) {
      o.setIntraOpNumThreads(threads);
      o.setInterOpNumThreads(1);
      o.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
      if (profilePrefix != null) {
        o.enableProfiling(profilePrefix);
      }
      return env.createSession(file.toString(), o);
    } catch (OrtException | RuntimeException e) {
      String msg = String.valueOf(e.getMessage());
      int nl = msg.indexOf('\n');
      throw LibreYoloException.badInput(
          "cannot load ONNX model "
              + file
              + ": "
              + (nl < 0 ? msg : msg.substring(0, nl))
              + " (a valid .onnx file of an opset ONNX Runtime "
              + version()
              + " supports is needed)");
    }
  }

  /** ONNX Runtime's version. */
  public static String version() {
    return loaded().getVersion();
  }

  private static volatile boolean extractionRemoved;

  /**
   * ONNX Runtime's environment, its extraction folder removed. Loading the library copies its
   * natives into a fresh {@code onnxruntime-java*} folder in the temp directory and leaves that
   * folder behind (one more per process: the shared-provider library inside it is marked for
   * deletion after the folder). The libraries are mapped once loaded, and this tool runs the CPU
   * provider only, so the folder goes as soon as the environment exists. The folder is the one ONNX
   * Runtime names in its loader (found by reflection; where a version keeps it elsewhere, nothing
   * is removed).
   */
  static OrtEnvironment loaded() {
    OrtEnvironment env = OrtEnvironment.getEnvironment();
    if (!extractionRemoved) {
      extractionRemoved = true;
      try {
        java.lang.reflect.Field f =
            Class.forName("ai.onnxruntime.OnnxRuntime").getDeclaredField("tempDirectory");
        f.setAccessible(true);
        if (f.get(null) instanceof Path dir
            && dir.getFileName().toString().startsWith("onnxruntime-java")) {
          Folders.deleteQuietly(dir);
        }
      } catch (ReflectiveOperationException | RuntimeException e) {
        // another ONNX Runtime version: its folder stays, as it would without this tool
      }
    }
    return env;
  }

  /** What runs the model, for the model line and the environment. */
  public static String engineLabel() {
    return "ONNX Runtime " + version() + ", provider CPUExecutionProvider";
  }

  /** The environment tensors are created in. */
  public OrtEnvironment environment() {
    return env;
  }

  /** The model file. */
  public Path file() {
    return file;
  }

  /** The model's inputs, by name. */
  public Map<String, NodeInfo> inputs() {
    try {
      return plain.getInputInfo();
    } catch (OrtException e) {
      throw LibreYoloException.badInput(
          "cannot read the inputs of " + file + ": " + e.getMessage());
    }
  }

  /**
   * One run; the caller closes the result.
   *
   * @param inputs the model's inputs by name
   * @return ONNX Runtime's outputs
   */
  public OrtSession.Result run(Map<String, ? extends OnnxTensorLike> inputs) throws OrtException {
    OrtSession session = profiled != null ? profiled : plain;
    long t0 = System.nanoTime();
    OrtSession.Result r = session.run(inputs);
    long t1 = System.nanoTime();
    if (profiled != null) {
      runBrackets.add(new long[] {t0, t1});
    } else { // the untraced runs' walls: what the profiler's runs are measured against
      plainRunNs[plainRuns++ % plainRunNs.length] = t1 - t0;
    }
    return r;
  }

  /**
   * Runs through a profiling session from here on; its profile goes under {@code dir}. The new
   * session's first runs are cold, as the trace's first steps are (the analysis skips them).
   */
  public void startProfiling(Path dir) {
    runBrackets.clear();
    profiled = session(dir.resolve("onnxruntime").toString());
  }

  /**
   * The median wall of the latest untraced runs (up to {@value #PLAIN_RUNS_KEPT}, the first two of
   * the session left out as cold), ns, or NaN before any.
   */
  double untracedMedianNs() {
    int n = Math.min(plainRuns, plainRunNs.length);
    int cold = plainRuns <= plainRunNs.length ? Math.min(2, Math.max(0, n - 1)) : 0;
    long[] walls = new long[n - cold];
    for (int i = cold; i < n; i++) {
      walls[i - cold] = plainRunNs[i];
    }
    java.util.Arrays.sort(walls);
    return walls.length == 0 ? Double.NaN : walls[walls.length / 2];
  }

  /**
   * Ends profiling and returns ONNX Runtime's profile file with the bracket of every profiled run
   * and the untraced runs' median wall.
   */
  public Profiled stopProfiling() {
    if (profiled == null) {
      throw new IllegalStateException("not profiling");
    }
    try {
      return new Profiled(
          Path.of(profiled.endProfiling()), List.copyOf(runBrackets), untracedMedianNs());
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
   * @param untracedMedianNs the untraced runs' median wall, ns, or NaN when none ran
   */
  public record Profiled(Path file, List<long[]> runs, double untracedMedianNs) {
    /**
     * ONNX Runtime's profiler cost per kernel, µs: the profiled runs' median wall (the two cold
     * first runs left out when there are more) over the untraced runs', spread over the {@code
     * kernels} each run records; NaN without untraced runs to compare with.
     */
    public double costPerKernelUs(int kernels) {
      if (Double.isNaN(untracedMedianNs) || kernels <= 0 || runs.isEmpty()) {
        return Double.NaN;
      }
      int cold = runs.size() > 2 ? 2 : 0;
      long[] walls = runs.stream().skip(cold).mapToLong(r -> r[1] - r[0]).sorted().toArray();
      double traced = walls[walls.length / 2];
      return Math.max(0, traced - untracedMedianNs) / 1000.0 / kernels;
    }
  }

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
  }
}
