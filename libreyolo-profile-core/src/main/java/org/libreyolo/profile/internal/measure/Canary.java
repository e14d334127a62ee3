package org.libreyolo.profile.internal.measure;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.SplittableRandom;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.weights.Detectors;

/**
 * A fixed workload timed in blocks interleaved with the measured step, in the baseline run and in
 * the current run alike. It does the same work every time, so a change in its time is the machine's
 * speed changing (another process, a slower core, a throttled VM); the gate judges the step's time
 * relative to it and stops at INCONCLUSIVE when it moved too much (docs/statistics.md, "Blocks and
 * the canary").
 */
public interface Canary extends AutoCloseable {
  /** What the canary computes, recorded in the profile: only like canaries normalise alike. */
  String name();

  /** One call of the fixed workload. */
  void run();

  @Override
  void close();

  /**
   * The engine canary: YOLOv9-t with seeded random weights on one fixed, seeded 128x128 image, on
   * the step's engine, device and threads (about 12 ms on one CPU thread). A network of the step's
   * own kind tracks this VM's speed changes better than a single convolution did: in the gate study
   * it cut the spread of a run's mean step time across processes from 9.3% to 5.2%, where a 3x3
   * convolution made it wider (docs/statistics.md).
   */
  static Canary engine(Device device) {
    return new NetworkCanary(device);
  }

  /**
   * The plain-JVM canary, for a step that does not run on the engine: a seeded sort and a matrix
   * product in plain Java (about 12 ms, as long as the engine canary: a call spans several
   * scheduler slices, so a busy neighbour stretches every call alike instead of some), so a
   * plain-Java perf test needs no native library and its canary shares its JIT and memory, not
   * libtorch's threads.
   */
  static Canary jvm() {
    return new JvmCanary();
  }

  /** The plain-JVM canary. */
  final class JvmCanary implements Canary {
    private static final int SORTED = 160_000;
    private static final int SIDE = 110;
    private final long[] values = new long[SORTED];
    private final double[] a = new double[SIDE * SIDE];
    private final double[] b = new double[SIDE * SIDE];
    private final double[] c = new double[SIDE * SIDE];
    private final long[] scratch = new long[SORTED];

    @SuppressWarnings("unused")
    private volatile double sink;

    private JvmCanary() {
      SplittableRandom random = new SplittableRandom(20261203L);
      for (int i = 0; i < SORTED; i++) {
        values[i] = random.nextLong();
      }
      for (int i = 0; i < a.length; i++) {
        a[i] = random.nextDouble();
        b[i] = random.nextDouble();
      }
      // compiled before it times anything: interpreted, its first calls take 10-25x longer, which
      // the drift sentinel would read as a machine that sped up during the run. The JIT compiles
      // the class's code once per JVM (per class loader): a later canary, one per perf test, needs
      // a few calls for its own arrays only
      int warmup = WARMED.get() ? WARMUP_AGAIN : WARMUP;
      for (int i = 0; i < warmup; i++) {
        run();
      }
      WARMED.set(true);
    }

    /** Calls before the JIT has compiled the workload (about 20 on HotSpot), with a margin. */
    private static final int WARMUP = 30;

    /** Calls of a canary made after the first in this JVM: its arrays into the caches. */
    private static final int WARMUP_AGAIN = 3;

    private static final java.util.concurrent.atomic.AtomicBoolean WARMED =
        new java.util.concurrent.atomic.AtomicBoolean();

    @Override
    public String name() {
      return "jvm seeded sort 160k + matmul 110";
    }

    @Override
    public void run() {
      System.arraycopy(values, 0, scratch, 0, SORTED);
      java.util.Arrays.sort(scratch);
      for (int i = 0; i < SIDE; i++) {
        for (int k = 0; k < SIDE; k++) {
          double aik = a[i * SIDE + k];
          for (int j = 0; j < SIDE; j++) {
            c[i * SIDE + j] += aik * b[k * SIDE + j];
          }
        }
      }
      sink = scratch[SORTED / 2] + c[SIDE + 1]; // consumed: the JIT keeps the work
    }

    @Override
    public void close() {}
  }

  /** The engine canary. */
  final class NetworkCanary implements Canary {
    private static final int SIDE = 128;
    private static final long SEED = 20261203L;
    private final Detector detector;
    private final NDArray input;

    private NetworkCanary(Device device) {
      detector = Detectors.randomInit(Yolo9Size.T, 80, device, SEED);
      SplittableRandom random = new SplittableRandom(SEED);
      float[] pixels = new float[3 * SIDE * SIDE];
      for (int i = 0; i < pixels.length; i++) {
        pixels[i] = (float) random.nextDouble();
      }
      input = detector.manager().create(pixels, new Shape(1, 3, SIDE, SIDE));
    }

    @Override
    public String name() {
      return "yolo9t seeded 128x128";
    }

    @Override
    public void run() {
      try (NDManager sub = detector.manager().newSubManager()) {
        NDArray x = input.duplicate(); // the forward's intermediates follow its input's manager
        x.attach(sub);
        detector
            .forward(x)
            .get(0)
            .sum()
            .getFloat(); // forces the work to finish before the clock stops
      }
    }

    @Override
    public void close() {
      detector.close();
    }
  }
}
