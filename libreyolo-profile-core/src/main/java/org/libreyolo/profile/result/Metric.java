package org.libreyolo.profile.result;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;

/**
 * Every figure the toolkit judges, records or compares, in one registry: its key (as the profile's
 * {@code metrics} and the history name it), its words and unit, which way is better, what kind of
 * number it is, and how it is read from a profile. The gate, the history, the comparison and every
 * renderer read a metric from here; adding one is adding a constant (docs/contributing.md).
 *
 * <p>A gated timing metric also names how each timing block summarises its iterations ({@link
 * #blockQuantile()}): the producers record that per-block series ({@link #blockKey()} in {@code
 * samples.blocks}), and the gate tests it, block by block, as it tests the median.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public enum Metric {
  /** Throughput, images per second: higher is better; gated from the blocks' median iteration. */
  IMG_PER_S(
      ProfileSchema.IMG_PER_S,
      "throughput",
      "throughput (img/s)",
      "img/s",
      Metric.HIGHER_IS_BETTER,
      Kind.TIMING,
      p -> p.figures().imgPerS(),
      0.5,
      true),
  /** Median latency of one iteration: lower is better; gated from the blocks' median iteration. */
  LATENCY_P50_MS(
      ProfileSchema.LATENCY_P50_MS,
      "latency p50",
      "median latency (ms)",
      "ms",
      Metric.LOWER_IS_BETTER,
      Kind.TIMING,
      p -> p.latency() == null ? null : p.latency().p50(),
      0.5,
      true),
  /**
   * 90th-percentile latency of one iteration: lower is better; gated from each block's 90th
   * percentile iteration (a tail figure: wider intervals than the median's).
   */
  LATENCY_P90_MS(
      ProfileSchema.LATENCY_P90_MS,
      "latency p90",
      "latency p90 (ms)",
      "ms",
      Metric.LOWER_IS_BETTER,
      Kind.TIMING,
      p -> p.latency() == null ? null : p.latency().p90(),
      0.9,
      false),
  /** The step's time, ms (per fork in the history: its geometric mean block time). */
  STEP_MS(
      ProfileSchema.STEP_MS,
      "step time",
      "step time (ms)",
      "ms",
      Metric.LOWER_IS_BETTER,
      Kind.TIMING,
      p -> p.figures().stepMs(),
      null,
      false),
  /** The gate's unit per fork in the history: the step's mean log block time over the canary's. */
  STEP_VS_CANARY(
      "step_vs_canary",
      "step / canary",
      "step time / canary time (ratio)",
      "ratio",
      Metric.LOWER_IS_BETTER,
      Kind.TIMING,
      p -> null, // per fork, from the blocks (the history's run)
      null,
      false),
  /** Ops per step over the traced steps (exact: the same code runs the same ops). */
  OPS_PER_STEP(
      ProfileSchema.OPS_PER_STEP,
      "ops/step",
      "framework ops per step",
      "ops",
      Metric.LOWER_IS_BETTER,
      Kind.EXACT_COUNTER,
      p -> sum(p.phases().stream().map(ProfileRows.PhaseRow::opsPerStep).toList()),
      null,
      false),
  /** Convolution MACs per step at stride 1, counted from input shapes (exact). */
  CONV_MACS_STRIDE1(
      "conv_macs_stride1",
      "convolution MACs (stride 1)",
      "convolution MACs per step (stride 1)",
      "MACs",
      Metric.LOWER_IS_BETTER,
      Kind.EXACT_COUNTER,
      p -> p.work() == null ? null : new Num(p.work().convMacsStride1(), true),
      null,
      false),
  /** Matrix-product MACs per step, counted from input shapes (exact). */
  MATMUL_MACS(
      "matmul_macs",
      "matrix-product MACs",
      "matrix-product MACs per step",
      "MACs",
      Metric.LOWER_IS_BETTER,
      Kind.EXACT_COUNTER,
      p -> p.work() == null ? null : new Num(p.work().matmulMacs(), true),
      null,
      false),
  /** The process's peak resident set during the measured runs, MB (process-wide: never judged). */
  PEAK_RSS_MB(
      ProfileSchema.METRIC_PEAK_RSS_MB,
      "peak RSS",
      "peak resident memory (MB)",
      "MB",
      Metric.LOWER_IS_BETTER,
      Kind.MEASURED_FIGURE,
      p -> p.hostMemory() == null ? null : new Num(p.hostMemory().peakRssMb(), false),
      null,
      false),
  /** Tensor bytes the ops allocate per step (exact within libtorch's rounding). */
  TENSOR_BYTES_PER_STEP(
      ProfileSchema.METRIC_TENSOR_BYTES,
      "tensors/step",
      "tensor bytes allocated",
      "bytes",
      Metric.LOWER_IS_BETTER,
      Kind.EXACT_COUNTER,
      p ->
          p.tensorMemory() == null ? null : new Num(p.tensorMemory().allocatedBytesPerStep(), true),
      null,
      false),
  /** The most tensor bytes the ops hold at once (exact within libtorch's rounding). */
  TENSOR_PEAK_LIVE_BYTES(
      ProfileSchema.METRIC_TENSOR_PEAK_BYTES,
      "tensor peak",
      "peak live tensor bytes",
      "bytes",
      Metric.LOWER_IS_BETTER,
      Kind.EXACT_COUNTER,
      p -> p.tensorMemory() == null ? null : new Num(p.tensorMemory().peakLiveBytes(), true),
      null,
      false),
  /** Java heap bytes an iteration allocates on its thread, median (judged with a margin). */
  JAVA_HEAP_BYTES_PER_ITERATION(
      ProfileSchema.METRIC_JAVA_HEAP_BYTES,
      "Java heap/iter",
      "Java heap bytes per iteration",
      "bytes",
      Metric.LOWER_IS_BETTER,
      Kind.MEASURED_FIGURE,
      p ->
          p.javaHeapBytesPerIteration() == null
              ? null
              : new Num(p.javaHeapBytesPerIteration(), true),
      null,
      false);

  /**
   * A time, a count, bytes: more is worse (named qualified above: a simple name there would be a
   * forward reference).
   */
  private static final boolean LOWER_IS_BETTER = true;

  /** A rate: less is worse. */
  private static final boolean HIGHER_IS_BETTER = false;

  /** What kind of number a metric is, which decides how it may be judged. */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public enum Kind {
    /** A timing: noisy, judged with statistics over independent units (blocks, forks). */
    TIMING,
    /** A counter that fresh processes agree on: judged exactly (or within a stated margin). */
    EXACT_COUNTER,
    /**
     * A measured figure that moves between processes (memory, allocation): shown, judged only with
     * a margin.
     */
    MEASURED_FIGURE
  }

  private final String key;
  private final String label;
  private final String words;
  private final String unit;
  private final boolean lowerIsBetter;
  private final Kind kind;
  private final Function<Profile, Num> reader;
  private final Double blockQuantile;
  private final boolean recorded;

  Metric(
      String key,
      String label,
      String words,
      String unit,
      boolean lowerIsBetter,
      Kind kind,
      Function<Profile, Num> reader,
      Double blockQuantile,
      boolean recorded) {
    this.key = key;
    this.label = label;
    this.words = words;
    this.unit = unit;
    this.lowerIsBetter = lowerIsBetter;
    this.kind = kind;
    this.reader = reader;
    this.blockQuantile = blockQuantile;
    this.recorded = recorded;
  }

  /**
   * {@return the key, as the profile's {@code metrics}, the gate's options and the history name it}
   */
  public String key() {
    return key;
  }

  /** {@return the short name, e.g. "latency p50" or "tensors/step"} */
  public String label() {
    return label;
  }

  /** {@return the metric in words with its unit, e.g. "throughput (img/s)"} */
  public String words() {
    return words;
  }

  /**
   * The key as the tables show it: a throughput counts the step's own unit ({@code items_per_s} for
   * a plain step's items, {@code calls_per_s}), every other metric shows its key. The options, the
   * JSON and the history keep the key.
   *
   * @param throughputUnit what the step counts ({@link Profile#throughputUnit()}), or null
   * @return the key as shown
   */
  public String shownKey(String throughputUnit) {
    if (this != IMG_PER_S || countsImages(throughputUnit)) {
      return key;
    }
    return throughputUnit.strip().replaceAll("[^A-Za-z0-9]+", "_") + "_per_s";
  }

  /**
   * {@return whether a throughput of this unit counts images, as the producers' profiles do (also
   * null or blank: a profile that names no unit)}
   *
   * @param throughputUnit what the step counts ({@link Profile#throughputUnit()}), or null
   */
  public static boolean countsImages(String throughputUnit) {
    return throughputUnit == null
        || throughputUnit.isBlank()
        || IMAGE_UNITS.contains(throughputUnit);
  }

  /** The units the throughput key's own {@code img} already names. */
  private static final List<String> IMAGE_UNITS = List.of("img", "image", "images");

  /** {@return the unit, e.g. "ms", "img/s", "bytes"} */
  public String unit() {
    return unit;
  }

  /** {@return whether a lower value is better (a time, a count), not a higher one (a rate)} */
  public boolean lowerIsBetter() {
    return lowerIsBetter;
  }

  /** {@return what kind of number it is} */
  public Kind kind() {
    return kind;
  }

  /**
   * The metric's value in a profile.
   *
   * @param p the profile
   * @return its value, or null when the profile has none
   */
  public Num read(Profile p) {
    return reader.apply(p);
  }

  /** {@return whether the stored-baseline gate can judge it: a timing with a per-block series} */
  public boolean gated() {
    return blockQuantile != null;
  }

  /**
   * {@return the quantile of a block's iterations that its per-block series holds (0.5: the
   * median), or null for a metric the gate does not judge}
   */
  public Double blockQuantile() {
    return blockQuantile;
  }

  /**
   * {@return the per-block series' key in {@code samples.blocks}: {@code step_ms} for the median,
   * {@code step_p90_ms} for the 90th percentile; null for a metric the gate does not judge}
   */
  public String blockKey() {
    return blockQuantile == null ? null : blockKey(blockQuantile);
  }

  /**
   * {@return whether a profile's run in the history records its headline value} ({@link #STEP_MS}
   * and {@link #STEP_VS_CANARY} are recorded per fork, from the blocks)
   */
  public boolean recorded() {
    return recorded;
  }

  /**
   * A relative change of time as this metric's relative change: the same for a time, {@code 1 / (1
   * + r) - 1} for a rate (throughput is batch / time).
   *
   * @param timeChange the relative change of time
   * @return the metric's relative change
   */
  public double fromTimeChange(double timeChange) {
    return lowerIsBetter() ? timeChange : 1 / (1 + timeChange) - 1;
  }

  /**
   * The metric a key names.
   *
   * @param key e.g. {@code img_per_s}
   * @return the metric, or empty for a key of none (an imported history series)
   */
  public static Optional<Metric> find(String key) {
    return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
  }

  /**
   * The gated metric a key names.
   *
   * @param key e.g. {@code latency_p90_ms}
   * @return the metric
   * @throws LibreYoloException naming the gated keys when the key is none of them
   */
  public static Metric gated(String key) {
    return find(key)
        .filter(Metric::gated)
        .orElseThrow(
            () ->
                LibreYoloException.badInput(
                    "unknown gate metric '" + key + "': use " + String.join(", ", gatedKeys())));
  }

  /** {@return the keys of the metrics the gate can judge, in declaration order} */
  public static List<String> gatedKeys() {
    return Arrays.stream(values()).filter(Metric::gated).map(Metric::key).toList();
  }

  /**
   * {@return every per-block series the producers record, in declaration order without repeats:
   * {@code step_ms} first}
   */
  public static List<Double> blockQuantiles() {
    return Arrays.stream(values())
        .map(Metric::blockQuantile)
        .filter(q -> q != null)
        .distinct()
        .toList();
  }

  /**
   * The key of a per-block series in {@code samples.blocks}.
   *
   * @param quantile 0.5 for the median
   * @return {@code step_ms} for the median, {@code step_pNN_ms} for another quantile
   */
  public static String blockKey(double quantile) {
    return quantile == 0.5 ? ProfileSchema.STEP_MS : "step_p" + Math.round(quantile * 100) + "_ms";
  }

  private static Num sum(List<Num> values) {
    long total = 0;
    boolean any = false;
    for (Num n : values) {
      if (n != null) {
        total += n.asLong();
        any = true;
      }
    }
    return any ? new Num(total, true) : null;
  }
}
