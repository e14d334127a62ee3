package org.libreyolo.profile.internal.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.SampleRows;

/**
 * Self-contained HTML reports (inline CSS and SVG, no scripts, no network): one profile, or a
 * comparison of two. Pictures of what the lenses compute; nothing here recomputes an analysis.
 */
public final class HtmlReport {
  private static final int TIMELINE_STEPS = 12;

  private HtmlReport() {}

  /**
   * @param trace the profile's trace for the timeline strip, or null
   */
  public static String single(Profile profile, String path, Path trace) {
    Profile p = profile;
    StringBuilder body = new StringBuilder();
    body.append("<h1>libreyolo-profile: ")
        .append(Html.esc(p.model() == null ? "?" : p.model()))
        .append("</h1>");
    body.append("<p class=\"muted\">").append(Html.esc(path)).append("</p>");
    body.append(verdict(p));
    body.append("<div class=\"grid\">");
    double[] latency = p.samples().latencyMs();
    if (latency.length > 0 && p.latency() != null) {
      double[] marks = {
        Num.orZero(p.latency().p50()), Num.orZero(p.latency().p90()), Num.orZero(p.latency().p99())
      };
      String[] names = {"p50", "p90", "p99"};
      body.append(
          Html.card(
              "Latency distribution (" + latency.length + " iterations)",
              DistributionSvg.histogram(latency, marks, names, "ms")));
      body.append(
          Html.card(
              "Latency CDF",
              DistributionSvg.cdf(List.of(latency), List.of("this run"), marks, names, "ms")));
    }
    body.append(
        Html.card(
            profile.isInference() || !p.stagesMs().isEmpty()
                ? "Stages (ms per step)"
                : "Phases (ms per step)",
            stageBar(p)));
    boolean plain = p.isPlainCode(); // no engine ran it: no op, kernel or device card
    if (!plain) {
      body.append(
          Html.card(
              profile.isCpu() ? "Op mix by category (CPU self time)" : "Kernel mix by category",
              categoryBar(p)));
    }
    double[] trials = p.imgPerSTrials();
    if (trials.length > 1) {
      body.append(
          Html.card(
              "Repeat trials: throughput",
              Svg.bars(
                  "trial throughputs",
                  trials,
                  Num.orZero(p.figures().imgPerS()),
                  Num.orZero(p.imgPerSStd()),
                  p.throughputUnit() + "/s")));
    }
    if (!plain || trace != null) {
      body.append(
          Html.card(
              "Per-step timeline of phases (traced steps)",
              TraceTimeline.read(trace, TIMELINE_STEPS).svg()));
    }
    if (!plain) {
      body.append(
          Html.card(
              profile.isCpu() ? "Top leaf ops (self time)" : "Top kernels",
              kernelTable(p.kernels(), 15)));
    }
    body.append(Html.card("Memory", memory(p)));
    body.append(Html.card("Java methods per phase (JFR samples)", javaSamples(p)));
    body.append(Html.card("Run: config and environment", keyValues(p)));
    if (!plain) {
      body.append(Html.card("Top framework ops", opTable(p.ops(), 15)));
    }
    body.append("</div>");
    return Html.page("libreyolo-profile report", body.toString());
  }

  /** The comparison of two profiles (the check report, led by the gate, is the gate's own page). */
  public static String comparison(Profile before, Profile after, Comparison.Result cmp) {
    Profile a = before;
    Profile b = after;
    StringBuilder body = new StringBuilder("<h1>libreyolo-profile: comparison</h1>");
    body.append("<p class=\"muted\">before ")
        .append(Html.esc(cmp.before()))
        .append("<br>after ")
        .append(Html.esc(cmp.after()))
        .append("</p>");
    Comparison.Significance sig = cmp.significance();
    String call =
        sig.significant() == null
            ? sig.text()
            : (sig.significant() ? "significant" : "NOT significant") + " (" + sig.text() + ")";
    Comparison.Pair<Num> ips = cmp.imgPerS();
    body.append("<div class=\"verdict\">img/s ")
        .append(Html.esc(Num.str(ips.before())))
        .append(" &rarr; ")
        .append(Html.esc(Num.str(ips.after())))
        .append(Html.esc(Fmt.pctSuffix(Num.orZero(ips.before()), Num.orZero(ips.after()))))
        .append(": ")
        .append(Html.esc(call))
        .append("</div>");
    List<String> workload = cmp.workloadDifferences();
    if (!workload
        .isEmpty()) { // a batch of 1 against a batch of 4 is another workload, not a change
      body.append("<p class=\"verdict regression\">workloads differ: ")
          .append(Html.esc(String.join("; ", workload)))
          .append(" &mdash; the timing compares different work</p>");
    }
    if (!cmp.environmentDifferences().isEmpty()) {
      body.append("<p class=\"verdict regression\">environments differ: ")
          .append(Html.esc(CompareJson.environment(cmp).toString()))
          .append(" &mdash; compare with care</p>");
    }
    body.append("<div class=\"grid\">");
    body.append(Html.card("Metrics", metricsTable(a, b, cmp.memory())));
    body.append(
        Html.card(
            "Statistics over independent runs",
            statistics(cmp.statistics(), cmp.significance().text())));
    double[] la = a.samples().latencyMs();
    double[] lb = b.samples().latencyMs();
    if (la.length > 0 && lb.length > 0) {
      body.append(
          Html.card(
              "Latency distributions",
              DistributionSvg.cdf(List.of(la, lb), List.of("before", "after"), null, null, "ms")));
    }
    body.append(Html.card("Kernel-category change (ms per step)", categoryDeltas(a, b)));
    body.append(Html.card("Kernels that grew or shrank most", kernelDeltas(a, b)));
    body.append("</div>");
    return Html.page("libreyolo-profile comparison", body.toString());
  }

