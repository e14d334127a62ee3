package org.libreyolo.profile.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.python.PyRound;
import org.libreyolo.profile.result.Profile;

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

  public static Significance significance(JsonNode a, JsonNode b) {
    if (!a.path("img_per_s").isNumber() || !b.path("img_per_s").isNumber()) {
      return new Significance(null, "img/s unavailable");
    }
    int na = a.path("img_per_s_n").asInt(1);
    int nb = b.path("img_per_s_n").asInt(1);
    JsonNode sa = a.path("img_per_s_std");
    JsonNode sb = b.path("img_per_s_std");
    if (na < 2 || nb < 2 || !sa.isNumber() || !sb.isNumber()) {
      return new Significance(null, SINGLE_RUN);
    }
    double se = Math.sqrt(sa.asDouble() * sa.asDouble() / na + sb.asDouble() * sb.asDouble() / nb);
    double d = Math.abs(b.get("img_per_s").asDouble() - a.get("img_per_s").asDouble());
    return new Significance(d > 2 * se, "|d|=" + PyRound.format(d, 1) + " vs 2*SE=" + PyRound.format(2 * se, 1));
  }

  public static ObjectNode compare(Profile before, Profile after, String beforePath, String afterPath, double alpha) {
    GateOptions.checkAlpha(alpha);
    JsonNode a = before.json();
    JsonNode b = after.json();
    ObjectNode out = F.objectNode();
    out.put("before", beforePath);
    out.put("after", afterPath);
    ObjectNode ips = out.putObject("img_per_s");
    ips.set("before", a.path("img_per_s"));
    ips.set("after", b.path("img_per_s"));
    ips.putArray("std").add(a.path("img_per_s_std").isMissingNode() ? F.nullNode() : a.get("img_per_s_std"))
        .add(b.path("img_per_s_std").isMissingNode() ? F.nullNode() : b.get("img_per_s_std"));
    ips.putArray("n").add(a.path("img_per_s_n").asInt(1)).add(b.path("img_per_s_n").asInt(1));
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
    pair(out, "gpu_util", a, b);
    pair(out, "host_overhead_ms_per_step", a, b);
    pair(out, "launches_per_step", a, b);
    pair(out, "bound", a, b);
    out.set("statistics", statistics(a, b, alpha));
    out.set("environment_differences", environmentDifferences(a, b));
    return out;
  }

  private static void putMsPerImage(ObjectNode node, String key, JsonNode p) {
    double batch = p.path("config").path("batch").asDouble(0);
    if (batch == 0 || !p.path("step_ms").isNumber()) {
      node.putNull(key);
    } else {
      node.put(key, PyRound.round(p.get("step_ms").asDouble() / batch, 3));
    }
  }

  private static void pair(ObjectNode out, String key, JsonNode a, JsonNode b) {
    ObjectNode node = out.putObject(key);
    node.set("before", a.path(key).isMissingNode() ? F.nullNode() : a.get(key));
    node.set("after", b.path(key).isMissingNode() ? F.nullNode() : b.get(key));
  }

  /** The metric and raw samples statistics use: per-iteration latency, else per-trial throughput. */
  record Samples(String metric, String unit, boolean lowerIsBetter, double[] before, double[] after) {}

  static Samples samples(JsonNode a, JsonNode b) {
    double[] la = values(a.path("samples").path("latency_ms"));
    double[] lb = values(b.path("samples").path("latency_ms"));
    if (SampleStatistics.applicable(la, lb)) {
      return new Samples("latency_ms", "ms", true, la, lb);
    }
    double[] ta = values(a.path("samples").path("step_ms"));
    double[] tb = values(b.path("samples").path("step_ms"));
    if (SampleStatistics.applicable(ta, tb)) {
      return new Samples("step_ms", "ms", true, ta, tb);
    }
    double[] ia = values(a.path("samples").path("img_per_s_trials"));
    double[] ib = values(b.path("samples").path("img_per_s_trials"));
    if (SampleStatistics.applicable(ia, ib)) {
      return new Samples("img_per_s", "img/s", false, ia, ib);
    }
    return null;
  }

  /** A JSON array of numbers as doubles (empty when absent). */
  public static double[] values(JsonNode array) {
    if (!array.isArray()) {
      return new double[0];
    }
    double[] out = new double[array.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = array.get(i).asDouble();
    }
    return out;
  }

  private static JsonNode statistics(JsonNode a, JsonNode b, double alpha) {
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
  static ObjectNode environmentDifferences(JsonNode a, JsonNode b) {
    ObjectNode out = F.objectNode();
    JsonNode ea = a.path("environment");
    JsonNode eb = b.path("environment");
    List<String> fields = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> it = ea.fields();
    it.forEachRemaining(e -> fields.add(e.getKey()));
    eb.fieldNames().forEachRemaining(k -> {
      if (!fields.contains(k)) {
        fields.add(k);
      }
    });
    for (String field : fields) {
      JsonNode va = ea.path(field);
      JsonNode vb = eb.path(field);
      if (!same(va, vb)) {
        out.putArray(field).add(va.isMissingNode() ? F.nullNode() : va).add(vb.isMissingNode() ? F.nullNode() : vb);
      }
    }
    return out;
  }
}
