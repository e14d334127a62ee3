package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * The Bencher Metric Format (BMF JSON), for {@code bencher run --adapter json}: one benchmark per
 * result, named by the model and its workload, one measure per figure. Median latency and
 * throughput go to Bencher's built-in measures ({@code latency} in nanoseconds, {@code throughput}
 * per second); every other registry figure to a measure of its own key in kebab case ({@code
 * latency-p90-ms}, {@code peak-rss-mb}), which Bencher creates on first use. A value carries {@code
 * lower_value} / {@code upper_value} only where the tool has an interval of that same estimate: a
 * judged change ({@code <metric>-change}, percent) of a check or an A/B.
 */
final class BencherFormat implements Renderer {
  private static final double NS_PER_MS = 1e6;

  @Override
  public Set<Format.Subject> subjects() {
    return EnumSet.of(Format.Subject.PROFILE, Format.Subject.CHECK, Format.Subject.AB);
  }

  /** A Bencher measure: its slug, and the factor from the registry's unit to Bencher's. */
  private record Measure(String slug, double scale) {}

  /** Bencher's built-in measures, by the registry figure they hold. */
  private static final Map<Metric, Measure> BUILT_IN =
      Map.of(
          Metric.LATENCY_P50_MS,
          new Measure("latency", NS_PER_MS),
          Metric.IMG_PER_S,
          new Measure("throughput", 1));

  @Override
  public String profile(Profile p) {
    return bmf(benchmark(p), measures(p));
  }

  @Override
  public String check(CheckFiles.Judged c) {
    ObjectNode measures = measures(c.current());
    for (Gate.Row r : c.result().rows()) {
      if (r.change() != null) {
        measures.set(slug(r.metric()) + "-change", interval(r.change(), r.ciLow(), r.ciHigh()));
      }
    }
    return bmf(benchmark(c.current()), measures);
  }

  @Override
  public String ab(AbResult r) {
    ObjectNode measures = JsonNodeFactory.instance.objectNode();
    if (r.bMs().length > 0) { // the candidate's median time per iteration, as Bencher's latency
      measures.set("latency", value(LatencyStats.median(r.bMs()) * NS_PER_MS));
    }
    measures.set(
        "ab-change", interval(r.verdict().change(), r.verdict().ciLow(), r.verdict().ciHigh()));
    return bmf(r.candidate() + " vs " + r.baseline(), measures);
  }

  /** One benchmark's measures as BMF JSON. */
  private static String bmf(String benchmark, ObjectNode measures) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.set(benchmark, measures);
    return Json.indented(root);
  }

  /** Every registry figure the profile has, finite only. */
  private static ObjectNode measures(Profile p) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    for (Metric m : Metric.values()) {
      Num v = m.read(p);
      if (v == null || !Double.isFinite(v.value())) {
        continue;
      }
      Measure measure = BUILT_IN.getOrDefault(m, new Measure(slug(m.key()), 1));
      out.set(measure.slug(), value(v.value() * measure.scale()));
    }
    return out;
  }

  /**
   * The benchmark's name: the model and the workload that decides its speed, e.g. {@code
   * LibreYOLO9t imgsz 640 batch 1 cpu} (a step measured by the JUnit extension: its id).
   */
  static String benchmark(Profile p) {
    StringBuilder name = new StringBuilder(p.model() == null ? "profile" : p.model());
    for (String key : new String[] {ProfileSchema.IMGSZ, ProfileSchema.BATCH}) {
      var v = p.config().get(key);
      if (v != null && v.isNumber()) {
        name.append(' ').append(key).append(' ').append(v.asText());
      }
    }
    if (p.device() != null) {
      name.append(' ').append(p.device());
    }
    return name.toString();
  }

  private static String slug(String key) {
    return key.toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private static ObjectNode value(double v) {
    return JsonNodeFactory.instance.objectNode().put("value", PyRound.round(v, 4));
  }

  /** A relative change and its interval, in percent. */
  private static ObjectNode interval(double change, Double low, Double high) {
    ObjectNode o = value(100 * change);
    if (low != null && high != null) {
      o.put("lower_value", PyRound.round(100 * low, 4));
      o.put("upper_value", PyRound.round(100 * high, 4));
    }
    return o;
  }
}
