package org.libreyolo.profile.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.python.PyRound;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;

/**
 * Two profiles side by side: the reference's fields and 2*SE significance rule
 * (docs/reference-behaviour.md, "Compare"), then, under {@code statistics}, real tests on the raw samples, and
 * the environment fields that differ.
 */
public final class Comparison {
  public static final String SINGLE_RUN = "single run, use 'run --repeat N' for a significance call";
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private Comparison() {}

  /** The reference significance call: {significant (nullable), text}. */
  public record Significance(Boolean significant, String text) {}

  public static Significance significance(Profile a, Profile b) {
    if (a.imgPerS() == null || b.imgPerS() == null) {
      return new Significance(null, "img/s unavailable");
    }
    int na = trials(a);
    int nb = trials(b);
    Num sa = a.imgPerSStd();
    Num sb = b.imgPerSStd();
    if (na < 2 || nb < 2 || sa == null || sb == null) {
      return new Significance(null, SINGLE_RUN);
    }
    double se = Math.sqrt(sa.value() * sa.value() / na + sb.value() * sb.value() / nb);
    double d = Math.abs(b.imgPerS().value() - a.imgPerS().value());
    return new Significance(d > 2 * se, "|d|=" + PyRound.format(d, 1) + " vs 2*SE=" + PyRound.format(2 * se, 1));
  }

  /** {@code img_per_s_n}, 1 when absent (a single trial). */
  static int trials(Profile p) {
    return p.imgPerSN() == null ? 1 : (int) p.imgPerSN().asLong();
  }

  public static ObjectNode compare(Profile a, Profile b, String beforePath, String afterPath, double alpha) {
    GateOptions.checkAlpha(alpha);
    ObjectNode out = F.objectNode();
    out.put("before", beforePath);
    out.put("after", afterPath);
    ObjectNode ips = out.putObject("img_per_s");
    ips.set("before", Num.json(a.imgPerS()));
    ips.set("after", Num.json(b.imgPerS()));
    ips.putArray("std").add(Num.json(a.imgPerSStd())).add(Num.json(b.imgPerSStd()));
    ips.putArray("n").add(trials(a)).add(trials(b));
    Significance s = significance(a, b);
    if (s.significant() == null) {
      ips.putNull("significant");
    } else {
      ips.put("significant", s.significant());
    }
    ips.put("significance", s.text());
    ObjectNode msPerImage = out.putObject("ms_per_image");
    putMsPerImage(msPerImage, "before", a);
    putMsPerImage(msPerImage, "after", b);
    pair(out, "gpu_util", Num.json(a.gpuUtil()), Num.json(b.gpuUtil()));
    pair(out, "host_overhead_ms_per_step", Num.json(a.hostOverheadMsPerStep()), Num.json(b.hostOverheadMsPerStep()));
    pair(out, "launches_per_step", Num.json(a.launchesPerStep()), Num.json(b.launchesPerStep()));
    pair(out, "bound", text(a.bound()), text(b.bound()));
    out.set("statistics", statistics(a, b, alpha));
    out.set("environment_differences", environmentDifferences(a, b));
    return out;
  }

  private static void putMsPerImage(ObjectNode node, String key, Profile p) {
    double batch = Num.orZero(p.batch());
    if (batch == 0 || p.stepMs() == null) {
      node.putNull(key);
    } else {
      node.put(key, PyRound.round(p.stepMs().value() / batch, 3));
    }
  }

  private static void pair(ObjectNode out, String key, JsonNode before, JsonNode after) {
    ObjectNode node = out.putObject(key);
    node.set("before", before);
    node.set("after", after);
  }

  private static JsonNode text(String value) {
    return value == null ? F.nullNode() : F.textNode(value);
  }

  /** The metric and raw samples statistics use: per-iteration latency, else per-trial throughput. */
  record Samples(String metric, String unit, boolean lowerIsBetter, double[] before, double[] after) {}

  static Samples samples(Profile a, Profile b) {
    ProfileRows.Samples sa = a.samples();
    ProfileRows.Samples sb = b.samples();
    if (SampleStatistics.applicable(sa.latencyMs(), sb.latencyMs())) {
      return new Samples("latency_ms", "ms", true, sa.latencyMs(), sb.latencyMs());
    }
    if (SampleStatistics.applicable(sa.stepMs(), sb.stepMs())) {
      return new Samples("step_ms", "ms", true, sa.stepMs(), sb.stepMs());
    }
    if (SampleStatistics.applicable(sa.imgPerSTrials(), sb.imgPerSTrials())) {
      return new Samples("img_per_s", "img/s", false, sa.imgPerSTrials(), sb.imgPerSTrials());
    }
    return null;
  }

  private static JsonNode statistics(Profile a, Profile b, double alpha) {
    Samples s = samples(a, b);
    if (s == null) {
      return F.nullNode();
    }
    SampleStatistics st = SampleStatistics.of(s.before(), s.after(), alpha);
    ObjectNode out = F.objectNode();
    out.put("metric", s.metric());
    out.put("lower_is_better", s.lowerIsBetter());
    out.putArray("n").add(st.nBefore()).add(st.nAfter());
    out.put("alpha", alpha);
    ObjectNode welch = out.putObject("welch_log");
    welch.put("ratio", PyRound.round(st.ratio(), 4));
    welch.putArray("ci95").add(PyRound.round(st.ratioLow(), 4)).add(PyRound.round(st.ratioHigh(), 4));
    welch.put("p", st.welchP());
    ObjectNode mw = out.putObject("mann_whitney");
    mw.put("p", st.mannWhitneyP());
    mw.put("hodges_lehmann_shift", PyRound.round(st.hodgesLehmann(), 4));
    ObjectNode boot = out.putObject("bootstrap_median_change");
    boot.put("change", PyRound.round(st.medianChange(), 4));
    boot.putArray("ci95").add(PyRound.round(st.medianChangeLow(), 4)).add(PyRound.round(st.medianChangeHigh(), 4));
    boot.put("resamples", SampleStatistics.BOOTSTRAP_RESAMPLES);
    out.put("mde_relative", PyRound.round(st.mde(), 4));
    out.put("noise_cv", PyRound.round(st.cv(), 4));
    return out;
  }

  private static boolean absent(JsonNode v) {
    return v.isMissingNode() || v.isNull();
  }

  /** Equal values; numbers by value (a profile read from disk holds ints where a fresh one holds longs). */
  static boolean same(JsonNode a, JsonNode b) {
    if (absent(a) && absent(b)) {
      return true; // null here and missing there (an older profile) is no difference
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }

  /** Fields of the two environment fingerprints that differ, as {field: [before, after]}. */
  static ObjectNode environmentDifferences(Profile a, Profile b) {
    ObjectNode out = F.objectNode();
    Map<String, JsonNode> ea = a.environment();
    Map<String, JsonNode> eb = b.environment();
    Set<String> fields = new LinkedHashSet<>(ea.keySet());
    fields.addAll(eb.keySet());
    for (String field : fields) {
      JsonNode va = ea.getOrDefault(field, MissingNode.getInstance());
      JsonNode vb = eb.getOrDefault(field, MissingNode.getInstance());
      if (!same(va, vb)) {
        out.putArray(field).add(va.isMissingNode() ? F.nullNode() : va).add(vb.isMissingNode() ? F.nullNode() : vb);
      }
    }
    return out;
  }
}
