package org.libreyolo.profile.internal.train;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.engine.EngineException;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;

/**
 * {@code --batch -1} on CPU: the largest power-of-two batch whose forward+backward keeps the
 * process's peak resident memory near 70% of the memory available at the start (probed with short
 * passes; VmHWM is reset between probes through /proc/self/clear_refs).
 */
public final class BatchFit {
  public static final int MAX_BATCH = 64;

  private BatchFit() {}

  public static int largest(Yolo9Size size, int nc, int imgsz, Device device) {
    long budget = (long) (memAvailableBytes() * 0.7) + residentBytes();
    int best = 1;
    try (Yolo9Detector detector = new Yolo9Detector(size, nc, device, "probe")) {
      for (int batch = 1; batch <= MAX_BATCH; batch *= 2) {
        resetPeak();
        try (NDManager sub = detector.manager().newSubManager();
            GradientCollector collector = Engine.getInstance().newGradientCollector()) {
          var raw = detector.forwardTraining(sub.ones(new Shape(batch, 3, imgsz, imgsz)));
          collector.backward(raw.get(0).mean().add(raw.get(1).mean()).add(raw.get(2).mean()));
        } catch (EngineException e) {
          // batch 1 at a small imgsz: BatchNorm has one value per channel on the 1x1 maps
          continue;
        }
        if (peakBytes() > budget) {
          break;
        }
        best = batch;
      }
    }
    return best;
  }

  static long memAvailableBytes() {
    return procKb(Path.of("/proc/meminfo"), "MemAvailable:") * 1024;
  }

  static long residentBytes() {
    return procKb(Path.of("/proc/self/status"), "VmRSS:") * 1024;
  }

  static long peakBytes() {
    return procKb(Path.of("/proc/self/status"), "VmHWM:") * 1024;
  }

  static void resetPeak() {
    try {
      Files.writeString(Path.of("/proc/self/clear_refs"), "5");
    } catch (IOException | RuntimeException e) {
      // not Linux: the peak only grows, which makes the fit conservative
    }
  }

  private static long procKb(Path file, String key) {
    try {
      for (String line : Files.readAllLines(file)) {
        if (line.startsWith(key)) {
          return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
        }
      }
    } catch (IOException | RuntimeException e) {
      // fall through
    }
    return Runtime.getRuntime().maxMemory() / 1024;
  }
}
