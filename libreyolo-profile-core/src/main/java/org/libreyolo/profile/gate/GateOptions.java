package org.libreyolo.profile.gate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.Option;
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
   * These options at another level (an interval at a look's boundary, {@code Looks#levelAt}).
   *
   * @param level the significance level, within (0, 1)
   * @return the options
   */
  public GateOptions withAlpha(double level) {
    return new GateOptions(
        level, maxRegression, metrics, processNoise, machineChangeLimit, driftLimit, jobNoise);
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
   * The one table of the gate's options on every surface: each option's name there comes from
   * {@link Option}, its default from {@link Defaults.Gate}, and how it is read and set from here. A
   * surface hands over what its user gave, by option, and nothing else: a number, text (parsed
   * here, one error for every surface), or the metrics as a list or comma-separated text; null
   * keeps the default.
   */
  private static final Map<Option, BiConsumer<Builder, Object>> TABLE = table();

  private static Map<Option, BiConsumer<Builder, Object>> table() {
    Map<Option, BiConsumer<Builder, Object>> t = new LinkedHashMap<>();
    t.put(Option.ALPHA, (b, v) -> b.alpha(real(Option.ALPHA, v)));
    t.put(Option.MAX_REGRESSION, (b, v) -> b.maxRegression(real(Option.MAX_REGRESSION, v)));
    t.put(Option.METRICS, (b, v) -> b.metrics(names(v)));
    t.put(Option.PROCESS_NOISE, (b, v) -> b.processNoise(real(Option.PROCESS_NOISE, v)));
    t.put(Option.JOB_NOISE, (b, v) -> b.jobNoise(real(Option.JOB_NOISE, v)));
    return t;
  }

  /** The options every surface offers for the gate, in the table's order. */
  public static final List<Option> OPTIONS = List.copyOf(TABLE.keySet());

  /**
   * The gate's options from what a surface's user gave, read and validated here once for every
   * surface; an error names the option in {@code {key}} form, which the surface renders in its own
   * terms.
   *
   * @param given the value given for each of {@link #OPTIONS} (a {@link Number}, text, a list of
   *     metric keys), or null where none was given
   * @return the options
   */
  public static GateOptions of(Function<Option, Object> given) {
    Builder b = builder();
    TABLE.forEach(
        (option, set) -> {
          Object v = given.apply(option);
          if (v != null && !(v instanceof String text && text.isBlank())) {
            set.accept(b, v);
          }
        });
    return b.build();
  }

  private static double real(Option option, Object v) {
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    try {
      return Double.parseDouble(v.toString().trim());
    } catch (NumberFormatException e) {
      throw LibreYoloException.badInput("{" + option.key() + "} must be a number, got '" + v + "'");
    }
  }

  private static List<String> names(Object v) {
    if (v instanceof List<?> list) {
      return list.stream().map(String::valueOf).map(String::trim).toList();
    }
    return List.of(v.toString().trim().split("\\s*,\\s*"));
  }

  /**
   * The options a surface that offers all five hands over from its typed fields (the CLI's {@code
   * check}, the {@code check} goal): what its user gave or the field's default.
   *
   * @param alpha the significance level
   * @param maxRegression the slowdown tolerated, a fraction
   * @param metrics the gated metric keys; null or empty: the default ones
   * @param processNoise the between-process noise assumed
   * @param jobNoise the noise between jobs a job's forks cannot see
   * @return the options, validated
   */
  public static GateOptions given(
      double alpha,
      double maxRegression,
      List<String> metrics,
      double processNoise,
      double jobNoise) {
    return builder()
        .alpha(alpha)
        .maxRegression(maxRegression)
        .metrics(metrics)
        .processNoise(processNoise)
        .jobNoise(jobNoise)
        .build();
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
     * Sets the gated metrics (each trimmed: {@code a, b} as a surface splits it); null or empty
     * keeps the default ones.
     *
     * @param v the metric keys
     * @return this builder
     */
    public Builder metrics(List<String> v) {
      metrics = v == null || v.isEmpty() ? DEFAULT : v.stream().map(String::trim).toList();
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
