package org.libreyolo.profile.gate;

import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.compare.Fractions;
import org.libreyolo.profile.result.Metric;

/**
 * How the gate decides: significance level, the practical threshold (relative change that matters),
 * the gated metrics ({@code img_per_s}, {@code latency_p50_ms}, {@code latency_p90_ms}), the
 * machine's noise between processes, and how far the canary may move before timing is INCONCLUSIVE
 * (docs/statistics.md, "The stored-baseline gate").
 *
 * @param alpha the significance level, within (0, 1)
 * @param maxRegression the slowdown the gate tolerates, a fraction (0.05 = 5%)
 * @param metrics the gated metric names
 * @param processNoise the between-process noise the gate assumes when a side has too few runs, a
 *     fraction
 * @param machineChangeLimit the largest change of the machine's speed between the runs before
 *     timing is INCONCLUSIVE
 * @param driftLimit the largest change of the machine's speed within one run before timing is
 *     INCONCLUSIVE
 * @param jobNoise the noise between jobs that a job's forks cannot see (the machine's state while
 *     the job ran: a busy neighbour, another core), a fraction; part of every forked interval
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record GateOptions(
    double alpha,
    double maxRegression,
    List<String> metrics,
    double processNoise,
    double machineChangeLimit,
    double driftLimit,
    double jobNoise) {
  /** The keys of every gated {@link Metric}. */
  public static final List<String> SUPPORTED = Metric.gatedKeys();

  /** The metrics gated when none are named ({@link Defaults.Gate#METRICS}): the tail is opt-in. */
  public static final List<String> DEFAULT = List.of(Defaults.Gate.METRICS.split(","));

  public GateOptions {
    Fractions.checkAlpha(alpha, "alpha");
    Fractions.checkMaxRegression(maxRegression, "maxRegression");
    metrics.forEach(Metric::gated); // an unknown key names the supported ones
    metrics = List.copyOf(metrics);
    if (!(processNoise >= 0 && processNoise < 1)) {
      throw LibreYoloException.badInput(
          "{processNoise} must be a fraction within [0, 1) (0.04 = 4%), got " + processNoise);
    }
    if (!(jobNoise >= 0 && jobNoise < 1)) {
      throw LibreYoloException.badInput(
          "{jobNoise} must be a fraction within [0, 1) (0.02 = 2%), got " + jobNoise);
    }
    if (!(machineChangeLimit > 0) || !(driftLimit > 0)) {
      throw LibreYoloException.badInput(
          "the canary limits must be fractions > 0, got " + machineChangeLimit + ", " + driftLimit);
    }
  }

  /**
   * The one check of a significance level on every surface: within (0, 1), with a hint when a
   * percentage was meant.
   *
   * @param alpha the value given
   * @param key the option's name ({@code alpha}, {@code abAlpha})
   */
  public static void checkAlpha(double alpha, String key) {
    Fractions.checkAlpha(alpha, key);
  }

  /**
   * The one check of a tolerated slowdown on every surface: a fraction within (0, 1), with a hint
   * when a percentage was meant ({@code 5 means 500%: did you mean 0.05?}).
   *
   * @param maxRegression the value given
   * @param key the option's name ({@code maxRegression}, {@code abMaxRegression})
   */
  public static void checkMaxRegression(double maxRegression, String key) {
    Fractions.checkMaxRegression(maxRegression, key);
  }

  /**
   * These options with another job noise (one job's A/B: its state is shared by both sides).
   *
   * @param noise the noise between jobs that a job's forks cannot see, a fraction within [0, 1)
   * @return the options
   */
  public GateOptions withJobNoise(double noise) {
    return new GateOptions(
        alpha, maxRegression, metrics, processNoise, machineChangeLimit, driftLimit, noise);
  }

  /**
   * The defaults of every surface ({@link org.libreyolo.profile.Defaults.Gate}).
   *
   * @return the default options
   */
  public static GateOptions defaults() {
    return builder().build();
  }

  /**
   * A builder starting from the defaults of every surface.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Gate options by name, starting from {@link org.libreyolo.profile.Defaults.Gate}; {@link
   * #build()} validates. Surfaces set what their user gave and nothing else.
   */
  public static final class Builder {
    private double alpha = Defaults.Gate.ALPHA_VALUE;
    private double maxRegression = Defaults.Gate.MAX_REGRESSION_VALUE;
    private List<String> metrics = DEFAULT;
    private double processNoise = Defaults.Gate.PROCESS_NOISE_VALUE;
    private double machineChangeLimit = Defaults.Gate.MACHINE_CHANGE_LIMIT;
    private double driftLimit = Defaults.Gate.DRIFT_LIMIT;
    private double jobNoise = Defaults.Gate.JOB_NOISE_VALUE;

    private Builder() {}

    /**
     * Sets the significance level.
     *
     * @param v within (0, 1)
     * @return this builder
     */
    public Builder alpha(double v) {
      alpha = v;
      return this;
    }

    /**
     * Sets the slowdown the gate tolerates.
     *
     * @param v a fraction (0.05 = 5%)
     * @return this builder
     */
    public Builder maxRegression(double v) {
      maxRegression = v;
      return this;
    }

    /**
     * Sets the gated metrics; null or empty keeps the default ones.
     *
     * @param v the metric keys
     * @return this builder
     */
    public Builder metrics(List<String> v) {
      metrics = v == null || v.isEmpty() ? DEFAULT : v;
      return this;
    }

    /**
     * Sets the between-process noise assumed when a side has too few runs.
     *
     * @param v a fraction within [0, 1)
     * @return this builder
     */
    public Builder processNoise(double v) {
      processNoise = v;
      return this;
    }

    /**
     * Sets the noise between jobs that a job's forks cannot see (a team that measured its own
     * runners).
     *
     * @param v a fraction within [0, 1)
     * @return this builder
     */
    public Builder jobNoise(double v) {
      jobNoise = v;
      return this;
    }

    /**
     * Sets the canary's limits: the machine's speed change between the runs and within one run.
     *
     * @param between the largest change between the runs, a fraction > 0
     * @param within the largest change within one run, a fraction > 0
     * @return this builder
     */
    public Builder canaryLimits(double between, double within) {
      machineChangeLimit = between;
      driftLimit = within;
      return this;
    }

    /**
     * The options, validated.
     *
     * @return the options
     */
    public GateOptions build() {
      return new GateOptions(
          alpha, maxRegression, metrics, processNoise, machineChangeLimit, driftLimit, jobNoise);
    }
  }
}
