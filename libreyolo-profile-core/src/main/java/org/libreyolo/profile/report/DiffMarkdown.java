package org.libreyolo.profile.report;

import static org.libreyolo.profile.report.DiffReport.VERDICT_ROWS;
import static org.libreyolo.profile.report.DiffReport.addedRemoved;
import static org.libreyolo.profile.report.DiffReport.counting;
import static org.libreyolo.profile.report.DiffReport.headline;
import static org.libreyolo.profile.report.DiffReport.macs;
import static org.libreyolo.profile.report.DiffReport.ms;
import static org.libreyolo.profile.report.DiffReport.signedMs;
import static org.libreyolo.profile.report.DiffReport.singular;
import static org.libreyolo.profile.report.DiffReport.top;
import static org.libreyolo.profile.report.DiffReport.within;

import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.diff.DiffRow;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.internal.python.Percentages;

/** A {@link ProfileDiff} in markdown: what a verdict's summary carries. */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class DiffMarkdown {
  private DiffMarkdown() {}

  /**
   * The markdown a verdict's summary carries: the sentence and a table of at most {@link
   * DiffReport#VERDICT_ROWS} contributors.
   *
   * @param d the diff
   * @return the markdown section
   */
  public static String markdown(ProfileDiff d) {
    StringBuilder md = new StringBuilder("#### What changed\n\n").append(headline(d)).append(".\n");
    d.notes().forEach(n -> md.append("\n_Note: ").append(n).append("._\n"));
    List<DiffRow> rows = d.changed() ? top(counting(d.contributors()), VERDICT_ROWS) : List.of();
    if (!rows.isEmpty()) {
      markdownTable(md, d.level(), rows);
    }
    List<DiffRow> within = d.level() == null ? List.of() : within(d.contributors());
    if (!within.isEmpty()) {
      md.append("\n<details><summary>")
          .append(within.size())
          .append(" ")
          .append(
              within.size() == 1
                  ? singular(d.level()) + " within its"
                  : d.level() + " within their")
          .append(" noise</summary>\n\n");
      markdownTable(md, d.level(), top(within, VERDICT_ROWS));
      md.append("\n</details>\n");
    }
    List<String> moved = addedRemoved(d);
    if (!moved.isEmpty()) {
      md.append("\nOps per step: ")
          .append(String.join("; ", moved.stream().limit(VERDICT_ROWS).toList()))
          .append(".\n");
    }
    return md.toString();
  }

  private static void markdownTable(StringBuilder md, String level, List<DiffRow> rows) {
    md.append("\n| ")
        .append(level)
        .append(
            " | phase | before ms | after ms | change ms | noise ms | share | calls | MACs |\n");
    md.append("|---|---|---:|---:|---:|---:|---:|---|---|\n");
    for (DiffRow r : rows) {
      md.append("| `")
          .append(r.name())
          .append("` | ")
          .append(r.phase() == null ? "" : r.phase())
          .append(" | ")
          .append(ms(r.before()))
          .append(" | ")
          .append(ms(r.after()))
          .append(" | ")
          .append(signedMs(r.delta()))
          .append(" | ")
          .append(r.noise() == null ? "" : ms(r.noise()))
          .append(" | ")
          .append(r.share() == null ? "" : Percentages.percent(r.share()))
          .append(" | ")
          .append(r.countDelta() == 0 ? "" : r.countBefore() + " -> " + r.countAfter())
          .append(" | ")
          .append(
              r.macsBefore() == r.macsAfter()
                  ? ""
                  : macs(r.macsBefore()) + " -> " + macs(r.macsAfter()))
          .append(" |\n");
    }
  }
}