  private static String verdict(Profile p) {
    if (p.isPlainCode()) {
      return "<div class=\"verdict\"><b>PLAIN CODE</b>: "
          + Html.esc(TextReport.PLAIN_VERDICT)
          + "</div>";
    }
    if (p.bound() == null) {
      return "<div class=\"verdict\">no verdict recorded in this profile</div>";
    }
    return "<div class=\"verdict\"><b>"
        + Html.esc(String.valueOf(p.bound()).toUpperCase(Locale.ROOT))
        + "</b>: "
        + Html.esc(String.valueOf(p.boundWhy()))
        + "</div>";
  }

  /** The memory figures the text shows, one row each. */
  private static String memory(Profile p) {
    Map<String, String> rows = new LinkedHashMap<>();
    if (TextReport.onCpu(p) || p.isPlainCode()) {
      rows.put(
          "peak memory", p.hostMemory() == null ? "n/a" : TextReport.peakMemory(p.hostMemory()));
    } else {
      rows.put(
          "peak VRAM",
          p.figures().peakVramMb() == null ? "n/a" : Num.str(p.figures().peakVramMb()) + " MB");
    }
    rows.putAll(TextReport.memoryParts(p));
    return table(rows);
  }

  /** The hottest Java method of each phase, as {@code summary} prints it. */
  private static String javaSamples(Profile p) {
    SampleRows.JavaSamples j = p.javaSamples();
    List<String> lines = TextReport.javaLines(j);
    if (j == null || j.why() != null || lines.isEmpty()) {
      return "<p class=\"muted\">"
          + Html.esc(
              j == null
                  ? "no Java samples in this profile"
                  : j.why() != null
                      ? "none: " + j.why()
                      : "none: the measured runs were shorter than one sampling period")
          + "</p>";
    }
    StringBuilder t =
        new StringBuilder("<p class=\"muted\">")
            .append(Html.esc(lines.get(0)))
            .append("</p><table><tr><th>phase</th><th class=\"num\">share</th>")
            .append("<th>hottest method (self)</th><th class=\"num\">of the phase</th></tr>");
    for (SampleRows.JavaPhase ph : j.phases()) {
      SampleRows.JavaMethod top = ph.self().isEmpty() ? null : ph.self().get(0);
      t.append("<tr><td>")
          .append(Html.esc(ph.phase()))
          .append("</td><td class=\"num\">")
          .append(Fmt.f(100 * ph.share(), 1))
          .append("%</td><td class=\"method\">")
          .append(Html.esc(top == null ? "-" : top.method()))
          .append("</td><td class=\"num\">")
          .append(top == null ? "" : Fmt.f(100 * top.share(), 0) + "%")
          .append("</td></tr>");
    }
    return t.append("</table>").toString();
  }

  private static String table(Map<String, String> rows) {
    StringBuilder t = new StringBuilder("<table class=\"kv\">");
    rows.forEach(
        (k, v) ->
            t.append("<tr><td>")
                .append(Html.esc(k))
                .append("</td><td>")
                .append(Html.esc(v))
                .append("</td></tr>"));
    return t.append("</table>").toString();
  }

