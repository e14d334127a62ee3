package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.history.HistoryGate;
import org.libreyolo.profile.internal.io.AtomicFiles;

/** The gate against history in words and in JSON (docs/history.md, "The gate against history"). */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class HistoryGateReport {
  private HistoryGateReport() {}

  /**
   * The result's lines, as the check prints them.
   *
   * @param r the gate's outcome against history
   * @return the lines
   */
  public static List<String> lines(HistoryGate.Result r) {
    if (r.verdict() == null) {
      return List.of("history: not used, " + r.fallback());
    }
    return List.of(
        "history: " + r.used(),
        "step vs history: "
            + signed(r.change())
            + " "
            + interval(r)
            + " "
            + r.verdict()
            + " ("
            + r.why()
            + detects(r)
            + ")");
  }

  /**
   * The check's lines as a command prints them: the result's lines, then its verdict (INCONCLUSIVE
   * where no history could judge).
   *
   * @param r the gate's outcome against history
   * @return the lines, the verdict last
   */
  public static List<String> checkLines(HistoryGate.Result r) {
    List<String> lines = new java.util.ArrayList<>(lines(r));
    lines.add(
        "verdict: "
            + (r.verdict() == null
                ? "INCONCLUSIVE (no history to judge by: check against the stored baseline)"
                : r.verdict()));
    return lines;
  }

  /** {@code +1.2%}: the one rounding of the history gate's changes, in every format. */
  private static String signed(double fraction) {
    return String.format(Locale.ROOT, "%+.1f%%", 100 * fraction);
  }

  private static String interval(HistoryGate.Result r) {
    return "[" + signed(r.low()) + ", " + signed(r.high()) + "]";
  }

  /** What the history could detect; an INCONCLUSIVE reason names it already (VerdictRule). */
  private static String detects(HistoryGate.Result r) {
    return r.verdict() == Verdict.INCONCLUSIVE
        ? ""
        : String.format(Locale.ROOT, "; minimum detectable effect %.1f%%", 100 * r.mde());
  }

  /**
   * The result as JSON ({@code history check --json}).
   *
   * @param r the gate's outcome against history
   * @return the JSON object
   */
  public static ObjectNode json(HistoryGate.Result r) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("verdict", r.verdict() == null ? null : r.verdict().name());
    o.put("fallback", r.fallback());
    if (r.verdict() != null) {
      o.put("why", r.why());
      ChangeJson.flat(o, r.change(), r.low(), r.high());
      o.put("mde", ChangeJson.round(r.mde()));
      o.put("runs", r.runs());
      o.put("noise", ChangeJson.round(r.noise()));
      o.put("used", r.used());
    }
    return o;
  }

  /**
   * The result as markdown, for a CI job summary or a pull request's comment ({@code history check
   * --format markdown}): the verdict, the change against the history with its interval, and which
   * history judged it, or why none could.
   *
   * @param r the gate's outcome against history
   * @return the markdown
   */
  public static String markdown(HistoryGate.Result r) {
    StringBuilder md = new StringBuilder();
    if (r.verdict() == null) {
      md.append("### libreyolo-profile history check: not judged\n\n")
          .append("History not used: ")
          .append(r.fallback())
          .append(".\n");
      return md.toString();
    }
    md.append("### libreyolo-profile history check: ").append(r.verdict()).append("\n\n");
    md.append("| step against its history | interval | runs | noise between runs | verdict |\n");
    md.append("|---:|---:|---:|---:|---|\n");
    md.append("| ")
        .append(signed(r.change()))
        .append(" | ")
        .append(interval(r))
        .append(" | ")
        .append(r.runs())
        .append(String.format(Locale.ROOT, " | %.1f%% | ", 100 * r.noise()))
        .append(r.verdict())
        .append(" |\n");
    md.append("\nHistory: ").append(r.used()).append(".\n");
    md.append("\nWhy: ").append(r.why()).append(detects(r)).append(".\n");
    return md.toString();
  }

  /**
   * Writes a step's verdict against its history beside its profile: {@link
   * OutputFiles#HISTORY_RESULT_FILE} (JSON) and {@link OutputFiles#HISTORY_SUMMARY_FILE}
   * (markdown), each through a temp file and a rename, so the files tell the verdict the log does.
   *
   * @param r the gate's outcome against history
   * @param dir the step's folder
   * @return the two files
   */
  public static List<Path> write(HistoryGate.Result r, Path dir) {
    Path json = dir.resolve(OutputFiles.HISTORY_RESULT_FILE);
    AtomicFiles.writeText(json, Format.JSON.history(r) + "\n");
    Path md = dir.resolve(OutputFiles.HISTORY_SUMMARY_FILE);
    AtomicFiles.writeText(md, Format.MARKDOWN.history(r));
    return List.of(json, md);
  }
}
