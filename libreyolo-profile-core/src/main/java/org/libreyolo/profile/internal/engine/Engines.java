package org.libreyolo.profile.internal.engine;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.pytorch.jni.JniUtils;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.options.DeviceSpec;

/**
 * The one place that boots DJL's PyTorch engine: offline, with the intra-op thread count chosen by
 * the caller and one inter-op thread. Everything else asks this class for the engine and the
 * device; nothing else touches {@code Engine}, thread settings or {@code Device.gpu}.
 */
public final class Engines {
  private static final Object LOCK = new Object();
  private static volatile Engine engine;
  private static int intraOpThreads;
  private static String nativeWarnings = "engine not booted";

  private Engines() {}

  /** Offline flags must be set before DJL's Engine class initialises (it calls home otherwise). */
  static {
    System.setProperty("ai.djl.offline", "true");
    System.setProperty("OPT_OUT_TRACKING", "true");
    if (System.getProperty("org.slf4j.simpleLogger.log.ai.djl.util.cuda.CudaUtils") == null) {
      System.setProperty("org.slf4j.simpleLogger.log.ai.djl.util.cuda.CudaUtils", "error");
    }
  }

  /**
   * Default intra-op threads: the {@code ai.djl.pytorch.num_threads} property, else all cores but
   * one. libtorch's OpenMP threads spin-wait for each other; when another process holds a core, the
   * thread on it is descheduled and every op waits for it. Leaving one core free keeps a busy CI
   * machine from collapsing the run (docs/measurement.md, "Threads").
   */
  public static int defaultThreads() {
    String prop = System.getProperty("ai.djl.pytorch.num_threads");
    if (prop != null) {
      try {
        int n = Integer.parseInt(prop.trim());
        if (n > 0) {
          return n;
        }
      } catch (NumberFormatException ignored) {
        // fall through to the core count
      }
    }
    return Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
  }

  /**
   * Refuses a thread count outside 1..cores before any work: more intra-op threads than cores spin
   * and wait for each other (a forward 400x slower), a measurement of the oversubscription alone.
   */
  public static void checkThreads(int threads) {
    int cores = Runtime.getRuntime().availableProcessors();
    if (threads < 1 || threads > cores) {
      throw LibreYoloException.badInput(
          "{threads} must be within 1.." + cores + " (the cores this machine has), got " + threads);
    }
  }

  /** Boots the engine (once) and sets the intra-op thread count (any time). */
  public static Engine boot(int threads) {
    if (threads <= 0) {
      throw LibreYoloException.badInput("{threads} must be >= 1, got " + threads);
    }
    synchronized (LOCK) {
      if (engine == null) {
        System.setProperty("ai.djl.pytorch.num_threads", Integer.toString(threads));
        if (System.getProperty("ai.djl.pytorch.num_interop_threads") == null) {
          System.setProperty("ai.djl.pytorch.num_interop_threads", "1");
        }
        requireNative();
        try {
          engine = Engine.getEngine("PyTorch");
        } catch (RuntimeException e) {
          throw LibreYoloException.badInput(
              "the PyTorch engine did not start: "
                  + e.getMessage()
                  + " (see docs/maven.md, \"Choosing the native library\")",
              e);
        }
        intraOpThreads = JniUtils.getNumThreads();
        // -Dlibreyolo.nativeWarnings=keep leaves libtorch's warnings as they are (to see them, or
        // to measure their cost)
        nativeWarnings =
            "keep".equals(System.getProperty("libreyolo.nativeWarnings"))
                ? "kept (libreyolo.nativeWarnings=keep)"
                : NativeWarnings.quiet();
      }
      if (intraOpThreads != threads) {
        JniUtils.setNumThreads(threads);
        intraOpThreads = threads;
      }
      return engine;
    }
  }

  /**
   * DJL leaves the libtorch build to the application (docs/maven.md, "Choosing the native
   * library"). Offline, without one DJL fails deep inside a download attempt; say what to add.
   */
  private static void requireNative() {
    boolean onClasspath =
        Engines.class.getClassLoader().getResource("native/lib/pytorch.properties") != null;
    if (!onClasspath && System.getenv("PYTORCH_LIBRARY_PATH") == null) {
      throw LibreYoloException.badInput(
          "no PyTorch native library: add ai.djl.pytorch:pytorch-native-cpu"
              + " (classifier linux-x86_64) or a CUDA native to the application's dependencies, or set"
              + " PYTORCH_LIBRARY_PATH (see docs/maven.md, \"Choosing the native library\")");
    }
  }

  /** Boots with {@link #defaultThreads()} if nothing booted it yet. */
  public static Engine get() {
    Engine e = engine;
    return e != null ? e : boot(defaultThreads());
  }

  /**
   * What was done so that libtorch writes nothing inside timed iterations ({@link NativeWarnings}).
   */
  public static String nativeWarnings() {
    return nativeWarnings;
  }

  /** Whether something booted the engine already (fingerprints need not boot it). */
  public static boolean booted() {
    return engine != null;
  }

  public static int threads() {
    get();
    return intraOpThreads;
  }

  /**
   * {@code auto} decided: CUDA 0 when the engine sees a GPU, else the CPU; any other spec as it is.
   */
  public static DeviceSpec concrete(DeviceSpec spec) {
    if (!spec.auto()) {
      return spec;
    }
    return get().getGpuCount() > 0 ? new DeviceSpec(true, 0) : DeviceSpec.CPU;
  }

  /**
   * Turns a device spec into a DJL device, failing before any tensor op when CUDA is asked for but
   * this engine has none (DJL would otherwise fail at the first op with a 60-line error).
   */
  public static Device resolve(DeviceSpec spec) {
    spec = concrete(spec);
    if (!spec.cuda()) {
      return Device.cpu();
    }
    int gpus = get().getGpuCount();
    if (gpus <= 0) {
      throw LibreYoloException.badInput(
          "no CUDA device/engine is available for {device} "
              + spec.index()
              + " (this build has the CPU libtorch); use {device} cpu to measure on the CPU");
    }
    if (spec.index() >= gpus) {
      throw LibreYoloException.badInput(
          "{device} " + spec.index() + " is out of range: " + gpus + " CUDA device(s) found");
    }
    return Device.gpu(spec.index());
  }
}