  private static String keyValues(Profile p) {
    Map<String, String> rows = new LinkedHashMap<>();
    rows.put(p.throughputUnit() + "/s", shown(p.figures().imgPerS()));
    rows.put("step ms", shown(p.figures().stepMs()));
    ProfileRows.Latency l = p.latency();
    if (l != null) {
      rows.put(
          "latency p50 / p90 / p99 ms",
          shown(l.p50()) + " / " + shown(l.p90()) + " / " + shown(l.p99()));
    }
    rows.put(
        ProfileSchema.DEVICE,
        (p.device() == null ? "?" : p.device())
            + " ("
            + (p.kernelSource() == null ? "?" : p.kernelSource())
            + ")");
    p.config().forEach((k, v) -> rows.put("config." + k, Fmt.display(v)));
    // an unknown model size (-1: plain code, or a model that does not say) is no row
    p.environment().entrySet().stream()
        .filter(e -> !(ProfileSchema.MODEL_PARAMS.equals(e.getKey()) && e.getValue().asLong() < 0))
        .forEach(e -> rows.put("env." + e.getKey(), Fmt.display(e.getValue())));
    return table(rows);
  }

  private static String stageBar(Profile p) {
    List<String> labels = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    if (!p.stagesMs().isEmpty()) {
      p.stagesMs()
          .forEach(
              (stage, ms) -> {
                labels.add(stage);
                values.add(Num.orZero(ms));
              });
    } else {
      for (ProfileRows.PhaseRow ph : p.phases()) {
        labels.add(ph.phase());
        values.add(
            ph.wallMsPerStep() != null
                ? ph.wallMsPerStep().value()
                : Num.orZero(ph.gpuMsPerStep()));
      }
    }
    return labels.isEmpty()
        ? "<p class=\"muted\">no stages or phases</p>"
        : Svg.stackedBar("stage split", labels, values, "ms");
  }

  private static String categoryBar(Profile p) {
    List<String> labels = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    for (ProfileRows.CategoryRow c : p.categories()) {
      labels.add(c.name());
      values.add(c.msPerStep());
    }
    return labels.isEmpty()
        ? "<p class=\"muted\">no kernels in this profile</p>"
        : Svg.stackedBar("kernel mix", labels, values, "ms/step");
  }

  private static String kernelTable(List<ProfileRows.KernelRow> rows, int limit) {
    StringBuilder t =
        new StringBuilder(
            "<table><tr><th class=\"num\">%</th><th class=\"num\">ms/step</th>"
                + "<th class=\"num\">x/step</th><th>name</th><th>category</th></tr>");
    int i = 0;
    for (ProfileRows.KernelRow k : rows) {
      if (i++ == limit) {
        break;
      }
      t.append("<tr><td class=\"num\">")
          .append(Fmt.f(k.pctOfGpu(), 2))
          .append("</td><td class=\"num\">")
          .append(Fmt.f(k.msPerStep(), 3))
          .append("</td><td class=\"num\">")
          .append(k.countPerStep())
          .append("</td><td title=\"")
          .append(Html.esc(k.rawName()))
          .append("\">")
          .append(Html.esc(k.kernel()))
          .append(k.tensorcore() ? " [TC]" : "")
          .append("</td><td><span style=\"color:")
          .append(Svg.color(k.category()))
          .append("\">&#9632;</span> ")
          .append(Html.esc(k.category()))
          .append("</td></tr>");
    }
    return i == 0 ? "<p class=\"muted\">none</p>" : t.append("</table>").toString();
  }

  private static String opTable(List<ProfileRows.OpRow> rows, int limit) {
    StringBuilder t =
        new StringBuilder(
            "<table><tr><th class=\"num\">%</th><th class=\"num\">ms/step</th>"
                + "<th class=\"num\">x/step</th><th>op</th></tr>");
    int i = 0;
    for (ProfileRows.OpRow o : rows) {
      if (i++ == limit) {
        break;
      }
      t.append("<tr><td class=\"num\">")
          .append(Fmt.f(o.pctOfCpuOps(), 2))
          .append("</td><td class=\"num\">")
          .append(Fmt.f(o.msPerStep(), 3))
          .append("</td><td class=\"num\">")
          .append(o.countPerStep())
          .append("</td><td>")
          .append(Html.esc(o.op()))
          .append("</td></tr>");
    }
    return i == 0 ? "<p class=\"muted\">none</p>" : t.append("</table>").toString();
  }

  /** A row of the comparison's metric table: its label and how to read it (a Num or a String). */
  private record MetricRow(String label, Function<Profile, Object> value) {}

