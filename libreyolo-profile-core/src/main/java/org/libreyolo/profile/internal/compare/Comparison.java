package org.libreyolo.profile.internal.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * Two profiles side by side: the reference's fields and 2*SE significance rule
 * (docs/reference-behaviour.md, "Compare"), then, under {@code statistics}, real tests on the raw
 * samples, and the environment fields that differ.
 */
public final class Comparison {
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

  /** The reference significance call: {significant (nullable), text}. */
  public record Significance(Boolean significant, String text) {}

  /**
   * The reference's call (|d| against 2*SE of the throughputs) over the unit the profiles have:
   * their forks where both have them, else a repeat's trials; none for one process each.
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

  /** A before/after pair of one compared field. */
  public record Pair<T>(T before, T after) {}

  /**
   * The statistics block: which samples, the raw results, and the significance level. JSON and text
   * show the estimates rounded to 4 decimals ({@link #rounded}).
   */
  public record Statistics(
      String metric, String per, boolean lowerIsBetter, double alpha, SampleStatistics raw) {
    public static double rounded(double v) {
      return PyRound.round(v, 4);
    }

    ObjectNode json() {
      ObjectNode out = F.objectNode();
      out.put("metric", metric);
      out.put("per", per);
      out.put("lower_is_better", lowerIsBetter);
      out.putArray("n").add(raw.nBefore()).add(raw.nAfter());
      out.put("alpha", alpha);
      ObjectNode welch = out.putObject("welch_log");
      welch.put("ratio", rounded(raw.ratio()));
      welch.putArray("ci95").add(rounded(raw.ratioLow())).add(rounded(raw.ratioHigh()));
      welch.put("p", raw.welchP());
      ObjectNode mw = out.putObject("mann_whitney");
      mw.put("p", raw.mannWhitneyP());
      mw.put("hodges_lehmann_shift", rounded(raw.hodgesLehmann()));
      ObjectNode boot = out.putObject("bootstrap_median_change");
      boot.put("change", rounded(raw.medianChange()));
      boot.putArray("ci95")
          .add(rounded(raw.medianChangeLow()))
          .add(rounded(raw.medianChangeHigh()));
      boot.put("resamples", SampleStatistics.BOOTSTRAP_RESAMPLES);
      out.put("mde_relative", rounded(raw.mde()));
      out.put("noise_cv", rounded(raw.cv()));
      return out;
    }
  }

  /**
   * Two profiles compared: the reference's fields, its significance call, our statistics block
   * (null without samples on both sides) and the environment fields that differ. {@code cpu}: both
   * profiles' "kernels" are CPU ops, so the text says CPU busy and op calls (the JSON keeps the
   * reference's keys).
   */
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
      List<MemoryRow> memory) {

    /** What {@code compare --json} prints, in the reference's key order then ours. */
    public ObjectNode json() {
      ObjectNode out = F.objectNode();
      out.put("before", before);
      out.put("after", after);
      // ours, first: two workloads are side by side, not a change
      workloadDifferences.forEach(out.putArray("workload_differences")::add);
      ObjectNode ips = out.putObject(ProfileSchema.IMG_PER_S);
      ips.set("before", Num.json(imgPerS.before()));
      ips.set("after", Num.json(imgPerS.after()));
      ips.putArray("std").add(Num.json(imgPerSStd.before())).add(Num.json(imgPerSStd.after()));
      ips.putArray("n").add(trials.before()).add(trials.after());
      ips.put("significant", significance.significant());
      ips.put("significance", significance.text());
      ObjectNode msPerImageNode = out.putObject("ms_per_image");
      msPerImageNode.put("before", msPerImage.before());
      msPerImageNode.put("after", msPerImage.after());
      numbers(out, ProfileSchema.GPU_UTIL, gpuUtil);
      numbers(out, ProfileSchema.HOST_OVERHEAD_MS_PER_STEP, hostOverheadMsPerStep);
      numbers(out, ProfileSchema.LAUNCHES_PER_STEP, launchesPerStep);
      ObjectNode boundNode = out.putObject(ProfileSchema.BOUND);
      boundNode.put("before", bound.before());
      boundNode.put("after", bound.after());
      out.set("statistics", statistics == null ? F.nullNode() : statistics.json());
      out.set("environment_differences", environmentJson());
      if (!memory.isEmpty()) { // ours: a reference profile has none, and its JSON stays as it was
        ObjectNode memoryNode = out.putObject("memory");
        for (MemoryRow row : memory) {
          memoryNode.putObject(row.metric()).put("before", row.before()).put("after", row.after());
        }
      }
      return out;
    }

    /** {@code {field: [before, after]}} of the environment fields that differ. */
    public ObjectNode environmentJson() {
      ObjectNode out = F.objectNode();
      environmentDifferences.forEach(
          (field, pair) -> out.putArray(field).add(pair.before()).add(pair.after()));
      return out;
    }

    private static void numbers(ObjectNode out, String key, Pair<Num> pair) {
      ObjectNode node = out.putObject(key);
      node.set("before", Num.json(pair.before()));
      node.set("after", Num.json(pair.after()));
    }
  }

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
   * One memory figure both profiles carry (ours): the metric's name in {@code metrics}, what the
   * text calls it, and whether it counts bytes (else MB).
   */
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

  private static boolean absent(JsonNode v) {
    return v.isMissingNode() || v.isNull();
  }

  /**
   * Equal values; numbers by value (a profile read from disk holds ints where a fresh one holds
   * longs).
   */
  public static boolean same(JsonNode a, JsonNode b) {
    if (absent(a) && absent(b)) {
      return true; // null here and missing there (an older profile) is no difference
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }

  /** Fields of the two environment fingerprints that differ, in first-seen order. */
  public static Map<String, Pair<JsonNode>> environmentDifferences(Profile a, Profile b) {
    Map<String, JsonNode> ea = a.environment();
    Map<String, JsonNode> eb = b.environment();
    Set<String> fields = new LinkedHashSet<>(ea.keySet());
    fields.addAll(eb.keySet());
    Map<String, Pair<JsonNode>> out = new LinkedHashMap<>();
    for (String field : fields) {
      JsonNode va = ea.getOrDefault(field, MissingNode.getInstance());
      JsonNode vb = eb.getOrDefault(field, MissingNode.getInstance());
      if (!same(va, vb)) {
        out.put(
            field,
            new Pair<>(
                va.isMissingNode() ? F.nullNode() : va, vb.isMissingNode() ? F.nullNode() : vb));
      }
    }
    return out;
  }
}
