package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.libreyolo.profile.python.PyRound;
import org.libreyolo.profile.lens.WhatIf;
import org.libreyolo.profile.result.Profile;

/**
 * The readers' text output (docs/reference-behaviour.md: "Readers", "Compare", "What-if"), line for line. CPU
 * profiles read as CPU: "CPU busy", "leaf ops", no Tensor Cores or VRAM.
 */
public final class TextReport {
  private TextReport() {}

  public static List<String> summary(Profile profile) {
    JsonNode p = profile.json();
    boolean cpu = profile.isCpu();
    List<String> lines = new ArrayList<>();
    lines.add("model " + Fmt.orQ(p.path("model")) + "  |  " + Fmt.orQ(p.path("img_per_s")) + " img/s  |  step "
        + Fmt.str(p.path("step_ms")) + " ms  |  " + Fmt.str(p.path("kernels_per_step"))
        + (cpu ? " leaf ops/step @ ~" : " kernels/step @ ~") + Fmt.f(p.path("mean_kernel_us").asDouble(), 0) + "us");
    if (profile.isInference()) {
      JsonNode l = p.path("latency");
      JsonNode s = p.path("stages_ms");
      lines.add("latency  p50 " + Fmt.str(l.path("p50_ms")) + " ms | p90 " + Fmt.str(l.path("p90_ms")) + " ms | p99 "
          + Fmt.str(l.path("p99_ms")) + " ms  (" + Fmt.str(l.path("n")) + " samples)");
      lines.add("stages   preprocess " + Fmt.str(s.path("preprocess")) + " ms | forward " + Fmt.str(s.path("forward"))
          + " ms | postprocess/NMS " + Fmt.str(s.path("postprocess")) + " ms");
    }
    if (cpu) {
      lines.add("CPU busy " + Fmt.f(p.path("gpu_util").asDouble() * 100, 0) + "%  (" + Fmt.str(p.path("gpu_busy_ms_per_step"))
          + " ms in ops)  |  Tensor Cores n/a  |  peak VRAM n/a  |  memcpy " + Fmt.str(p.path("memcpy_ms_per_step")) + " ms");
      lines.add("host overhead " + Fmt.str(p.path("host_overhead_ms_per_step")) + " ms/step  |  "
          + Fmt.str(p.path("launches_per_step")) + " leaf op calls/step");
      JsonNode c = p.path("profiler_compensation");
      if (c.path("applied").asBoolean(false)) {
        lines.add("profiler cost taken out: ~" + Fmt.f(c.path("per_op_us").asDouble(), 2) + " us/op"
            + (c.path("phase_scale").isEmpty() ? "" : ", phases scaled to their untraced times")
            + "  (as recorded: CPU busy " + Fmt.str(c.path("raw").path("gpu_busy_ms_per_step")) + " ms, "
            + Fmt.str(c.path("raw").path("bound")) + ")");
      }
    } else {
      lines.add("GPU util " + Fmt.f(p.path("gpu_util").asDouble() * 100, 0) + "%  (" + Fmt.str(p.path("gpu_busy_ms_per_step"))
          + " ms busy)  |  Tensor Cores " + Fmt.f(p.path("tensorcore_pct").asDouble(), 0) + "%  |  peak VRAM "
          + Fmt.orQ(p.path("peak_vram_mb")) + " MB  |  memcpy " + Fmt.str(p.path("memcpy_ms_per_step")) + " ms");
      lines.add("host overhead " + Fmt.str(p.path("host_overhead_ms_per_step")) + " ms/step  |  "
          + Fmt.str(p.path("launches_per_step")) + " kernel launches/step");
    }
    if (p.path("memory_pressure").asBoolean(false)) {
      lines.add("** MEMORY-PRESSURE: VRAM thrash, utilisation/throughput here are unreliable **");
    }
    lines.add(">> " + p.path("bound").asText().toUpperCase(Locale.ROOT) + ": " + p.path("bound_why").asText());
    lines.add(cpu ? "op mix (self time):" : "kernel mix:");
    for (JsonNode c : p.path("categories")) {
      lines.add("  " + Fmt.left(c.path("name").asText(), 17) + " " + Fmt.f(c.path("pct").asDouble(), 5, 1) + "%   "
          + Fmt.f(c.path("ms_per_step").asDouble(), 1) + " ms/step");
    }
    lines.add(cpu ? "top leaf ops/step (self time):" : "top kernels/step:");
    for (JsonNode k : p.path("top_kernels")) {
      lines.add("  " + Fmt.f(k.path("pct_of_gpu").asDouble(), 5, 1) + "%  " + Fmt.f(k.path("ms_per_step").asDouble(), 6, 3)
          + " ms  x" + Fmt.left(Fmt.str(k.path("count_per_step")), 4) + " " + k.path("kernel").asText()
          + (k.path("tensorcore").asBoolean() ? " [TC]" : ""));
    }
    return lines;
  }

