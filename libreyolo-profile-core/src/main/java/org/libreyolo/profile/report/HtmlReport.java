package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.result.Profile;

/**
 * Self-contained HTML reports (inline CSS and SVG, no scripts, no network): one profile, or a
 * comparison of two. Pictures of what the lenses compute; nothing here recomputes an analysis.
 */
public final class HtmlReport {
  private static final int TIMELINE_STEPS = 12;

  private HtmlReport() {}

  /** @param trace the profile's trace for the timeline strip, or null */
  public static String single(Profile profile, String path, Path trace) {
    JsonNode p = profile.json();
    StringBuilder body = new StringBuilder();
    body.append("<h1>libreyolo-profile: ").append(Html.esc(String.valueOf(p.path("model").asText("?")))).append("</h1>");
    body.append("<p class=\"muted\">").append(Html.esc(path)).append("</p>");
    body.append(verdict(p));
    body.append("<div class=\"grid\">");
    double[] latency = Comparison.values(p.path("samples").path("latency_ms"));
    if (latency.length > 0) {
      double[] marks = {p.path("latency").path("p50_ms").asDouble(), p.path("latency").path("p90_ms").asDouble(),
          p.path("latency").path("p99_ms").asDouble()};
      String[] names = {"p50", "p90", "p99"};
      body.append(Html.card("Latency distribution (" + latency.length + " iterations)",
          Svg.histogram(latency, marks, names, "ms")));
      body.append(Html.card("Latency CDF", Svg.cdf(List.of(latency), List.of("this run"), marks, names, "ms")));
    }
    body.append(Html.card(profile.isInference() || p.has("stages_ms") ? "Stages (ms per step)" : "Phases (ms per step)",
        stageBar(p)));
    body.append(Html.card(profile.isCpu() ? "Op mix by category (CPU self time)" : "Kernel mix by category",
        categoryBar(p)));
    double[] trials = Comparison.values(p.path("img_per_s_trials"));
    if (trials.length > 1) {
      body.append(Html.card("Repeat trials: throughput", Svg.bars("trial throughputs", trials,
          p.path("img_per_s").asDouble(), p.path("img_per_s_std").asDouble(), "img/s")));
    }
    body.append(Html.card("Per-step timeline of phases (traced steps)", TraceTimeline.read(trace, TIMELINE_STEPS).svg()));
    body.append(Html.card(profile.isCpu() ? "Top leaf ops (self time)" : "Top kernels", kernelTable(p.path("kernels"), 15)));
    body.append(Html.card("Run: config and environment", keyValues(p)));
    body.append(Html.card("Top framework ops", opTable(p.path("ops"), 15)));
    body.append("</div>");
    return Html.page("libreyolo-profile report", body.toString());
  }

  public static String comparison(Profile before, Profile after, JsonNode cmp) {
    JsonNode a = before.json();
    JsonNode b = after.json();
    StringBuilder body = new StringBuilder("<h1>libreyolo-profile: comparison</h1>");
    body.append("<p class=\"muted\">before ").append(Html.esc(cmp.path("before").asText())).append("<br>after ")
        .append(Html.esc(cmp.path("after").asText())).append("</p>");
    JsonNode ips = cmp.path("img_per_s");
    String call = ips.path("significant").isNull() ? ips.path("significance").asText()
        : (ips.path("significant").asBoolean() ? "significant" : "NOT significant") + " (" + ips.path("significance").asText() + ")";
    body.append("<div class=\"verdict\">img/s ").append(Html.esc(Fmt.str(ips.path("before")))).append(" &rarr; ")
        .append(Html.esc(Fmt.str(ips.path("after"))))
        .append(Html.esc(Fmt.pctSuffix(ips.path("before").asDouble(0), ips.path("after").asDouble(0)))).append(": ")
        .append(Html.esc(call)).append("</div>");
    JsonNode env = cmp.path("environment_differences");
    if (env.isObject() && !env.isEmpty()) {
      body.append("<p class=\"verdict regression\">environments differ: ").append(Html.esc(env.toString()))
          .append(" &mdash; compare with care</p>");
    }
    body.append("<div class=\"grid\">");
    body.append(Html.card("Metrics", metricsTable(a, b)));
    body.append(Html.card("Statistics on raw samples", statistics(cmp.path("statistics"))));
    double[] la = Comparison.values(a.path("samples").path("latency_ms"));
    double[] lb = Comparison.values(b.path("samples").path("latency_ms"));
    if (la.length > 0 && lb.length > 0) {
      body.append(Html.card("Latency distributions", Svg.cdf(List.of(la, lb), List.of("before", "after"), null, null, "ms")));
    }
    body.append(Html.card("Kernel-category change (ms per step)", categoryDeltas(a, b)));
    body.append(Html.card("Kernels that grew or shrank most", kernelDeltas(a, b)));
    body.append("</div>");
    return Html.page("libreyolo-profile comparison", body.toString());
  }

