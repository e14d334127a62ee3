package org.libreyolo.profile.produce;

import java.nio.file.Path;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.engine.DeviceSpec;
import org.libreyolo.profile.pipeline.DetectionPipeline;

/** Everything {@code profile run} takes, validated before any work. {@code batch -1} auto-fits. */
public record TrainOptions(String data, String weights, String size, int batch, int imgsz, int workers, boolean amp,
    int steps, int warmup, int repeat, DeviceSpec device, int threads, Path project, Path datasetCache) {

  public TrainOptions {
    if (data == null || data.isBlank()) {
      throw LibreYoloException.badInput("missing <data>: a data YAML or a dataset name such as shapes128");
    }
    if (batch == 0 || batch < -1) {
      throw LibreYoloException.badInput("--batch must be >= 1, or -1 to auto-fit, got " + batch);
    }
    DetectionPipeline.checkSize("size", imgsz);
    if (workers < 0) {
      throw LibreYoloException.badInput("--workers must be >= 0, got " + workers);
    }
    if (steps <= 0) {
      throw LibreYoloException.badInput("--steps must be >= 1, got " + steps);
    }
    if (warmup < 0) {
      throw LibreYoloException.badInput("--warmup must be >= 0, got " + warmup);
    }
    if (repeat < 0) {
      throw LibreYoloException.badInput("--repeat must be >= 0, got " + repeat);
    }
    if (threads < 1) {
      throw LibreYoloException.badInput("--threads must be >= 1, got " + threads);
    }
  }

  /** The reference clamps the measured steps to at least 2. */
  int measuredSteps() {
    return Math.max(2, steps);
  }

  int trials() {
    return Math.max(1, repeat);
  }
}