  private static String metricsTable(Profile a, Profile b, List<Comparison.MemoryRow> memory) {
    boolean cpu = b.isCpu();
    List<MetricRow> rows =
        new ArrayList<>(
            List.of(
                new MetricRow("img/s", p -> p.figures().imgPerS()),
                new MetricRow("step ms", p -> p.figures().stepMs()),
                new MetricRow(
                    cpu ? "CPU busy (fraction)" : "GPU utilisation", p -> p.figures().gpuUtil()),
                new MetricRow("host overhead ms/step", p -> p.figures().hostOverheadMsPerStep()),
                new MetricRow(
                    cpu ? "leaf op calls/step" : "kernel launches/step",
                    p -> p.figures().launchesPerStep()),
                new MetricRow("verdict", Profile::bound)));
    if (a.latency() != null && b.latency() != null) {
      rows.add(1, new MetricRow("latency p50 ms", p -> p.latency().p50()));
      rows.add(2, new MetricRow("latency p90 ms", p -> p.latency().p90()));
    }
    StringBuilder t =
        new StringBuilder(
            "<table><tr><th>metric</th><th class=\"num\">before</th>"
                + "<th class=\"num\">after</th><th class=\"num\">change</th></tr>");
    for (MetricRow m : rows) {
      Object va = m.value().apply(a);
      Object vb = m.value().apply(b);
      String change =
          va instanceof Num na && vb instanceof Num nb
              ? Fmt.pctSuffix(na.value(), nb.value()).trim()
              : "";
      t.append("<tr><td>")
          .append(Html.esc(m.label()))
          .append("</td><td class=\"num\">")
          .append(Html.esc(shown(va)))
          .append("</td><td class=\"num\">")
          .append(Html.esc(shown(vb)))
          .append("</td><td class=\"num\">")
          .append(Html.esc(change))
          .append("</td></tr>");
    }
    for (Comparison.MemoryRow m : memory) {
      t.append("<tr><td>")
          .append(Html.esc(m.label()))
          .append("</td><td class=\"num\">")
          .append(Html.esc(CompareText.memoryValue(m, m.before())))
          .append("</td><td class=\"num\">")
          .append(Html.esc(CompareText.memoryValue(m, m.after())))
          .append("</td><td class=\"num\">")
          .append(Html.esc(Fmt.pctSuffix(m.before(), m.after()).trim()))
          .append("</td></tr>");
    }
    return t.append("</table>").toString();
  }

  /** A stored scalar as the report shows it: n/a for none (not Python's None). */
  private static String shown(Object v) {
    return v == null ? "n/a" : v instanceof Num n ? n.str() : v.toString();
  }

  /** The statistics block, or why there is none (the significance call's own words). */
  public static String statistics(Comparison.Statistics s, String whyNone) {
    List<String> lines = CompareText.statistics(s);
    if (lines.isEmpty()) {
      return "<p class=\"muted\">" + Html.esc(whyNone) + "</p>";
    }
    StringBuilder out = new StringBuilder("<pre>");
    lines.forEach(l -> out.append(Html.esc(l)).append('\n'));
    return out.append("</pre>").toString();
  }

  public static String categoryDeltas(Profile a, Profile b) {
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

  private static Map<String, Double> categoryMs(Profile p) {
    Map<String, Double> out = new LinkedHashMap<>();
    p.categories().forEach(c -> out.put(c.name(), c.msPerStep()));
    return out;
  }

  private static String kernelDeltas(Profile a, Profile b) {
    Map<String, Double> before = new HashMap<>();
    a.kernels().forEach(k -> before.merge(k.rawName(), k.msPerStep(), Double::sum));
    Map<String, Double> after = new HashMap<>();
    b.kernels().forEach(k -> after.merge(k.rawName(), k.msPerStep(), Double::sum));
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
    StringBuilder t =
        new StringBuilder(
            "<table><tr><th>kernel</th><th class=\"num\">before</th><th class=\"num\">after</th>"
                + "<th class=\"num\">change ms/step</th></tr>");
    for (Map.Entry<String, Double> e : deltas.subList(0, Math.min(12, deltas.size()))) {
      t.append("<tr><td>")
          .append(
              Html.esc(e.getKey().length() > 60 ? e.getKey().substring(0, 60) + "..." : e.getKey()))
          .append("</td><td class=\"num\">")
          .append(Fmt.f(before.getOrDefault(e.getKey(), 0.0), 3))
          .append("</td><td class=\"num\">")
          .append(Fmt.f(after.getOrDefault(e.getKey(), 0.0), 3))
          .append("</td><td class=\"num\" style=\"color:")
          .append(e.getValue() > 0 ? "#c0392b" : "#2e7d32")
          .append("\">")
          .append(e.getValue() >= 0 ? "+" : "")
          .append(Fmt.f(e.getValue(), 3))
          .append("</td></tr>");
    }
    return t.append("</table>").toString();
  }
}
