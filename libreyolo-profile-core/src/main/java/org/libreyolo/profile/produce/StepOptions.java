package org.libreyolo.profile.produce;

import java.nio.file.Path;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.options.Progress;

/**
 * How {@link CustomStepProfiler} measures one step: its name and model, iterations, unit, output
 * and what is recorded beside the timing.
 *
 * @param name the step's name (config.step)
 * @param model what is measured (config.model), e.g. the test's class and method
 * @param items items one step processes, for the throughput
 * @param unit what an item is, for the throughput's unit ({@code images}: images/s)
 * @param device where the step ran ("cpu", "cuda:0")
 * @param modelParams parameters of the measured model, or -1 when unknown
 * @param warmup discarded iterations before the measured ones, at least 0
 * @param runs measured iterations
 * @param repeat trials in this process, at least 1
 * @param trace whether to record a trace
 * @param outputDirectory the directory the files are written to
 * @param runsOn the deployed model the step runs (its engine's kernels a traced step records), or
 *     null for a DJL model or plain Java
 * @param javaSamples whether JDK Flight Recorder samples the measured iterations' Java methods
 * @param sampledMs how long untimed steps after the measured ones are sampled where those give too
 *     few samples ({@link Defaults#SAMPLED_MS}; 0: none, where the samples come from elsewhere)
 * @param progress where a long measurement reports how far it is ({@link Progress#NONE}: nowhere)
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record StepOptions(
    String name,
    String model,
    int warmup,
    int runs,
    int repeat,
    boolean trace,
    int items,
    String unit,
    Path outputDirectory,
    String device,
    long modelParams,
    DeployedModel runsOn,
    boolean javaSamples,
    double sampledMs,
    Progress progress) {
  public StepOptions {
    if (warmup < 0 || runs < 2 || repeat < 1 || items < 1) {
      throw LibreYoloException.badInput(
          "a profiled step needs warmup >= 0, runs >= 2, repeat >= 1 and items >= 1"
              + " (got warmup "
              + warmup
              + ", runs "
              + runs
              + ", repeat "
              + repeat
              + ", items "
              + items
              + ")");
    }
  }

  /**
   * A builder starting from the perf tests' defaults ({@link Defaults.Step}); name and model are
   * required.
   *
   * @param name the step's name (config.step)
   * @param model what is measured (config.model)
   * @return a new builder
   */
  public static Builder builder(String name, String model) {
    return new Builder(name, model);
  }

  /** Step options by name; {@link #build()} validates. */
  public static final class Builder {
    private final String name;
    private final String model;
    private int warmup = Defaults.Step.WARMUP;
    private int runs = Defaults.Step.RUNS;
    private int repeat = Defaults.Step.REPEAT;
    private boolean trace = Defaults.Step.TRACE;
    private int items = Defaults.Step.ITEMS;
    private String unit = Defaults.Step.UNIT;
    private Path outputDirectory = Path.of(Defaults.Step.OUTPUT_DIRECTORY);
    private String device = "cpu";
    private long modelParams = -1;
    private DeployedModel runsOn;
    private boolean javaSamples = org.libreyolo.profile.Properties.javaSamples();
    private double sampledMs = Defaults.SAMPLED_MS;
    private Progress progress = Progress.NONE;

    private Builder(String name, String model) {
      this.name = name;
      this.model = model;
    }

    /**
     * Sets the discarded iterations before the measured ones, at least 0.
     *
     * @param v the discarded iterations before the measured ones, at least 0
     * @return this builder
     */
    public Builder warmup(int v) {
      warmup = v;
      return this;
    }

    /**
     * Sets the measured iterations, at least 2.
     *
     * @param v the measured iterations, at least 2
     * @return this builder
     */
    public Builder runs(int v) {
      runs = v;
      return this;
    }

    /**
     * Sets the trials in this process, at least 1.
     *
     * @param v the trials in this process, at least 1
     * @return this builder
     */
    public Builder repeat(int v) {
      repeat = v;
      return this;
    }

    /**
     * Sets whether to record a trace.
     *
     * @param v whether to record a trace
     * @return this builder
     */
    public Builder trace(boolean v) {
      trace = v;
      return this;
    }

    /**
     * Sets the items one step processes, for the throughput.
     *
     * @param v the items one step processes, for the throughput
     * @return this builder
     */
    public Builder items(int v) {
      items = v;
      return this;
    }

    /**
     * Sets what an item is, for the throughput's unit ({@code images}: images/s).
     *
     * @param v the unit's name; null or blank: {@link Defaults.Step#UNIT}
     * @return this builder
     */
    public Builder unit(String v) {
      unit = v == null || v.isBlank() ? Defaults.Step.UNIT : v.strip();
      return this;
    }

    /**
     * Sets the directory the files are written to.
     *
     * @param v the directory the files are written to
     * @return this builder
     */
    public Builder outputDirectory(Path v) {
      outputDirectory = v;
      return this;
    }

    /**
     * Sets where the step ran ("cpu", "cuda:0").
     *
     * @param v where the step ran ("cpu", "cuda:0")
     * @return this builder
     */
    public Builder device(String v) {
      device = v;
      return this;
    }

    /**
     * Sets the parameters of the measured model, or -1 when unknown.
     *
     * @param v the parameters of the measured model, or -1 when unknown
     * @return this builder
     */
    public Builder modelParams(long v) {
      modelParams = v;
      return this;
    }

    /**
     * Sets the deployed model the step runs (an {@link org.libreyolo.profile.onnx.OnnxModel}): a
     * traced step records its engine's kernels as its ops, and the environment names that engine.
     *
     * @param v the model, or null
     * @return this builder
     */
    public Builder runsOn(DeployedModel v) {
      runsOn = v;
      return this;
    }

    /**
     * The options, validated.
     *
     * @return the options
     */
    public StepOptions build() {
      return new StepOptions(
          name,
          model,
          warmup,
          runs,
          repeat,
          trace,
          items,
          unit,
          outputDirectory,
          device,
          modelParams,
          runsOn,
          javaSamples,
          sampledMs,
          progress);
    }

    /**
     * Sets where a long measurement reports how far it is (default: nowhere).
     *
     * @param v the progress sink
     * @return this builder
     */
    public Builder progress(Progress v) {
      progress = java.util.Objects.requireNonNull(v, "progress");
      return this;
    }

    /**
     * Sets whether Flight Recorder samples the measured iterations (default: on, unless {@code
     * -Dlibreyolo.profile.javaSamples=false}).
     *
     * @param v whether to sample
     * @return this builder
     */
    public Builder javaSamples(boolean v) {
      javaSamples = v;
      return this;
    }

    /**
     * Sets how long untimed steps after the measured ones are sampled, where those give too few
     * samples (default {@link Defaults#SAMPLED_MS}; 0: the measured ones are sampled).
     *
     * @param ms milliseconds, at least 0
     * @return this builder
     */
    public Builder sampledMs(double ms) {
      if (!(ms >= 0) || Double.isInfinite(ms)) { // infinite: untimed steps until the cap
        throw LibreYoloException.badInput("sampled steps last >= 0 ms, got " + ms);
      }
      sampledMs = ms;
      return this;
    }
  }
}