  private static String verdict(JsonNode p) {
    return "<div class=\"verdict\"><b>" + Html.esc(p.path("bound").asText().toUpperCase(Locale.ROOT)) + "</b>: "
        + Html.esc(p.path("bound_why").asText()) + "</div>";
  }

  private static String keyValues(JsonNode p) {
    Map<String, String> rows = new LinkedHashMap<>();
    rows.put("img/s", Fmt.str(p.path("img_per_s")));
    rows.put("step ms", Fmt.str(p.path("step_ms")));
    if (p.has("latency")) {
      rows.put("latency p50 / p90 / p99 ms", Fmt.str(p.path("latency").path("p50_ms")) + " / "
          + Fmt.str(p.path("latency").path("p90_ms")) + " / " + Fmt.str(p.path("latency").path("p99_ms")));
    }
    rows.put("device", p.path("device").asText("?") + " (" + p.path("kernel_source").asText("?") + ")");
    p.path("config").fields().forEachRemaining(e -> rows.put("config." + e.getKey(), Fmt.str(e.getValue())));
    p.path("environment").fields().forEachRemaining(e -> rows.put("env." + e.getKey(), Fmt.str(e.getValue())));
    StringBuilder t = new StringBuilder("<table class=\"kv\">");
    rows.forEach((k, v) -> t.append("<tr><td>").append(Html.esc(k)).append("</td><td>").append(Html.esc(v)).append("</td></tr>"));
    return t.append("</table>").toString();
  }

  private static String stageBar(JsonNode p) {
    List<String> labels = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    if (p.path("stages_ms").isObject()) {
      p.path("stages_ms").fields().forEachRemaining(e -> {
        labels.add(e.getKey());
        values.add(e.getValue().asDouble());
      });
    } else {
      for (JsonNode ph : p.path("phases")) {
        JsonNode wall = ph.path("wall_ms_per_step");
        labels.add(ph.path("phase").asText());
        values.add(wall.isNumber() ? wall.asDouble() : ph.path("gpu_ms_per_step").asDouble());
      }
    }
    return labels.isEmpty() ? "<p class=\"muted\">no stages or phases</p>" : Svg.stackedBar("stage split", labels, values, "ms");
  }

  private static String categoryBar(JsonNode p) {
    List<String> labels = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    for (JsonNode c : p.path("categories")) {
      labels.add(c.path("name").asText());
      values.add(c.path("ms_per_step").asDouble());
    }
    return labels.isEmpty() ? "<p class=\"muted\">no kernels in this profile</p>"
        : Svg.stackedBar("kernel mix", labels, values, "ms/step");
  }

  private static String kernelTable(JsonNode rows, int limit) {
    StringBuilder t = new StringBuilder("<table><tr><th class=\"num\">%</th><th class=\"num\">ms/step</th>"
        + "<th class=\"num\">x/step</th><th>name</th><th>category</th></tr>");
    int i = 0;
    for (JsonNode k : rows) {
      if (i++ == limit) {
        break;
      }
      t.append("<tr><td class=\"num\">").append(Fmt.f(k.path("pct_of_gpu").asDouble(), 2)).append("</td><td class=\"num\">")
          .append(Fmt.f(k.path("ms_per_step").asDouble(), 3)).append("</td><td class=\"num\">")
          .append(k.path("count_per_step").asLong()).append("</td><td title=\"").append(Html.esc(k.path("raw_name").asText()))
          .append("\">").append(Html.esc(k.path("kernel").asText())).append(k.path("tensorcore").asBoolean() ? " [TC]" : "")
          .append("</td><td><span style=\"color:").append(Svg.color(k.path("category").asText())).append("\">&#9632;</span> ")
          .append(Html.esc(k.path("category").asText())).append("</td></tr>");
    }
    return i == 0 ? "<p class=\"muted\">none</p>" : t.append("</table>").toString();
  }

  private static String opTable(JsonNode rows, int limit) {
    StringBuilder t = new StringBuilder("<table><tr><th class=\"num\">%</th><th class=\"num\">ms/step</th>"
        + "<th class=\"num\">x/step</th><th>op</th></tr>");
    int i = 0;
    for (JsonNode o : rows) {
      if (i++ == limit) {
        break;
      }
      t.append("<tr><td class=\"num\">").append(Fmt.f(o.path("pct_of_cpu_ops").asDouble(), 2)).append("</td><td class=\"num\">")
          .append(Fmt.f(o.path("ms_per_step").asDouble(), 3)).append("</td><td class=\"num\">")
          .append(o.path("count_per_step").asLong()).append("</td><td>").append(Html.esc(o.path("op").asText()))
          .append("</td></tr>");
    }
    return i == 0 ? "<p class=\"muted\">none</p>" : t.append("</table>").toString();
  }

