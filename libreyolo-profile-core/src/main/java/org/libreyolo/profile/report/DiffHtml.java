package org.libreyolo.profile.report;

import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.diff.DiffRow;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.diff.RowNoise;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.internal.report.Html;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;

/** The diff on an HTML page: the sentence, the tables, the differential flame graph. */
final class DiffHtml {
  /** Rows per table on the page. */
  static final int ROWS = 15;

  private DiffHtml() {}

  /**
   * The diff's rows without the drawings that need both profiles: the sentence, the ops whose
   * counts changed, the partitioning rows (the history's page, per change point).
   */
  static String rows(ProfileDiff d) {
    StringBuilder s =
        new StringBuilder("<p>").append(Html.esc(DiffReport.headline(d))).append("</p>");
    notes(s, d);
    List<String> moved = DiffReport.addedRemoved(d);
    if (!moved.isEmpty()) {
      s.append("<p>Ops per step (exact): ")
          .append(Html.esc(String.join("; ", moved.stream().limit(ROWS).toList())))
          .append("</p>");
    }
    if (d.level() != null) {
      s.append(table(d.level() + " (own time, ms per step)", d.contributors(), true));
    }
    return s.toString();
  }

  static String cards(ProfileDiff d, Profile before, Profile after) {
    StringBuilder s = new StringBuilder();
    StringBuilder what = new StringBuilder();
    what.append("<p id=\"diff-summary\">").append(Html.esc(DiffReport.headline(d))).append("</p>");
    notes(what, d);
    List<String> moved = DiffReport.addedRemoved(d);
    if (!moved.isEmpty()) {
      what.append("<p class=\"muted\">Ops per step (exact): ")
          .append(Html.esc(String.join("; ", moved.stream().limit(ROWS).toList())))
          .append("</p>");
    }
    if (d.level() != null) {
      what.append(table(d.level() + " (own time, ms per step)", d.contributors(), true));
    }
    s.append(Html.card("What changed", what.toString()));
    String timeline =
        ProfileDiff.CALLS.equals(d.level()) ? CallTimelineSvg.svg(d.contributors()) : null;
    if (timeline != null) {
      s.append(
          Html.card(
              "Op calls of one step, both sides aligned by phase",
              "<p class=\"muted\">Each call's own time, in the step's order (time between calls left"
                  + " out); coloured where it changed (beyond its noise, or in its work or shapes): red slower, blue faster (hover"
                  + " for ms).</p><div style=\"overflow-x:auto\">"
                  + timeline
                  + "</div>"));
    }
    String flame =
        FlameDiffSvg.svg(before.javaSamples(), step(before), after.javaSamples(), step(after));
    if (flame != null) {
      s.append(
          Html.card(
              "Java samples, differential flame graph",
              "<p class=\"muted\">Width: the current run's time per step. Coloured only where a"
                  + " frame's change exceeds its noise: "
                  + "<span style=\"color:#c0392b\">red grew</span>, "
                  + "<span style=\"color:#2c6fbb\">blue shrank</span>; grey held within it. A"
                  + " frame's noise is the Java rows' (docs/diff.md): its samples' counting error on"
                  + " both sides, and how far a method's time moves between two unchanged JVMs ("
                  + Percentages.percent(RowNoise.JAVA_JOB_ROW_NOISE)
                  + " of it, and "
                  + Percentages.percent(RowNoise.JAVA_JOB_SHARE_NOISE)
                  + " of the step, standard deviations), at the gate's alpha over every frame (hover"
                  + " for ms and noise).</p>"
                  + "<div style=\"overflow-x:auto\">"
                  + flame
                  + "</div>"));
    }
    if (!d.javaSelf().isEmpty() && !ProfileDiff.JAVA.equals(d.level())) {
      s.append(Html.card("Java methods (own samples)", table("method", d.javaSelf(), false)));
    }
    if (!d.counters().isEmpty()) {
      StringBuilder c = new StringBuilder("<table class=\"kv\">");
      for (DiffRow r : d.counters()) {
        c.append("<tr><td>")
            .append(Html.esc(r.name()))
            .append("</td><td class=\"num\">")
            .append(
                r.shapeBefore() != null
                    ? "absent"
                    : String.format(Locale.ROOT, "%,d", (long) r.before()))
            .append(" &rarr; ")
            .append(
                r.shapeAfter() != null
                    ? "absent"
                    : String.format(Locale.ROOT, "%,d", (long) r.after()))
            .append("</td></tr>");
      }
      s.append(Html.card("Memory and work (exact counters)", c.append("</table>").toString()));
    }
    return s.toString();
  }