  public static List<String> metricList(List<String> names) {
    List<String> lines = new ArrayList<>();
    lines.add("available metrics:");
    names.forEach(n -> lines.add("  " + n));
    return lines;
  }

  public static List<String> phases(JsonNode view) {
    List<String> lines = new ArrayList<>();
    lines.add(Fmt.left("phase", 11) + " " + Fmt.right("gpu_ms", 8) + " " + Fmt.right("wall_ms", 8) + " "
        + Fmt.right("kernels", 8) + " " + Fmt.right("ops", 7));
    for (JsonNode ph : view.path("phases")) {
      JsonNode wall = ph.path("wall_ms_per_step");
      lines.add(Fmt.left(ph.path("phase").asText(), 11) + " " + Fmt.f(ph.path("gpu_ms_per_step").asDouble(), 8, 1) + " "
          + Fmt.right(wall.isNumber() ? Fmt.f(wall.asDouble(), 1) : "-", 8) + " "
          + Fmt.d(ph.path("kernels_per_step").asLong(), 8) + " " + Fmt.d(ph.path("ops_per_step").asLong(), 7));
    }
    return lines;
  }

  public static List<String> kernels(JsonNode view) {
    List<String> lines = new ArrayList<>();
    lines.add(Fmt.right("%GPU", 6) + " " + Fmt.right("ms/step", 9) + " " + Fmt.right("x/step", 7) + " TC  kernel  [category]");
    for (JsonNode k : view.path("kernels")) {
      lines.add(Fmt.f(k.path("pct_of_gpu").asDouble(), 6, 2) + " " + Fmt.f(k.path("ms_per_step").asDouble(), 9, 3) + " "
          + Fmt.d(k.path("count_per_step").asLong(), 7) + "  " + (k.path("tensorcore").asBoolean() ? "Y" : " ") + "  "
          + k.path("kernel").asText() + "  [" + k.path("category").asText() + "]");
    }
    return lines;
  }

  public static List<String> ops(JsonNode view) {
    List<String> lines = new ArrayList<>();
    lines.add(Fmt.right("%cpu", 6) + " " + Fmt.right("ms/step", 9) + " " + Fmt.right("x/step", 7) + "  op");
    for (JsonNode o : view.path("ops")) {
      lines.add(Fmt.f(o.path("pct_of_cpu_ops").asDouble(), 6, 2) + " " + Fmt.f(o.path("ms_per_step").asDouble(), 9, 3) + " "
          + Fmt.d(o.path("count_per_step").asLong(), 7) + "  " + o.path("op").asText());
    }
    return lines;
  }

  public static List<String> whatIf(WhatIf.Projection projection) {
    JsonNode view = projection.json();
    List<String> lines = new ArrayList<>();
    lines.add("what-if [" + view.path("bound").asText() + "]: " + view.path("mechanism").asText());
    lines.add("  step   " + Fmt.str(view.path("step_ms").path("now")) + " -> ~" + Fmt.f(projection.stepMs(), 0) + " ms");
    JsonNode now = view.path("img_per_s").path("now");
    JsonNode projected = view.path("img_per_s").path("projected");
    if (!Fmt.falsy(now) && !Fmt.falsy(projected)) {
      lines.add("  img/s  " + Fmt.str(now) + " -> ~" + Fmt.f(projected.asDouble(), 0)
          + Fmt.pctSuffix(now.asDouble(), projected.asDouble()));
    }
    lines.add("  (rough, verify by actually profiling the change)");
    return lines;
  }

