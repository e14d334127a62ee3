package org.libreyolo.profile.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.diff.DiffRow;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.internal.report.Fmt;

/**
 * A {@link ProfileDiff} in text: the reader's table, the one sentence and the few lines a verdict
 * carries in a log; the wording every format shares ({@link DiffMarkdown}, {@link DiffJson}, {@code
 * DiffHtml} render the same rows).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class DiffReport {
  /** Contributors a verdict's log lines and markdown summary carry. */
  public static final int VERDICT_ROWS = 5;

  /** What an unchanged step's diff says. */
  public static final String NOTHING_TO_EXPLAIN = "nothing changed beyond noise";

  /** Rows within their noise a folded table's line names, largest first. */
  static final int FOLDED_NAMED = 3;

  private DiffReport() {}

  /**
   * The one sentence: the step's change and how much of it the rows explain.
   *
   * @param d the diff
   * @return the sentence
   */
  public static String headline(ProfileDiff d) {
    String what = d.phase() == null ? "step" : d.phase();
    String change =
        what
            + " "
            + ms(d.beforeMs())
            + " -> "
            + ms(d.afterMs())
            + " ms ("
            + signedMs(d.deltaMs())
            + " ms"
            + (d.beforeMs() > 0 ? ", " + Percentages.signedPercent(d.deltaMs() / d.beforeMs()) : "")
            + (d.stepChange() == null
                ? ""
                : !d.judged()
                    ? "; its interval "
                        + Percentages.signedPercent(d.stepChange().low())
                        + " .. "
                        + Percentages.signedPercent(d.stepChange().high())
                        + " is too wide to judge rows by"
                    : "; judged "
                        + Percentages.signedPercent(d.stepChange().change())
                        + ", interval "
                        + Percentages.signedPercent(d.stepChange().low())
                        + " .. "
                        + Percentages.signedPercent(d.stepChange().high()))
            + ")"
            + (d.traced()
                ? "; traced "
                    + ms(d.tracedBeforeMs())
                    + " -> "
                    + ms(d.tracedAfterMs())
                    + " ms ("
                    + signedMs(d.explainableMs())
                    + ")"
                : "");
    if (!d.changed()) {
      return change + ": " + NOTHING_TO_EXPLAIN;
    }
    if (d.level() == null) {
      return change + ": no rows to explain it (neither side has a trace or Java samples)";
    }
    List<DiffRow> explaining = d.explaining();
    String judged =
        d.contributors().stream().anyMatch(r -> r.noise() != null)
            ? ""
            : " (no interval to judge them by: ranked, not judged)";
    Double share = d.explainedShare();
    if (share != null && (share < 0 || share > 2)) { // the rows outweigh a step change they oppose
      return change
          + ": "
          + count(explaining.size(), d.level())
          + (explaining.size() == 1
              ? " changed (beyond its noise, or in its work or shapes) by "
              : " changed (beyond their noise, or in their work or shapes) by ")
          + signedMs(d.explainedMs())
          + " ms together, against a "
          + (d.traced() ? "traced " : "")
          + "change of "
          + signedMs(d.explainableMs())
          + " ms: the rest moved the other way within its noise";
    }
    if (share == null) { // rows moved, the step they partition did not: no share to give
      return change
          + ": "
          + count(explaining.size(), d.level())
          + (explaining.size() == 1
              ? " changed (beyond its noise, or in its work or shapes; "
              : " changed (beyond their noise, or in their work or shapes; ")
          + signedMs(d.explainedMs())
          + " ms together), the "
          + (d.traced() ? "traced " : "")
          + "step they partition did not change";
    }
    String unexplained =
        d.level().equals(ProfileDiff.JAVA)
            ? "noise, or time the samples did not see"
            : "noise, or time between the ops";
    if (explaining.isEmpty()) { // a real change that no row carries beyond its own noise
      return change
          + ": no "
          + singular(d.level())
          + " moved beyond its noise, "
          + signedMs(d.unexplainedMs())
          + " ms unexplained ("
          + unexplained
          + ")";
    }
    return change
        + ": "
        + Percentages.percent(share)
        + (d.traced() ? " of the traced change" : "")
        + " explained by "
        + count(explaining.size(), d.level())
        + judged
        + ", "
        + signedMs(d.unexplainedMs())
        + " ms unexplained ("
        + unexplained
        + ")";
  }

  /**
   * What a verdict's log carries: the sentence and its top contributors (at most {@link
   * #VERDICT_ROWS}), and the ops added or removed.
   *
   * @param d the diff
   * @return the lines
   */
  public static List<String> verdictLines(ProfileDiff d) {
    List<String> out = new ArrayList<>();
    out.add("what changed: " + headline(d));
    d.notes().forEach(n -> out.add("  note: " + n));
    if (d.changed()) {
      List<DiffRow> counting = counting(d.contributors());
      for (DiffRow r : top(counting, VERDICT_ROWS)) {
        out.add("  " + contributor(r));
      }
      if (counting.size() > VERDICT_ROWS) {
        out.add("  " + more(counting.size() - VERDICT_ROWS, d.level()) + " that changed");
      }
      if (counting.isEmpty() && !d.contributors().isEmpty()) {
        out.add("  " + folded(d.contributors(), d.level()));
      }
    }
    addedRemoved(d).stream().limit(VERDICT_ROWS).forEach(line -> out.add("  " + line));
    return out;
  }

  /**
   * The diff in one phrase for a verdict's log line: the share explained and the top contributors
   * (at most {@link #VERDICT_ROWS}), or that there is nothing to explain.
   *
   * @param d the diff
   * @return the phrase
   */
  public static String brief(ProfileDiff d) {
    if (!d.changed()) {
      return NOTHING_TO_EXPLAIN;
    }
    if (d.level() == null) {
      return "no rows to explain the change";
    }
    List<DiffRow> rows = top(d.explaining(), VERDICT_ROWS);
    if (rows.isEmpty()) { // a real change no row accounts for beyond its noise: the largest still
      return "no row beyond its noise; largest: "
          + String.join(
              ", ",
              top(d.contributors(), 3).stream()
                  .map(r -> r.name() + " " + signedMs(r.delta()) + " ms")
                  .toList());
    }
    StringBuilder s = new StringBuilder("explained ");
    s.append(d.explainedShare() == null ? "none" : Percentages.percent(d.explainedShare()));
    if (!rows.isEmpty()) {
      s.append(" by ");
      for (int i = 0; i < rows.size(); i++) {
        DiffRow r = rows.get(i);
        s.append(i == 0 ? "" : ", ")
            .append(r.name())
            .append(' ')
            .append(signedMs(r.delta()))
            .append(" ms");
      }
    }
    return s.toString();
  }

  /**
   * The reader's text: the sentence, then every table.
   *
   * @param d the diff
   * @param top rows per table
   * @return the lines
   */
  public static List<String> text(ProfileDiff d, int top) {
    List<String> out = new ArrayList<>();
    out.add(headline(d));
    d.notes().forEach(n -> out.add("note: " + n));
    List<String> moved = addedRemoved(d);
    if (!moved.isEmpty()) {
      out.add("");
      out.add("ops added, removed or called a different number of times (per step, exact):");
      moved.stream().limit(top).forEach(line -> out.add("  " + line));
    }
    if (d.level() != null) {
      table(
          out,
          d.level() + " (own time, ms per step; share of the step's change)",
          d.level(),
          d.contributors(),
          top);
    }
    table(out, "phases (ms per step)", "phases", d.phases(), top);
    if (d.level() == null || !d.level().equals(ProfileDiff.KERNELS)) {
      table(out, "kernels by name (own time, ms per step)", "kernels", d.kernels(), top);
    }
    table(out, "ops by name (inclusive, ms per step)", "ops", d.ops(), top);
    if (d.level() == null || !d.level().equals(ProfileDiff.JAVA)) {
      table(out, "Java methods, own samples (ms per step estimated)", "methods", d.javaSelf(), top);
    }
    table(out, "Java methods, on the stack (ms per step estimated)", "methods", d.javaTotal(), top);
    if (!d.counters().isEmpty()) {
      out.add("");
      out.add("memory and work (exact counters):");
      for (DiffRow r : d.counters()) {
        out.add(
            "  "
                + r.name()
                + ": "
                + counter(r.before(), r.shapeBefore())
                + " -> "
                + counter(r.after(), r.shapeAfter()));
      }
    }
    return out;
  }

  /**
   * A table: its rows that count (beyond their noise, or changed exactly), then one line for those
   * within their noise, folded.
   */
  private static void table(
      List<String> out, String title, String what, List<DiffRow> rows, int top) {
    if (rows.isEmpty()) {
      return;
    }
    out.add("");
    out.add(title);
    List<DiffRow> counting = counting(rows);
    top(counting, top).forEach(r -> out.add("  " + contributor(r)));
    if (counting.size() > top) {
      out.add("  " + more(counting.size() - top, what) + " that changed");
    }
    if (rows.stream().anyMatch(DiffRow::withinNoise)) {
      out.add("  " + folded(rows, what));
    }
  }

  /**
   * {@return the rows that count: beyond their noise, changed exactly, or not judged (no noise
   * known), in the diff's rank}
   *
   * @param rows a table's rows
   */
  static List<DiffRow> counting(List<DiffRow> rows) {
    return rows.stream().filter(DiffRow::aboveNoise).toList();
  }

  /** {@return a table's rows within their noise, largest change first} */
  static List<DiffRow> within(List<DiffRow> rows) {
    return rows.stream().filter(DiffRow::withinNoise).toList();
  }

  /**
   * The one line a table's rows within their noise fold into: how many, and the largest few with
   * their noise.
   *
   * @param rows the table's rows
   * @param what what the rows are ({@code op calls}, {@code kernels})
   * @return the line
   */
  static String folded(List<DiffRow> rows, String what) {
    List<DiffRow> within = within(rows);
    boolean none = within.size() == rows.size();
    List<String> largest =
        top(within.stream().filter(r -> r.delta() != 0).toList(), FOLDED_NAMED).stream()
            .map(r -> r.name() + " " + signedMs(r.delta()) + " (noise " + ms(r.noise()) + ")")
            .toList();
    return (none ? "none beyond its noise; " : "")
        + within.size()
        + (none ? " " : " more ")
        + (within.size() == 1 ? singular(what) : what)
        + " within "
        + (within.size() == 1 ? "its" : "their")
        + " noise"
        + (largest.isEmpty() ? "" : " (largest: " + String.join(", ", largest) + ")");
  }

  /** {@code 1 more op call}, {@code 3 more op calls}. */
  private static String more(int n, String what) {
    return n + " more " + (n == 1 ? singular(what) : what);
  }

  /** {@code 1 op call}, {@code 3 op calls}. */
  private static String count(int n, String what) {
    return n + " " + (n == 1 ? singular(what) : what);
  }

  /** {@code op calls} as {@code op call}: what one row of a table is. */
  static String singular(String what) {
    return what.endsWith("s") ? what.substring(0, what.length() - 1) : what;
  }

  /** One row: name, phase, before -> after, change, its share, count and work changes. */
  static String contributor(DiffRow r) {
    StringBuilder s = new StringBuilder();
    s.append(r.name());
    if (r.phase() != null && !r.phase().equals(r.name())) {
      s.append(" [").append(r.phase()).append(']');
    }
    s.append(": ")
        .append(ms(r.before()))
        .append(" -> ")
        .append(ms(r.after()))
        .append(" (")
        .append(signedMs(r.delta()));
    if (r.share() != null) {
      s.append(", ").append(Percentages.percent(r.share())).append(" of the change");
    }
    if (r.noise() != null) {
      s.append(", noise ").append(ms(r.noise()));
    }
    s.append(')');
    if (r.status() != DiffRow.Status.CHANGED) {
      s.append(' ').append(r.status().name().toLowerCase(Locale.ROOT));
    }
    if (r.countDelta() != 0) {
      s.append(", calls ").append(r.countBefore()).append(" -> ").append(r.countAfter());
    }
    if (r.macsBefore() != r.macsAfter()) {
      s.append(", MACs ").append(macs(r.macsBefore())).append(" -> ").append(macs(r.macsAfter()));
    }
    if (r.shapeBefore() != null
        && r.shapeAfter() != null
        && !r.shapeBefore().equals(r.shapeAfter())) {
      s.append(", in ").append(r.shapeBefore()).append(" -> ").append(r.shapeAfter());
    }
    return s.toString();
  }

  /** Ops added, removed, or with another count per step, from the inclusive op rows (exact). */
  static List<String> addedRemoved(ProfileDiff d) {
    List<String> out = new ArrayList<>();
    for (DiffRow r : d.ops()) {
      if (r.countDelta() == 0) {
        continue;
      }
      String how =
          switch (r.status()) {
            case ADDED -> "added " + r.name() + " x" + r.countAfter() + " per step";
            case REMOVED -> "removed " + r.name() + " x" + r.countBefore() + " per step";
            case CHANGED ->
                r.name()
                    + " x"
                    + r.countBefore()
                    + " -> x"
                    + r.countAfter()
                    + " per step ("
                    + (r.countDelta() > 0 ? "+" : "")
                    + r.countDelta()
                    + ")";
          };
      out.add(how + (r.phase() == null ? "" : " [" + r.phase() + "]"));
    }
    return out;
  }

  static List<DiffRow> top(List<DiffRow> rows, int n) {
    return rows.subList(0, Math.min(Math.max(0, n), rows.size()));
  }

  private static double round(double v) {
    return Math.round(v * 1e4) / 1e4;
  }

  static String ms(double v) {
    return Math.abs(v) >= 100 ? Fmt.f(v, 1) : Fmt.f(v, 3);
  }

  static String signedMs(double v) {
    return (v >= 0 ? "+" : "") + ms(v);
  }

  static String macs(long n) {
    return n >= 1_000_000_000
        ? Fmt.f(n / 1e9, 2) + "G"
        : n >= 1_000_000 ? Fmt.f(n / 1e6, 2) + "M" : n >= 1000 ? Fmt.f(n / 1e3, 1) + "k" : "" + n;
  }

  private static String counter(double v, String absent) {
    return absent != null ? absent : String.format(Locale.ROOT, "%,d", (long) v);
  }
}