  private static void notes(StringBuilder s, ProfileDiff d) {
    d.notes()
        .forEach(n -> s.append("<p class=\"muted\">Note: ").append(Html.esc(n)).append("</p>"));
  }

  private static double step(Profile p) {
    Num n = p.figures().stepMs();
    return n == null ? 0 : n.value();
  }

  /**
   * A table of the rows that count (beyond their noise, or changed exactly), then those within
   * their noise folded below it: a closed {@code <details>} with a table of their own.
   */
  static String table(String title, List<DiffRow> rows, boolean share) {
    List<DiffRow> within = DiffReport.within(rows);
    StringBuilder t = new StringBuilder(rowsTable(title, DiffReport.counting(rows), share));
    if (!within.isEmpty()) {
      t.append("<details class=\"within-noise\"><summary>")
          .append(within.size())
          .append(within.size() == 1 ? " row within its noise" : " rows within their noise")
          .append("</summary>")
          .append(rowsTable(title, within, share))
          .append("</details>");
    }
    return t.toString();
  }

  private static String rowsTable(String title, List<DiffRow> rows, boolean share) {
    StringBuilder t = new StringBuilder("<table class=\"diff\"><tr><th>");
    t.append(Html.esc(title))
        .append("</th><th>phase</th><th class=\"num\">before</th><th class=\"num\">after</th>")
        .append("<th class=\"num\">change</th>")
        .append(share ? "<th class=\"num\">share</th>" : "")
        .append("<th class=\"num\">noise</th><th>calls, work, shapes</th></tr>");
    if (rows.isEmpty()) {
      t.append("<tr><td colspan=\"")
          .append(share ? 8 : 7)
          .append("\" class=\"muted\">none beyond its noise</td></tr>");
    }
    for (DiffRow r : DiffReport.top(rows, ROWS)) {
      t.append("<tr")
          .append(r.withinNoise() ? " class=\"muted\"" : "")
          .append("><td class=\"method\">")
          .append(Html.esc(r.name()))
          .append("</td><td>")
          .append(Html.esc(r.phase() == null ? "" : r.phase()))
          .append("</td><td class=\"num\">")
          .append(ms(r.before()))
          .append("</td><td class=\"num\">")
          .append(ms(r.after()))
          .append("</td><td class=\"num\"")
          .append(
              r.withinNoise()
                  ? ""
                  : " style=\"color:" + (r.delta() > 0 ? "#b03a2e" : "#2c6fbb") + "\"")
          .append(">")
          .append(String.format(Locale.ROOT, "%+.3f", r.delta()))
          .append("</td>");
      if (share) {
        t.append("<td class=\"num\">")
            .append(r.share() == null ? "" : String.format(Locale.ROOT, "%.1f%%", r.share() * 100))
            .append("</td>");
      }
      t.append("<td class=\"num\">")
          .append(r.noise() == null ? "" : ms(r.noise()))
          .append("</td><td>")
          .append(Html.esc(details(r)))
          .append("</td></tr>");
    }
    return t.append("</table>").toString();
  }

  private static String details(DiffRow r) {
    StringBuilder s = new StringBuilder();
    if (r.status() != DiffRow.Status.CHANGED) {
      s.append(r.status().name().toLowerCase(Locale.ROOT)).append(' ');
    }
    if (r.countDelta() != 0) {
      s.append("calls ").append(r.countBefore()).append(" -> ").append(r.countAfter()).append(' ');
    }
    if (r.macsBefore() != r.macsAfter()) {
      s.append("MACs ")
          .append(DiffReport.macs(r.macsBefore()))
          .append(" -> ")
          .append(DiffReport.macs(r.macsAfter()))
          .append(' ');
    }
    if (r.shapeBefore() != null
        && r.shapeAfter() != null
        && !r.shapeBefore().equals(r.shapeAfter())) {
      s.append("in ").append(r.shapeBefore()).append(" -> ").append(r.shapeAfter());
    }
    return s.toString().strip();
  }

  private static String ms(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
