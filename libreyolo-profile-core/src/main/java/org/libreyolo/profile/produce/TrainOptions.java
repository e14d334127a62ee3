package org.libreyolo.profile.produce;

import java.nio.file.Path;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.options.DeviceSpec;

/**
 * Everything {@code profile run} takes, validated before any work. {@code batch -1} auto-fits.
 *
 * @param data the dataset: a name such as shapes128, or a data YAML
 * @param weights the weights file or built-in name; null for the size's default
 * @param size the model size: t, s, m or c
 * @param batch images per forward or training step
 * @param imgsz the input height and width, a positive multiple of 32
 * @param workers data-loading threads, at least 0
 * @param amp whether mixed precision was asked for
 * @param steps measured training steps, at least 2
 * @param warmup discarded iterations before the measured ones, at least 0
 * @param repeat trials in this process, at least 1
 * @param device the device, e.g. auto, cpu or cuda:0
 * @param threads intra-op threads, at least 1
 * @param project the output directory
 * @param datasetCache where datasets are cached
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record TrainOptions(
    String data,
    String weights,
    String size,
    int batch,
    int imgsz,
    int workers,
    boolean amp,
    int steps,
    int warmup,
    int repeat,
    DeviceSpec device,
    int threads,
    Path project,
    Path datasetCache) {

  /** Where built-in datasets are generated once and reused. */
  public static final Path DATASET_CACHE =
      Path.of(System.getProperty("user.home"), ".cache", "libreyolo", "datasets");

  /**
   * A builder with every default.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Options by name, starting from the shared defaults ({@link Defaults}); {@link #build()}
   * validates.
   */
  public static final class Builder extends ModelRunBuilder<Builder> {
    private String data = Defaults.Train.DATA;
    private int workers = Defaults.Train.WORKERS_VALUE;
    private boolean amp = Defaults.Train.AMP_VALUE;
    private int steps = Defaults.Train.STEPS_VALUE;
    private Path datasetCache = DATASET_CACHE;

    private Builder() {
      super(
          Defaults.Train.BATCH_VALUE,
          Defaults.Train.IMGSZ_VALUE,
          Defaults.Train.WARMUP_VALUE,
          Defaults.Train.REPEAT_VALUE);
    }

    /**
     * Sets the dataset: a name such as shapes128, or a data YAML.
     *
     * @param v the dataset: a name such as shapes128, or a data YAML
     * @return this builder
     */
    public Builder data(String v) {
      data = v;
      return this;
    }

    /**
     * Sets data-loading threads, at least 0.
     *
     * @param v data-loading threads, at least 0
     * @return this builder
     */
    public Builder workers(int v) {
      workers = v;
      return this;
    }

    /**
     * Sets whether mixed precision was asked for.
     *
     * @param v whether mixed precision was asked for
     * @return this builder
     */
    public Builder amp(boolean v) {
      amp = v;
      return this;
    }

    /**
     * Sets measured training steps, at least 2.
     *
     * @param v measured training steps, at least 2
     * @return this builder
     */
    public Builder steps(int v) {
      steps = v;
      return this;
    }

    /**
     * Sets where datasets are cached.
     *
     * @param v where datasets are cached
     * @return this builder
     */
    public Builder datasetCache(Path v) {
      datasetCache = v;
      return this;
    }

    /**
     * Checks the options: bad input fails here, before any work.
     *
     * @return the checked options
     */
    public TrainOptions build() {
      return new TrainOptions(
          data,
          weights,
          size,
          batch,
          imgsz,
          workers,
          amp,
          steps,
          warmup,
          repeat,
          device,
          threads != null ? threads : Engines.defaultThreads(),
          project,
          datasetCache);
    }
  }

  public TrainOptions {
    if (data == null || data.isBlank()) {
      throw LibreYoloException.badInput(
          "missing <data>: a data YAML or a dataset name such as shapes128");
    }
    if (batch == 0 || batch < -1) {
      throw LibreYoloException.badInput("{batch} must be >= 1, or -1 to auto-fit, got " + batch);
    }
    DetectionPipeline.checkSize("size", imgsz);
    if (workers < 0) {
      throw LibreYoloException.badInput("{workers} must be >= 0, got " + workers);
    }
    if (steps < 2) {
      // the reference silently measures 2 for --steps 1: refused here, so the profile records what
      // ran
      throw LibreYoloException.badInput("{steps} must be >= 2, got " + steps);
    }
    if (warmup < 0) {
      throw LibreYoloException.badInput("{warmup} must be >= 0, got " + warmup);
    }
    if (repeat < 1) { // the reference runs one trial for 0 (docs/deviations.md)
      throw LibreYoloException.badInput(
          "{repeat} must be >= 1 (trials in this process), got " + repeat);
    }
    Engines.checkThreads(threads);
  }

  /**
   * These options with {@code auto} decided; producers call it once the engine is up.
   *
   * @return the options with auto resolved
   */
  public TrainOptions concrete() {
    return device.auto()
        ? new TrainOptions(
            data,
            weights,
            size,
            batch,
            imgsz,
            workers,
            amp,
            steps,
            warmup,
            repeat,
            Engines.concrete(device),
            threads,
            project,
            datasetCache)
        : this;
  }

  /** Measured steps: exactly {@code steps} (at least 2, checked above). */
  int measuredSteps() {
    return steps;
  }

  int trials() {
    return Math.max(1, repeat);
  }
}
