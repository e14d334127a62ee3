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
 * the current run alike. It does the same work every time, so a change in its time is the
 * machine's speed changing (another process, a slower core, a throttled VM); the gate judges the
 * step's time relative to it and stops at INCONCLUSIVE when it moved too much
 * (docs/statistics.md, "Blocks and the canary").
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
   * the step's engine, device and threads (about 12 ms on one CPU thread). A network of the
   * step's own kind tracks this VM's speed changes better than a single convolution did: in the
   * gate study it cut the spread of a run's mean step time across processes from 9.3% to 5.2%,
   * where a 3x3 convolution made it wider (docs/statistics.md).
   */
  static Canary engine(Device device) {
    return new NetworkCanary(device);
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
        detector.forward(x).get(0).sum().getFloat(); // forces the work to finish before the clock stops
      }
    }

    @Override
    public void close() {
      detector.close();
    }
  }
}
