package org.libreyolo.profile.lens;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.result.Profile;

/**
 * The readers' views of a {@link Profile} (docs/reference-behaviour.md, "Readers") as data: exactly
 * what {@code --json} prints. Text rendering lives in {@code report.TextReport}.
 */
public final class Lenses {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** Keys of the {@code summary --json} subset, in order (present ones only). */
  static final List<String> SUMMARY_KEYS = List.of("trace", "mode", "model", "config", "bound", "bound_why",
      "step_ms", "img_per_s", "latency", "stages_ms", "gpu_util", "gpu_busy_ms_per_step", "mean_kernel_us",
      "kernels_per_step", "unique_kernels", "memcpy_ms_per_step", "tensorcore_pct", "peak_vram_mb", "dataload_ms",
      "dataload_frac", "host_overhead_ms_per_step", "launches_per_step", "memory_pressure", "cuda_mallocs_per_step",
      "gpu_util_raw", "window", "categories", "phases_gpu", "top_kernels");

  private Lenses() {}

  public static ObjectNode summary(Profile p) {
    ObjectNode out = F.objectNode();
    for (String key : SUMMARY_KEYS) {
      if (p.json().has(key)) {
        out.set(key, p.json().get(key));
      }
    }
    // ours, for readers that must not mistake CPU ops for GPU kernels
    for (String key : List.of("device", "kernel_source")) {
      if (p.json().has(key)) {
        out.set(key, p.json().get(key));
      }
    }
    return out;
  }

  /** Sorted metric names (code-point order). */
  public static List<String> metricNames(Profile p) {
    List<String> names = new ArrayList<>();
    p.metrics().fieldNames().forEachRemaining(names::add);
    Collections.sort(names);
    return names;
  }

  /** One metric; unknown → exit 2 pointing at the listing form. */
  public static JsonNode metric(Profile p, String field, String trace) {
    JsonNode metrics = p.metrics();
    if (!metrics.has(field)) {
      throw LibreYoloException.badInput(
          "unknown metric '" + field + "'. run 'profile get " + trace + "' to list metrics.");
    }
    return metrics.get(field);
  }

  /**
   * The {@code trace} these views print: the profile's own (the trace it was analysed from, null
   * for a trace-less profile), not the path the reader was given, as the reference does.
   */
  static JsonNode storedTrace(Profile p) {
    JsonNode trace = p.json().get("trace");
    return trace == null ? F.nullNode() : trace;
  }

  public static ObjectNode phases(Profile p) {
    ObjectNode out = F.objectNode();
    out.set("trace", storedTrace(p));
    out.set("phases", p.json().path("phases").isArray() ? p.json().get("phases") : F.arrayNode());
    return out;
  }

  /** Filters for {@code kernels}. */
  public record KernelQuery(int top, String category, String grep, boolean tensorcore, String sort, String phase) {
    public static KernelQuery defaults() {
      return new KernelQuery(20, null, null, false, "time", null);
    }
  }

  public static ObjectNode kernels(Profile p, KernelQuery q) {
    JsonNode source = q.phase() == null ? p.json().path("kernels") : byPhase(p, "kernels_by_phase", q.phase());
    Pattern grep = null;
    if (q.grep() != null && !q.grep().isEmpty()) {
      try {
        grep = Pattern.compile(q.grep(), Pattern.CASE_INSENSITIVE);
      } catch (PatternSyntaxException e) {
        throw LibreYoloException.badInput("invalid --grep regex '" + q.grep() + "': " + e.getDescription());
      }
    }
    List<JsonNode> rows = new ArrayList<>();
    for (JsonNode row : source) {
      if (q.category() != null && !q.category().isEmpty() && !row.path("category").asText().toLowerCase(Locale.ROOT)
          .contains(q.category().toLowerCase(Locale.ROOT))) {
        continue;
      }
      if (grep != null && !grep.matcher(row.path("raw_name").asText()).find()
          && !grep.matcher(row.path("kernel").asText()).find()) {
        continue;
      }
      if (q.tensorcore() && !row.path("tensorcore").asBoolean()) {
        continue;
      }
      rows.add(row);
    }
    String sort = q.sort() == null ? "time" : q.sort();
    Comparator<JsonNode> order = switch (sort) {
      case "count" -> Comparator.comparingLong((JsonNode r) -> r.path("count_per_step").asLong()).reversed();
      case "name" -> Comparator.comparing((JsonNode r) -> r.path("kernel").asText());
      default -> Comparator.comparingDouble((JsonNode r) -> r.path("pct_of_gpu").asDouble()).reversed();
    };
    rows.sort(order);
    ArrayNode cut = F.arrayNode();
    pythonSlice(rows, q.top()).forEach(cut::add);
    ObjectNode out = F.objectNode();
    out.set("trace", storedTrace(p));
    out.put("matched", cut.size());
    out.set("kernels", cut);
    return out;
  }

  public static ObjectNode ops(Profile p, int top, String phase) {
    JsonNode source = phase == null ? p.json().path("ops") : byPhase(p, "ops_by_phase", phase);
    List<JsonNode> rows = new ArrayList<>();
    source.forEach(rows::add);
    ArrayNode cut = F.arrayNode();
    pythonSlice(rows, top).forEach(cut::add);
    ObjectNode out = F.objectNode();
    out.set("trace", storedTrace(p));
    out.set("ops", cut);
    return out;
  }

  private static JsonNode byPhase(Profile p, String key, String phase) {
    JsonNode map = p.json().path(key);
    if (!map.has(phase)) {
      List<String> have = new ArrayList<>();
      map.fieldNames().forEachRemaining(have::add);
      throw LibreYoloException.badInput("unknown phase '" + phase + "'. available: " + String.join(", ", have));
    }
    return map.get(phase);
  }

  /** {@code rows[:top]}: 0 gives nothing, a negative N drops N rows from the end. */
  static <T> List<T> pythonSlice(List<T> rows, int top) {
    int end = top >= 0 ? Math.min(top, rows.size()) : Math.max(0, rows.size() + top);
    return rows.subList(0, end);
  }
}
