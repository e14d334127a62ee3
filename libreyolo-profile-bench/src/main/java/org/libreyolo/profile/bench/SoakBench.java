package org.libreyolo.profile.bench;

import ai.djl.ndarray.BaseNDManager;
import ai.djl.ndarray.NDManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;

/** Long runs that must hold native memory flat: managed-array counts and resident memory. */
public final class SoakBench {
  private SoakBench() {}

  /**
   * Arrays the detector's manager holds, and RSS in MB, before and after; plus the max RSS seen.
   */
  public record Result(
      int arraysBefore, int arraysAfter, double rssBeforeMb, double rssAfterMb, double rssMaxMb) {}

  public static Result inference(
      DetectionPipeline predictor, List<RgbImage> images, int iterations) {
    BaseNDManager manager = (BaseNDManager) predictor.detector().manager();
    predictor.predict(images);
    int before = manager.getManagedArrays().size();
    double rssBefore = rssMb();
    double max = rssBefore;
    for (int i = 0; i < iterations; i++) {
      predictor.predict(images);
      if (i % 100 == 0) {
        max = Math.max(max, rssMb());
      }
    }
    return new Result(
        before, manager.getManagedArrays().size(), rssBefore, rssMb(), Math.max(max, rssMb()));
  }

  /** Runs {@code step} repeatedly; the manager is the one whose arrays must stay flat. */
  public static Result loop(NDManager watched, Runnable step, int iterations) {
    BaseNDManager manager = (BaseNDManager) watched;
    step.run();
    int before = manager.getManagedArrays().size();
    double rssBefore = rssMb();
    double max = rssBefore;
    for (int i = 0; i < iterations; i++) {
      step.run();
      if (i % 20 == 0) {
        max = Math.max(max, rssMb());
      }
    }
    return new Result(
        before, manager.getManagedArrays().size(), rssBefore, rssMb(), Math.max(max, rssMb()));
  }

  static double rssMb() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.substring(6).trim().split("\\s+")[0]) / 1024.0;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return Double.NaN;
  }
}
