package org.libreyolo.profile.internal.report;

import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.compare.SampleStatistics;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Num;

/**
 * The {@code compare} reader's text: the reference's lines, the memory rows, the statistics block.
 */
public final class CompareText {
  private CompareText() {}

  /**
   * One compared figure as both formats show it: text writes {@code label before -> after} then its
   * unit, change and note; markdown a table row.
   *
   * @param label the figure's name
   * @param before the earlier value, formatted
   * @param after the later value, formatted
   * @param unit written after the later value (" ms/step"), or ""
   * @param change the relative change (" (+26%)"), or ""
   * @param note an aside (the significance call, what the figure means), or ""
   */
  record Row(String label, String before, String after, String unit, String change, String note) {
    String line() {
      return Fmt.left(label, 15) + before + " -> " + after + unit + change + note;
    }
  }

  /**
   * {@return the figures the comparison shows, in order}
   *
   * @param c the comparison
   */
  static List<Row> rows(Comparison.Result c) {
    List<Row> rows = new ArrayList<>();
    Comparison.Significance sig = c.significance();
    String tag =
        sig.significant() == null
            ? "  [" + sig.text() + "]"
            : sig.significant() ? "  [significant]" : "  [NOT significant]";
    rows.add(
        new Row(
            "img/s",
            Num.str(c.imgPerS().before()),
            Num.str(c.imgPerS().after()),
            "",
            Fmt.pctSuffix(Num.orZero(c.imgPerS().before()), Num.orZero(c.imgPerS().after())),
            tag));
    Double pa = c.msPerImage().before();
    Double pb = c.msPerImage().after();
    if (pa != null && pa != 0 && pb != null && pb != 0) {
      rows.add(
          new Row(
              "ms/image",
              Json.repr(pa),
              Json.repr(pb),
              "",
              Fmt.pctSuffix(pa, pb),
              "   (batch-independent speed)"));
    }
    rows.add(
        new Row(
            c.cpu() ? "CPU busy" : "GPU util",
            Fmt.f(Num.orZero(c.gpuUtil().before()) * 100, 0) + "%",
            Fmt.f(Num.orZero(c.gpuUtil().after()) * 100, 0) + "%",
            "",
            "",
            ""));
    rows.add(
        new Row(
            "host overhead",
            Num.str(c.hostOverheadMsPerStep().before()),
            Num.str(c.hostOverheadMsPerStep().after()),
            " ms/step",
            "",
            ""));
    rows.add(
        new Row(
            c.cpu() ? "op calls/step" : "launches/step",
            Num.str(c.launchesPerStep().before()),
            Num.str(c.launchesPerStep().after()),
            "",
            "",
            ""));
    rows.add(new Row("verdict", c.bound().before(), c.bound().after(), "", "", ""));
    for (Comparison.MemoryRow m : c.memory()) {
      rows.add(
          new Row(
              m.label(),
              memoryValue(m, m.before()),
              memoryValue(m, m.after()),
              "",
              Fmt.pctSuffix(m.before(), m.after()),
              ""));
    }
    return rows;
  }

  /**
   * {@return the {@code compare} reader's lines}
   *
   * @param c the comparison
   */
  public static List<String> compare(Comparison.Result c) {
    List<String> lines = new ArrayList<>();
    if (!c.workloadDifferences().isEmpty()) { // first: every figure below compares different work
      lines.add(workloads(c));
    }
    rows(c).forEach(r -> lines.add(r.line()));
    lines.addAll(statistics(c.statistics()));
    if (!c.environmentDifferences().isEmpty()) {
      lines.add(environmentWarning(c));
    }
    return lines;
  }

  /** The first line where the workloads differ: every figure then compares different work. */
  static String workloads(Comparison.Result c) {
    return "workloads differ ("
        + String.join("; ", c.workloadDifferences())
        + "): every figure below compares two workloads, not two builds of one"
        + (c.workloadDifferences().stream().anyMatch(d -> d.startsWith("batch "))
            ? "; ms/image is the batch-independent figure"
            : "");
  }

  /** The warning that the environments differ, naming each field. */
  static String environmentWarning(Comparison.Result c) {
    List<String> parts = new ArrayList<>();
    c.environmentDifferences()
        .forEach(
            (field, pair) ->
                parts.add(field + " " + Fmt.str(pair.before()) + " -> " + Fmt.str(pair.after())));
    return "warning: the environments differ (" + String.join("; ", parts) + "): compare with care";
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
