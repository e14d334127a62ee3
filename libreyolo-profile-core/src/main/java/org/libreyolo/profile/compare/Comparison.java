package org.libreyolo.profile.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.compare.Fractions;
import org.libreyolo.profile.internal.compare.Workload;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * Two profiles side by side, the {@code compare} reader's result: the reference's fields and 2*SE
 * significance rule (docs/reference-behaviour.md, "Compare"), then, under {@code statistics}, real
 * tests on the raw samples, and the environment fields that differ. A typed value: {@code
 * report.Format} renders it (text, JSON, markdown).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Comparison {
  /** The advice for two training profiles of one run each. */
  public static final String SINGLE_RUN =
      "single run, use 'run --repeat N' for a significance call";

  /**
   * The advice for two inference profiles of one process each: their iterations are not independent
   * samples, forks are (docs/deviations.md).
   */
  public static final String SINGLE_RUN_INFER =
      "one process each, whose iterations are not independent samples: measure both in N forks and"
          + " use 'check', or compare two weights in one job with 'ab'";

  /** The advice when only one side was measured in forks. */
  public static final String ONE_SIDE_FORKED =
      "only one side was measured in forks: measure the other in N forks too, then use 'check'";

  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private Comparison() {}

  /**
   * The reference's significance call.
   *
   * @param significant whether the throughputs differ beyond 2*SE; null where no call is possible
   * @param text the call's figures, or why there is none
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Significance(Boolean significant, String text) {}

  /**
   * The reference's call (|d| against 2*SE of the throughputs) over the unit the profiles have:
   * their forks where both have them, else a repeat's trials; none for one process each.
   *
   * @param a the earlier profile
   * @param b the later profile
   * @return the call
   */
  public static Significance significance(Profile a, Profile b) {
    if (a.figures().imgPerS() == null || b.figures().imgPerS() == null) {
      return new Significance(null, "img/s unavailable");
    }
    double[] fa = forkThroughputs(a);
    double[] fb = forkThroughputs(b);
    if (fa.length >= 2 && fb.length >= 2) {
      double se = Math.sqrt(variance(fa) / fa.length + variance(fb) / fb.length);
      double d = Math.abs(mean(fb) - mean(fa));
      return new Significance(
          d > 2 * se,
          "|d|="
              + PyRound.format(d, 1)
              + " vs 2*SE="
              + PyRound.format(2 * se, 1)
              + " over "
              + fa.length
              + " vs "
              + fb.length
              + " forks");
    }
    int na = a.throughputTrials();
    int nb = b.throughputTrials();
    Num sa = a.imgPerSStd();
    Num sb = b.imgPerSStd();
    if (na < 2 || nb < 2 || sa == null || sb == null) {
      return new Significance(null, noCall(a, b, fa.length, fb.length));
    }
    double se = Math.sqrt(sa.value() * sa.value() / na + sb.value() * sb.value() / nb);
    double d = Math.abs(b.figures().imgPerS().value() - a.figures().imgPerS().value());
    return new Significance(
        d > 2 * se, "|d|=" + PyRound.format(d, 1) + " vs 2*SE=" + PyRound.format(2 * se, 1));
  }

  /** Why there is no call, in the words that fit the input. */
  private static String noCall(Profile a, Profile b, int forksA, int forksB) {
    if (forksA >= 2 || forksB >= 2) {
      return ONE_SIDE_FORKED;
    }
    return a.isInference() && b.isInference() ? SINGLE_RUN_INFER : SINGLE_RUN;
  }

  /**
   * Each fork's step time: the median of its blocks (a block's own figure is its median iteration),
   * empty without forks.
   */
  static double[] forkStepMs(Profile p) {
    return p.samples().forks().stream()
        .map(f -> f.blocks().stepMs())
        .filter(v -> v.length > 0)
        .mapToDouble(v -> new org.apache.commons.math3.stat.descriptive.rank.Median().evaluate(v))
        .filter(v -> v > 0 && Double.isFinite(v))
        .toArray();
  }

  /** Each fork's throughput: the batch over its step time. */
  private static double[] forkThroughputs(Profile p) {
    double batch = Math.max(1, Num.orZero(p.batch()));
    return java.util.Arrays.stream(forkStepMs(p)).map(ms -> batch * 1000 / ms).toArray();
  }

  private static double mean(double[] v) {
    return java.util.Arrays.stream(v).average().orElse(Double.NaN);
  }

  private static double variance(double[] v) {
    return new org.apache.commons.math3.stat.descriptive.moment.Variance().evaluate(v);
  }

  /**
   * A before/after pair of one compared field.
   *
   * @param before the earlier profile's
   * @param after the later profile's
   * @param <T> the field's type
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Pair<T>(T before, T after) {}

  /**
   * The statistics block: which samples, the raw results, and the significance level. JSON and text
   * show the estimates rounded to 4 decimals ({@link #rounded}).
   *
   * @param metric the compared metric's key ({@code step_ms} per fork, {@code img_per_s} per trial)
   * @param per the independent unit: {@code fork} or {@code trial}
   * @param lowerIsBetter whether a lower value is the better one
   * @param alpha the significance level the minimum detectable effect is computed at
   * @param raw the tests' results
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Statistics(
      String metric, String per, boolean lowerIsBetter, double alpha, SampleStatistics raw) {
    /**
     * {@return an estimate as it is shown, 4 decimals}
     *
     * @param v the estimate
     */
    public static double rounded(double v) {
      return PyRound.round(v, 4);
    }
  }

  /**
   * Two profiles compared: the reference's fields, its significance call, our statistics block
   * (null without samples on both sides) and the environment fields that differ.
   *
   * @param before the earlier profile's path
   * @param after the later profile's path
   * @param workloadDifferences how the two workloads differ (batch, input, model), empty when alike
   * @param imgPerS the throughputs
   * @param imgPerSStd the throughputs' standard deviations over trials, null without
   * @param trials the trials (or forks) each throughput is over
   * @param significance the reference's call
   * @param msPerImage the step per image, ms (the batch-independent speed), null without a batch
   * @param gpuUtil the device's busy share (CPU profiles: the CPU ops' share)
   * @param hostOverheadMsPerStep the step less the busy time, ms
   * @param launchesPerStep kernel launches (CPU profiles: op calls) per step
   * @param bound the verdicts
   * @param statistics the tests on the independent samples, or null where there are none
   * @param environmentDifferences the environment fields that differ, in first-seen order
   * @param cpu whether both profiles' "kernels" are CPU ops (the text then says CPU busy and op
   *     calls; the JSON keeps the reference's keys)
   * @param memory the memory figures both profiles carry
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Result(
      String before,
      String after,
      List<String> workloadDifferences,
      Pair<Num> imgPerS,
      Pair<Num> imgPerSStd,
      Pair<Integer> trials,
      Significance significance,
      Pair<Double> msPerImage,
      Pair<Num> gpuUtil,
      Pair<Num> hostOverheadMsPerStep,
      Pair<Num> launchesPerStep,
      Pair<String> bound,
      Statistics statistics,
      Map<String, Pair<JsonNode>> environmentDifferences,
      boolean cpu,
      List<MemoryRow> memory) {}

  /**
   * Compares two profiles.
   *
   * @param a the earlier profile
   * @param b the later profile
   * @param beforePath where the earlier one was read from, as the output names it
   * @param afterPath where the later one was read from
   * @param alpha the statistics' significance level, within (0, 1)
   * @return the comparison
   */
  public static Result compare(
      Profile a, Profile b, String beforePath, String afterPath, double alpha) {
    Fractions.checkAlpha(alpha, "alpha");
    return new Result(
        beforePath,
        afterPath,
        Workload.differences(a, b),
        new Pair<>(a.figures().imgPerS(), b.figures().imgPerS()),
        new Pair<>(a.imgPerSStd(), b.imgPerSStd()),
        new Pair<>(a.throughputTrials(), b.throughputTrials()),
        significance(a, b),
        new Pair<>(msPerImage(a), msPerImage(b)),
        new Pair<>(a.figures().gpuUtil(), b.figures().gpuUtil()),
        new Pair<>(a.figures().hostOverheadMsPerStep(), b.figures().hostOverheadMsPerStep()),
        new Pair<>(a.figures().launchesPerStep(), b.figures().launchesPerStep()),
        new Pair<>(a.bound(), b.bound()),
        statistics(a, b, alpha),
        environmentDifferences(a, b),
        a.isCpu() && b.isCpu(),
        memory(a, b));
  }

  /**
   * One memory figure both profiles carry (ours).
   *
   * @param metric the metric's name in {@code metrics}
   * @param label what the text calls it
   * @param before the earlier profile's value
   * @param after the later profile's value
   * @param bytes whether it counts bytes (else MB)
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record MemoryRow(
      String metric, String label, double before, double after, boolean bytes) {}

  /** The memory figures both profiles carry, in the registry's order. */
  static List<MemoryRow> memory(Profile a, Profile b) {
    List<MemoryRow> rows = new ArrayList<>();
    for (Metric m : MEMORY) {
      Num va = m.read(a);
      Num vb = m.read(b);
      if (va != null && vb != null) {
        rows.add(
            new MemoryRow(m.key(), m.label(), va.value(), vb.value(), m.unit().equals("bytes")));
      }
    }
    return rows;
  }

  private static final List<Metric> MEMORY =
      List.of(
          Metric.PEAK_RSS_MB,
          Metric.TENSOR_BYTES_PER_STEP,
          Metric.TENSOR_PEAK_LIVE_BYTES,
          Metric.JAVA_HEAP_BYTES_PER_ITERATION);

  /**
   * The statistics block over the profiles' independent unit, or null where they have none (one
   * process each).
   */
  static Statistics statistics(Profile a, Profile b, double alpha) {
    Samples s = samples(a, b);
    return s == null
        ? null
        : new Statistics(
            s.metric(),
            s.per(),
            s.lowerIsBetter(),
            alpha,
            SampleStatistics.of(s.before(), s.after(), alpha));
  }

  /**
   * Step time per image (3 decimals), the batch-independent speed; null without a batch or step.
   */
  private static Double msPerImage(Profile p) {
    double batch = Num.orZero(p.batch());
    return batch == 0 || p.figures().stepMs() == null
        ? null
        : PyRound.round(p.figures().stepMs().value() / batch, 3);
  }

  /**
   * The metric and the independent samples statistics use: one figure per fork (its step time)
   * where both profiles have forks, else a repeat's trials (throughput per trial). A process's own
   * iterations are never the unit: they share its JIT, its heap and its machine state.
   */
  record Samples(
      String metric, String per, boolean lowerIsBetter, double[] before, double[] after) {}

  static Samples samples(Profile a, Profile b) {
    double[] fa = forkStepMs(a);
    double[] fb = forkStepMs(b);
    if (SampleStatistics.applicable(fa, fb)) {
      return new Samples(ProfileSchema.STEP_MS, "fork", true, fa, fb);
    }
    double[] ta = a.samples().imgPerSTrials();
    double[] tb = b.samples().imgPerSTrials();
    if (SampleStatistics.applicable(ta, tb)) {
      return new Samples(ProfileSchema.IMG_PER_S, "trial", false, ta, tb);
    }
    return null;
  }

  /**
   * {@return the fields of the two environment fingerprints that differ, in first-seen order}
   *
   * @param a one profile
   * @param b the other
   */
  public static Map<String, Pair<JsonNode>> environmentDifferences(Profile a, Profile b) {
    Map<String, JsonNode> ea = a.environment();
    Map<String, JsonNode> eb = b.environment();
    Set<String> fields = new LinkedHashSet<>(ea.keySet());
    fields.addAll(eb.keySet());
    Map<String, Pair<JsonNode>> out = new LinkedHashMap<>();
    for (String field : fields) {
      JsonNode va = ea.getOrDefault(field, MissingNode.getInstance());
      JsonNode vb = eb.getOrDefault(field, MissingNode.getInstance());
      if (!Workload.same(va, vb)) {
        out.put(
            field,
            new Pair<>(
                va.isMissingNode() ? F.nullNode() : va, vb.isMissingNode() ? F.nullNode() : vb));
      }
    }
    return out;
  }
}
