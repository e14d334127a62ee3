package org.libreyolo.profile.internal.report;

import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.internal.compare.Comparison;
import org.libreyolo.profile.internal.compare.SampleStatistics;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Num;

/**
 * The {@code compare} reader's text: the reference's lines, the memory rows, the statistics block.
 */
public final class CompareText {
  private CompareText() {}

  public static List<String> compare(Comparison.Result c) {
    List<String> lines = new ArrayList<>();
    if (!c.workloadDifferences().isEmpty()) { // first: every figure below compares different work
      lines.add(
          "workloads differ ("
              + String.join("; ", c.workloadDifferences())
              + "): every figure below compares two workloads, not two builds of one"
              + (c.workloadDifferences().stream().anyMatch(d -> d.startsWith("batch "))
                  ? "; ms/image is the batch-independent figure"
                  : ""));
    }
    Comparison.Significance sig = c.significance();
    String tag =
        sig.significant() == null
            ? "  [" + sig.text() + "]"
            : sig.significant() ? "  [significant]" : "  [NOT significant]";
    lines.add(
        Fmt.left("img/s", 15)
            + Num.str(c.imgPerS().before())
            + " -> "
            + Num.str(c.imgPerS().after())
            + Fmt.pctSuffix(Num.orZero(c.imgPerS().before()), Num.orZero(c.imgPerS().after()))
            + tag);
    Double pa = c.msPerImage().before();
    Double pb = c.msPerImage().after();
    if (pa != null && pa != 0 && pb != null && pb != 0) {
      lines.add(
          Fmt.left("ms/image", 15)
              + Json.repr(pa)
              + " -> "
              + Json.repr(pb)
              + Fmt.pctSuffix(pa, pb)
              + "   (batch-independent speed)");
    }
    lines.add(
        Fmt.left(c.cpu() ? "CPU busy" : "GPU util", 15)
            + Fmt.f(Num.orZero(c.gpuUtil().before()) * 100, 0)
            + "% -> "
            + Fmt.f(Num.orZero(c.gpuUtil().after()) * 100, 0)
            + "%");
    lines.add(
        Fmt.left("host overhead", 15)
            + Num.str(c.hostOverheadMsPerStep().before())
            + " -> "
            + Num.str(c.hostOverheadMsPerStep().after())
            + " ms/step");
    lines.add(
        Fmt.left(c.cpu() ? "op calls/step" : "launches/step", 15)
            + Num.str(c.launchesPerStep().before())
            + " -> "
            + Num.str(c.launchesPerStep().after()));
    lines.add(Fmt.left("verdict", 15) + c.bound().before() + " -> " + c.bound().after());
    for (Comparison.MemoryRow m : c.memory()) {
      lines.add(
          Fmt.left(m.label(), 15)
              + memoryValue(m, m.before())
              + " -> "
              + memoryValue(m, m.after())
              + Fmt.pctSuffix(m.before(), m.after()));
    }
    lines.addAll(statistics(c.statistics()));
    if (!c.environmentDifferences().isEmpty()) {
      List<String> parts = new ArrayList<>();
      c.environmentDifferences()
          .forEach(
              (field, pair) ->
                  parts.add(field + " " + Fmt.str(pair.before()) + " -> " + Fmt.str(pair.after())));
      lines.add(
          "warning: the environments differ (" + String.join("; ", parts) + "): compare with care");
    }
    return lines;
  }

  /** A memory figure as the comparison shows it: bytes in binary units, the RSS in MB. */
  public static String memoryValue(Comparison.MemoryRow m, double v) {
    return m.bytes() ? Fmt.bytes((long) v) : Fmt.f(v, 0) + " MB";
  }

  public static List<String> statistics(Comparison.Statistics s) {
    List<String> lines = new ArrayList<>();
    if (s == null) {
      return lines;
    }
    SampleStatistics r = s.raw();
    String unit = s.metric().endsWith("_ms") ? " ms" : "";
    lines.add(
        "statistics     "
            + s.metric()
            + " per "
            + s.per()
            + ("fork".equals(s.per()) ? " (the median of its blocks)" : "")
            + ", n "
            + r.nBefore()
            + " vs "
            + r.nAfter()
            + (s.lowerIsBetter() ? " (lower is better)" : " (higher is better)"));
    lines.add(
        "  Welch t (log)   ratio "
            + Fmt.f(rounded(r.ratio()), 3)
            + " [95% CI "
            + Fmt.f(rounded(r.ratioLow()), 3)
            + ", "
            + Fmt.f(rounded(r.ratioHigh()), 3)
            + "]  p="
            + p(r.welchP()));
    lines.add(
        "  Mann-Whitney U  p="
            + p(r.mannWhitneyP())
            + "  Hodges-Lehmann shift "
            + Percentages.signed(rounded(r.hodgesLehmann()), 3)
            + unit);
    lines.add(
        "  bootstrap       median "
            + Percentages.signed(rounded(r.medianChange()) * 100, 1)
            + "% [95% CI "
            + Percentages.signed(rounded(r.medianChangeLow()) * 100, 1)
            + "%, "
            + Percentages.signed(rounded(r.medianChangeHigh()) * 100, 1)
            + "%]");
    lines.add(
        "  MDE             ~"
            + Fmt.f(rounded(r.mde()) * 100, 1)
            + "% at this noise (alpha "
            + Json.repr(s.alpha())
            + ", power 0.8)");
    return lines;
  }

  private static double rounded(double v) {
    return Comparison.Statistics.rounded(v);
  }

  private static String p(double v) {
    return v < 1e-4 ? "<0.0001" : PyRound.format(v, 4);
  }
}