  public static List<String> compare(JsonNode c) {
    List<String> lines = new ArrayList<>();
    JsonNode ips = c.path("img_per_s");
    String tag = ips.path("significant").isNull() ? "  [" + ips.path("significance").asText() + "]"
        : ips.path("significant").asBoolean() ? "  [significant]" : "  [NOT significant]";
    lines.add(Fmt.left("img/s", 15) + Fmt.str(ips.path("before")) + " -> " + Fmt.str(ips.path("after"))
        + Fmt.pctSuffix(ips.path("before").asDouble(0), ips.path("after").asDouble(0)) + tag);
    JsonNode pa = c.path("ms_per_image").path("before");
    JsonNode pb = c.path("ms_per_image").path("after");
    if (!Fmt.falsy(pa) && !Fmt.falsy(pb)) {
      lines.add(Fmt.left("ms/image", 15) + Fmt.str(pa) + " -> " + Fmt.str(pb) + Fmt.pctSuffix(pa.asDouble(), pb.asDouble())
          + "   (batch-independent speed)");
    }
    lines.add(Fmt.left("GPU util", 15) + Fmt.f(c.path("gpu_util").path("before").asDouble() * 100, 0) + "% -> "
        + Fmt.f(c.path("gpu_util").path("after").asDouble() * 100, 0) + "%");
    lines.add(Fmt.left("host overhead", 15) + Fmt.str(c.path("host_overhead_ms_per_step").path("before")) + " -> "
        + Fmt.str(c.path("host_overhead_ms_per_step").path("after")) + " ms/step");
    lines.add(Fmt.left("launches/step", 15) + Fmt.str(c.path("launches_per_step").path("before")) + " -> "
        + Fmt.str(c.path("launches_per_step").path("after")));
    lines.add(Fmt.left("verdict", 15) + c.path("bound").path("before").asText() + " -> "
        + c.path("bound").path("after").asText());
    lines.addAll(statistics(c.path("statistics")));
    JsonNode env = c.path("environment_differences");
    if (env.isObject() && !env.isEmpty()) {
      List<String> parts = new ArrayList<>();
      env.fields().forEachRemaining((Map.Entry<String, JsonNode> e) -> parts.add(e.getKey() + " "
          + Fmt.str(e.getValue().get(0)) + " -> " + Fmt.str(e.getValue().get(1))));
      lines.add("warning: the environments differ (" + String.join("; ", parts) + "): compare with care");
    }
    return lines;
  }

  public static List<String> statistics(JsonNode s) {
    List<String> lines = new ArrayList<>();
    if (s == null || s.isNull() || s.isMissingNode()) {
      return lines;
    }
    String unit = s.path("metric").asText().endsWith("_ms") ? " ms" : "";
    lines.add("statistics     " + s.path("metric").asText() + " samples, n " + s.path("n").get(0) + " vs "
        + s.path("n").get(1) + (s.path("lower_is_better").asBoolean() ? " (lower is better)" : " (higher is better)"));
    JsonNode w = s.path("welch_log");
    lines.add("  Welch t (log)   ratio " + Fmt.f(w.path("ratio").asDouble(), 3) + " [95% CI " + Fmt.f(w.path("ci95").get(0).asDouble(), 3)
        + ", " + Fmt.f(w.path("ci95").get(1).asDouble(), 3) + "]  p=" + p(w.path("p").asDouble()));
    JsonNode mw = s.path("mann_whitney");
    lines.add("  Mann-Whitney U  p=" + p(mw.path("p").asDouble()) + "  Hodges-Lehmann shift "
        + signed(mw.path("hodges_lehmann_shift").asDouble(), 3) + unit);
    JsonNode b = s.path("bootstrap_median_change");
    lines.add("  bootstrap       median " + signed(b.path("change").asDouble() * 100, 1) + "% [95% CI "
        + signed(b.path("ci95").get(0).asDouble() * 100, 1) + "%, " + signed(b.path("ci95").get(1).asDouble() * 100, 1) + "%]");
    lines.add("  MDE             ~" + Fmt.f(s.path("mde_relative").asDouble() * 100, 1) + "% at this noise (alpha "
        + Fmt.str(s.path("alpha")) + ", power 0.8)");
    return lines;
  }

  private static String p(double v) {
    return v < 1e-4 ? "<0.0001" : PyRound.format(v, 4);
  }

  private static String signed(double v, int digits) {
    String s = PyRound.format(v, digits);
    return s.startsWith("-") ? s : "+" + s;
  }
}
