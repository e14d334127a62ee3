package org.libreyolo.profile.compare;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import org.libreyolo.profile.python.PyRound;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;

/**
 * The baseline gate shared by the Maven {@code check} goal and the JUnit extension. A metric
 * regresses only when the change is both statistically significant (the reference 2*SE rule on
 * repeat trials, or Welch on log samples and Mann-Whitney both below alpha) and larger than the
 * practical threshold. Different environments give INCONCLUSIVE, never a false REGRESSION.
 */
public final class Gate {
  /** Environment fields whose difference makes a comparison meaningless. */
  static final List<String> FINGERPRINT = List.of("cpu", "cores", "threads", "engine", "libtorch", "device", "gpu_name",
      "model_params");

  private Gate() {}

  /** One gated metric. {@code ciLow/ciHigh} bound the relative change (current/baseline - 1). */
  public record Row(String metric, Double baseline, Double current, Double change, Double ciLow, Double ciHigh,
      Verdict verdict, String why) {}

  /**
   * @param workloadDifferences workload fields that differ (a different workload: INCONCLUSIVE)
   * @param modelFileChange the model file's hash change, shown but not blocking
   * @param opCounts the deterministic counter: more ops per step is a REGRESSION on its own
   */
  public record Result(Verdict verdict, List<Row> rows, Double mde, List<String> environmentDifferences,
      List<String> workloadDifferences, List<String> modelFileChange, OpCounts.Result opCounts, GateOptions options) {
    public ObjectNode toJson() {
      JsonNodeFactory f = JsonNodeFactory.instance;
      ObjectNode out = f.objectNode();
      out.put("verdict", verdict.name());
      out.put("alpha", options.alpha());
      out.put("max_regression", options.maxRegression());
      out.put("mde", round4(mde));
      ArrayNode env = out.putArray("environment_differences");
      environmentDifferences.forEach(env::add);
      ArrayNode workload = out.putArray("workload_differences");
      workloadDifferences.forEach(workload::add);
      ArrayNode model = out.putArray("model_file_change");
      modelFileChange.forEach(model::add);
      ObjectNode counts = out.putObject("op_counts");
      counts.put("verdict", opCounts.verdict().name());
      ArrayNode changes = counts.putArray("changes");
      opCounts.changes().forEach(changes::add);
      ArrayNode rowsNode = out.putArray("metrics");
      for (Row r : rows) {
        ObjectNode n = rowsNode.addObject();
        n.put("metric", r.metric());
        n.put("baseline", (Double) r.baseline());
        n.put("current", (Double) r.current());
        n.put("change", round4(r.change()));
        n.put("ci_low", round4(r.ciLow()));
        n.put("ci_high", round4(r.ciHigh()));
        n.put("verdict", r.verdict().name());
        n.put("why", r.why());
      }
      return out;
    }
  }

  /** Rounded to 4 decimals; null stays null. */
  private static Double round4(Double v) {
    return v == null ? null : PyRound.round(v, 4);
  }

  public static Result check(Profile baseline, Profile current, GateOptions options) {
    return check(baseline, current, options, Comparison.statistics(baseline, current, options.alpha()));
  }

  /**
   * The gate on statistics already computed for these two profiles at {@code options.alpha()}
   * (a comparison report of the same pair computes them once for both).
   */
  public static Result check(Profile b, Profile c, GateOptions options, Comparison.Statistics statistics) {
    List<String> env = new ArrayList<>();
    Map<String, Comparison.Pair<JsonNode>> diffs = Comparison.environmentDifferences(b, c);
    for (String field : FINGERPRINT) {
      if (diffs.containsKey(field)) {
        env.add(field + " " + diffs.get(field).before() + " -> " + diffs.get(field).after());
      }
    }
    SampleStatistics stats = statistics == null ? null : statistics.raw();
    List<Row> rows = new ArrayList<>();
    for (String metric : options.metrics()) {
      rows.add(metric.equals("img_per_s") ? throughput(b, c, statistics, stats, options)
          : latencyP50(b, c, statistics, stats, options));
    }
    List<String> workload = Workload.differences(b, c);
    // op counts depend on the thread count (libtorch picks other kernels), so only like with like
    OpCounts.Result counts = env.isEmpty() && workload.isEmpty() ? OpCounts.check(b, c)
        : new OpCounts.Result(Verdict.INCONCLUSIVE, List.of("not compared: the environment or workload differs"));
    Verdict overall;
    if (!env.isEmpty() || !workload.isEmpty()) {
      overall = Verdict.INCONCLUSIVE;
    } else if (counts.verdict() == Verdict.REGRESSION || rows.stream().anyMatch(r -> r.verdict() == Verdict.REGRESSION)) {
      overall = Verdict.REGRESSION;
    } else if (rows.stream().anyMatch(r -> r.verdict() == Verdict.IMPROVED)) {
      overall = Verdict.IMPROVED;
    } else if (rows.stream().allMatch(r -> r.verdict() == Verdict.INCONCLUSIVE)) {
      overall = Verdict.INCONCLUSIVE;
    } else {
      overall = Verdict.PASS;
    }
    return new Result(overall, rows, stats == null ? null : stats.mde(), env, workload,
        Workload.modelFileChange(b, c), counts, options);
  }