  private static String metricsTable(JsonNode a, JsonNode b) {
    String[][] metrics = {{"img_per_s", "img/s"}, {"step_ms", "step ms"}, {"gpu_util", "utilisation"},
        {"host_overhead_ms_per_step", "host overhead ms/step"}, {"launches_per_step", "launches (op calls)/step"},
        {"bound", "verdict"}};
    StringBuilder t = new StringBuilder("<table><tr><th>metric</th><th class=\"num\">before</th>"
        + "<th class=\"num\">after</th><th class=\"num\">change</th></tr>");
    List<String[]> rows = new ArrayList<>(List.of(metrics));
    if (a.has("latency") && b.has("latency")) {
      rows.add(1, new String[] {"latency.p50_ms", "latency p50 ms"});
      rows.add(2, new String[] {"latency.p90_ms", "latency p90 ms"});
    }
    for (String[] m : rows) {
      JsonNode va = at(a, m[0]);
      JsonNode vb = at(b, m[0]);
      String change = va.isNumber() && vb.isNumber() ? Fmt.pctSuffix(va.asDouble(), vb.asDouble()).trim() : "";
      t.append("<tr><td>").append(Html.esc(m[1])).append("</td><td class=\"num\">").append(Html.esc(Fmt.str(va)))
          .append("</td><td class=\"num\">").append(Html.esc(Fmt.str(vb))).append("</td><td class=\"num\">")
          .append(Html.esc(change)).append("</td></tr>");
    }
    return t.append("</table>").toString();
  }

  private static JsonNode at(JsonNode p, String path) {
    JsonNode n = p;
    for (String part : path.split("\\.")) {
      n = n.path(part);
    }
    return n;
  }

  private static String statistics(JsonNode s) {
    List<String> lines = TextReport.statistics(s);
    if (lines.isEmpty()) {
      return "<p class=\"muted\">no per-iteration samples in one of the profiles: only the reference rule applies</p>";
    }
    StringBuilder out = new StringBuilder("<pre>");
    lines.forEach(l -> out.append(Html.esc(l)).append('\n'));
    return out.append("</pre>").toString();
  }

  private static String categoryDeltas(JsonNode a, JsonNode b) {
    Map<String, Double> before = categoryMs(a);
    Map<String, Double> after = categoryMs(b);
    Set<String> names = new LinkedHashSet<>(before.keySet());
    names.addAll(after.keySet());
    if (names.isEmpty()) {
      return "<p class=\"muted\">no kernels in these profiles</p>";
    }
    List<String> labels = new ArrayList<>(names);
    List<Double> deltas = new ArrayList<>();
    for (String n : labels) {
      deltas.add(after.getOrDefault(n, 0.0) - before.getOrDefault(n, 0.0));
    }
    return Svg.deltas("kernel-category deltas", labels, deltas, "ms/step");
  }

  private static Map<String, Double> categoryMs(JsonNode p) {
    Map<String, Double> out = new LinkedHashMap<>();
    p.path("categories").forEach(c -> out.put(c.path("name").asText(), c.path("ms_per_step").asDouble()));
    return out;
  }

  private static String kernelDeltas(JsonNode a, JsonNode b) {
    Map<String, Double> before = new HashMap<>();
    a.path("kernels").forEach(k -> before.merge(k.path("raw_name").asText(), k.path("ms_per_step").asDouble(), Double::sum));
    Map<String, Double> after = new HashMap<>();
    b.path("kernels").forEach(k -> after.merge(k.path("raw_name").asText(), k.path("ms_per_step").asDouble(), Double::sum));
    Set<String> names = new LinkedHashSet<>(before.keySet());
    names.addAll(after.keySet());
    List<Map.Entry<String, Double>> deltas = new ArrayList<>();
    for (String n : names) {
      deltas.add(Map.entry(n, after.getOrDefault(n, 0.0) - before.getOrDefault(n, 0.0)));
    }
    deltas.sort((x, y) -> Double.compare(Math.abs(y.getValue()), Math.abs(x.getValue())));
    if (deltas.isEmpty()) {
      return "<p class=\"muted\">none</p>";
    }
    StringBuilder t = new StringBuilder("<table><tr><th>kernel</th><th class=\"num\">before</th><th class=\"num\">after</th>"
        + "<th class=\"num\">change ms/step</th></tr>");
    for (Map.Entry<String, Double> e : deltas.subList(0, Math.min(12, deltas.size()))) {
      t.append("<tr><td>").append(Html.esc(e.getKey().length() > 60 ? e.getKey().substring(0, 60) + "..." : e.getKey()))
          .append("</td><td class=\"num\">").append(Fmt.f(before.getOrDefault(e.getKey(), 0.0), 3))
          .append("</td><td class=\"num\">").append(Fmt.f(after.getOrDefault(e.getKey(), 0.0), 3))
          .append("</td><td class=\"num\" style=\"color:").append(e.getValue() > 0 ? "#c0392b" : "#2e7d32").append("\">")
          .append(e.getValue() >= 0 ? "+" : "").append(Fmt.f(e.getValue(), 3)).append("</td></tr>");
    }
    return t.append("</table>").toString();
  }
}
