package org.libreyolo.profile.internal.lens;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.UnknownMetricException;
import org.libreyolo.profile.options.KernelQuery;
import org.libreyolo.profile.result.NaturalOrder;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows.KernelRow;
import org.libreyolo.profile.result.ProfileRows.OpRow;
import org.libreyolo.profile.result.ProfileRows.PhaseRow;
import org.libreyolo.profile.result.SampleRows;

/**
 * The readers' views of a {@link Profile} (docs/reference-behaviour.md, "Readers") as data: the
 * rows each reader shows. {@code internal.report.LensJson} writes them as {@code --json} prints
 * them, {@code LensText} and {@code TextReport} word them.
 */
public final class Lenses {
  private Lenses() {}

  /** Sorted metric names (code-point order). */
  public static List<String> metricNames(Profile p) {
    List<String> names = new ArrayList<>(p.metrics().keySet());
    Collections.sort(names);
    return names;
  }

  /** One metric; unknown → exit 2 pointing at the listing form. */
  public static JsonNode metric(Profile p, String field, String trace) {
    Map<String, JsonNode> metrics = p.metrics();
    if (!metrics.containsKey(field)) {
      throw new UnknownMetricException(field, trace);
    }
    return metrics.get(field);
  }

  /**
   * {@code phases}: the profile's phase rows. {@code cpu}: the profile's "kernels" are CPU ops, so
   * the text says cpu_ms (the JSON keeps the reference's keys).
   */
  public record PhasesView(String trace, List<PhaseRow> phases, boolean cpu) {}

  /**
   * {@code kernels}: the rows that passed the query, as stored. {@code cpu}: the rows are CPU leaf
   * ops, and the text says so ({@code %CPU}, {@code op}).
   */
  public record KernelsView(String trace, List<KernelRow> kernels, boolean cpu) {}

  /** {@code ops}: the first rows, as stored. */
  public record OpsView(String trace, List<OpRow> ops) {}

  public static PhasesView phases(Profile p) {
    return new PhasesView(p.trace(), p.phases(), p.isCpu());
  }

  public static KernelsView kernels(Profile p, KernelQuery q) {
    checkTop(q.top());
    String sort = q.sort() == null ? "time" : q.sort();
    if (!SORTS.contains(sort)) {
      throw LibreYoloException.badInput(
          "{sort} must be one of " + String.join(", ", SORTS) + "; got '" + sort + "'");
    }
    List<KernelRow> source =
        q.phase() == null ? p.kernels() : byPhase(p.kernelsByPhase(), q.phase());
    Pattern grep = null;
    if (q.grep() != null && !q.grep().isEmpty()) {
      try {
        grep = Pattern.compile(q.grep(), Pattern.CASE_INSENSITIVE);
      } catch (PatternSyntaxException e) {
        throw LibreYoloException.badInput(
            "invalid {grep} regex '" + q.grep() + "': " + e.getDescription());
      }
    }
    if (q.category() != null && !q.category().isEmpty()) {
      // a category no kernel has is a typo, not an empty answer (the same words as what-if's)
      java.util.Set<String> names = new java.util.LinkedHashSet<>();
      p.kernels().forEach(k -> names.add(k.category()));
      String wanted = q.category().toLowerCase(Locale.ROOT);
      if (names.stream().noneMatch(n -> n.toLowerCase(Locale.ROOT).contains(wanted))) {
        throw LibreYoloException.badInput(
            "no category matching '" + q.category() + "'. have: " + String.join(", ", names));
      }
    }
    List<KernelRow> rows = new ArrayList<>();
    for (KernelRow row : source) {
      if (q.category() != null
          && !q.category().isEmpty()
          && !row.category()
              .toLowerCase(Locale.ROOT)
              .contains(q.category().toLowerCase(Locale.ROOT))) {
        continue;
      }
      if (grep != null
          && !grep.matcher(row.rawName()).find()
          && !grep.matcher(row.kernel()).find()) {
        continue;
      }
      if (q.tensorcore() && !row.tensorcore()) {
        continue;
      }
      rows.add(row);
    }
    Comparator<KernelRow> order =
        switch (sort) {
          case "count" -> Comparator.comparingLong(KernelRow::countPerStep).reversed();
          case "name" -> Comparator.comparing(KernelRow::kernel, NaturalOrder.INSTANCE);
          default -> Comparator.comparingDouble(KernelRow::pctOfGpu).reversed();
        };
    rows.sort(order);
    return new KernelsView(p.trace(), List.copyOf(firstRows(rows, q.top())), p.isCpu());
  }

  public static OpsView ops(Profile p, int top, String phase) {
    checkTop(top);
    List<OpRow> rows = phase == null ? p.ops() : byPhase(p.opsByPhase(), phase);
    return new OpsView(p.trace(), List.copyOf(firstRows(rows, top)));
  }

  /** {@code java}: the Java samples' methods per phase, by self or by total samples. */
  public record JavaView(String trace, SampleRows.JavaSamples samples, boolean byTotal, int top) {}

  public static JavaView java(Profile p, int top, String phase, boolean byTotal) {
    checkTop(top);
    SampleRows.JavaSamples j = p.javaSamples();
    if (j != null && j.why() != null) {
      throw new LibreYoloException(
          LibreYoloException.Kind.NO_PROFILE,
          "no Java samples in "
              + (p.trace() == null ? "this profile" : p.trace())
              + ": "
              + j.why());
    }
    if (j == null) {
      throw new LibreYoloException(
          LibreYoloException.Kind.NO_PROFILE,
          "no Java samples in "
              + (p.trace() == null ? "this profile" : p.trace())
              + ": it was measured before Java samples were taken in every step, or with"
              + " -Dlibreyolo.profile.javaSamples=false; measure it again");
    }
    if (phase != null) {
      Map<String, SampleRows.JavaPhase> byName = new java.util.LinkedHashMap<>();
      j.phases().forEach(ph -> byName.put(ph.phase(), ph));
      j =
          new SampleRows.JavaSamples(
              j.samples(),
              j.nativeSamples(),
              j.periodMs(),
              j.thread(),
              List.of(byPhase(byName, phase)),
              j.otherThreads(),
              j.why());
    }
    return new JavaView(p.trace(), j, byTotal, top);
  }

  private static <V> V byPhase(Map<String, V> map, String phase) {
    if (!map.containsKey(phase)) {
      throw LibreYoloException.badInput(
          "unknown phase '" + phase + "'. available: " + String.join(", ", map.keySet()));
    }
    return map.get(phase);
  }

  /** The kernel rows' orders ({@code --sort}). */
  public static final List<String> SORTS = List.of("time", "count", "name");

  /**
   * Rows to show: the reference slices {@code rows[:top]}, so -3 dropped rows; refused here
   * (docs/deviations.md).
   */
  public static void checkTop(int top) {
    if (top < 0) {
      throw LibreYoloException.badInput("{top} must be >= 0 (rows to show), got " + top);
    }
  }

  /** The first {@code top} rows ({@link #checkTop} refused a negative count). */
  public static <T> List<T> firstRows(List<T> rows, int top) {
    return rows.subList(0, Math.min(top, rows.size()));
  }
}