  private static Row throughput(Profile b, Profile c, Comparison.Statistics statistics, SampleStatistics stats,
      GateOptions o) {
    Double before = number(b.imgPerS());
    Double after = number(c.imgPerS());
    if (before == null || after == null || before == 0) {
      return new Row("img_per_s", before, after, null, null, null, Verdict.INCONCLUSIVE, "img/s unavailable");
    }
    double change = after / before - 1;
    Comparison.Significance s = Comparison.significance(b, c);
    if (s.significant() != null) {
      double se = Math.sqrt(sq(Num.orZero(b.imgPerSStd())) / b.throughputTrials()
          + sq(Num.orZero(c.imgPerSStd())) / c.throughputTrials());
      return decide("img_per_s", before, after, change, (after - 2 * se) / before - 1, (after + 2 * se) / before - 1,
          s.significant(), false, o, "2*SE over repeat trials: " + s.text());
    }
    if (stats != null && statistics.lowerIsBetter()) {
      // throughput is batch / latency: the median latency's change r (bootstrap) is a throughput
      // change of 1/(1+r) - 1, so estimate and interval come from one estimator
      boolean significant = stats.welchP() < o.alpha() && stats.mannWhitneyP() < o.alpha();
      return decide("img_per_s", before, after, 1 / (1 + stats.medianChange()) - 1,
          1 / (1 + stats.medianChangeHigh()) - 1, 1 / (1 + stats.medianChangeLow()) - 1, significant, false, o,
          pValues(stats));
    }
    return new Row("img_per_s", before, after, change, null, null, Verdict.INCONCLUSIVE,
        "no repeats or samples to test with: " + s.text());
  }

  private static Row latencyP50(Profile b, Profile c, Comparison.Statistics statistics, SampleStatistics stats,
      GateOptions o) {
    Double before = b.latency() == null ? null : number(b.latency().p50());
    Double after = c.latency() == null ? null : number(c.latency().p50());
    if (before == null || after == null || before == 0) {
      return new Row("latency_p50_ms", before, after, null, null, null, Verdict.INCONCLUSIVE, "no latency percentiles");
    }
    double change = after / before - 1;
    if (stats == null || !statistics.lowerIsBetter()) {
      return new Row("latency_p50_ms", before, after, change, null, null, Verdict.INCONCLUSIVE, "no latency samples");
    }
    // the change and its interval come from one estimator: the median latency (bootstrap)
    boolean significant = stats.welchP() < o.alpha() && stats.mannWhitneyP() < o.alpha();
    return decide("latency_p50_ms", before, after, stats.medianChange(), stats.medianChangeLow(),
        stats.medianChangeHigh(), significant, true, o, pValues(stats));
  }

  private static Row decide(String metric, double before, double after, double change, double ciLow, double ciHigh,
      boolean significant, boolean lowerIsBetter, GateOptions o, String why) {
    double worse = lowerIsBetter ? change : -change;
    Verdict v;
    if (significant && worse > o.maxRegression()) {
      v = Verdict.REGRESSION;
    } else if (significant && -worse > o.maxRegression()) {
      v = Verdict.IMPROVED;
    } else {
      v = Verdict.PASS;
    }
    String reason = (significant ? "significant" : "not significant") + " (" + why + "), threshold "
        + PyRound.format(o.maxRegression() * 100, 1) + "%";
    return new Row(metric, before, after, change, ciLow, ciHigh, v, reason);
  }

  private static String pValues(SampleStatistics s) {
    return String.format(Locale.ROOT, "Welch p=%.2g, Mann-Whitney p=%.2g, n=%d/%d", s.welchP(), s.mannWhitneyP(),
        s.nBefore(), s.nAfter());
  }

  private static Double number(Num n) {
    return n == null ? null : n.value();
  }

  private static double sq(double v) {
    return v * v;
  }
}
