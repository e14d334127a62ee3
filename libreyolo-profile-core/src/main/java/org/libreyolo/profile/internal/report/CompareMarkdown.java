package org.libreyolo.profile.internal.report;

import java.util.List;
import org.libreyolo.profile.compare.Comparison;

/**
 * The {@code compare} reader in markdown, for a job summary or a pull request's comment: the same
 * figures, call and statistics as its text ({@link CompareText}), as a table.
 */
public final class CompareMarkdown {
  private CompareMarkdown() {}

  /**
   * {@return the comparison as a markdown section}
   *
   * @param c the comparison
   */
  public static String markdown(Comparison.Result c) {
    StringBuilder md =
        new StringBuilder("#### Compare\n\n`")
            .append(c.before())
            .append("` -> `")
            .append(c.after())
            .append("`\n");
    if (!c.workloadDifferences().isEmpty()) {
      md.append("\n_").append(sentence(CompareText.workloads(c))).append("_\n");
    }
    md.append("\n| | before | after | change |\n|---|---:|---:|---|\n");
    for (CompareText.Row r : CompareText.rows(c)) {
      md.append("| ")
          .append(r.label())
          .append(r.unit().isEmpty() ? "" : " (" + r.unit().trim() + ")")
          .append(" | ")
          .append(cell(r.before()))
          .append(" | ")
          .append(cell(r.after()))
          .append(" | ")
          .append(strip(r.change()))
          .append(" |\n");
    }
    Comparison.Significance sig = c.significance();
    md.append("\nThroughput difference (the reference's 2*SE rule): ")
        .append(
            sig.significant() == null
                ? "no call: " + sig.text()
                : (sig.significant() ? "significant, " : "not significant, ") + sig.text())
        .append(".\n");
    List<String> statistics = CompareText.statistics(c.statistics());
    if (!statistics.isEmpty()) {
      md.append("\n```text\n").append(String.join("\n", statistics)).append("\n```\n");
    }
    if (!c.environmentDifferences().isEmpty()) {
      md.append("\n> ").append(sentence(CompareText.environmentWarning(c))).append('\n');
    }
    return md.toString();
  }

  /** A text line as a sentence: capitalised, ending in a full stop. */
  private static String sentence(String line) {
    String s = line.startsWith("warning: ") ? "Warning: " + line.substring(9) : line;
    return Character.toUpperCase(s.charAt(0)) + s.substring(1) + ".";
  }

  /**
   * The text's decoration off a change or note: " (+26%)" is "+26%", " [significant]" is
   * "significant".
   */
  private static String strip(String s) {
    String t = s.trim();
    return t.length() >= 2
            && ((t.startsWith("(") && t.endsWith(")")) || (t.startsWith("[") && t.endsWith("]")))
        ? t.substring(1, t.length() - 1)
        : t;
  }

  /** A table cell: a pipe in a value would end the cell. */
  private static String cell(String value) {
    return value == null ? "" : value.replace("|", "\\|");
  }
}
