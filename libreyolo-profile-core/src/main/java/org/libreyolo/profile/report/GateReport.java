package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.gate.BlockStatistics;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.OpCounts;
import org.libreyolo.profile.gate.VerdictRule;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.internal.python.PyRound;

/** The gate's table as text lines (build logs) and as markdown (CI job summaries). */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class GateReport {
  private GateReport() {}

  /**
   * The gate's verdict as the build log's lines: the metric table, the evidence, the verdict last.
   *
   * @param r the gate's result
   * @return the lines
   */
  public static List<String> text(Gate.Result r) {
    List<String> lines = new ArrayList<>();
    // before, after and the change they show, then the gate's own estimate: the two changes
    // differ when the machine moved (the canary divides it out), and the table says which is which
    lines.add(
        String.format(
            Locale.ROOT,
            "%-16s %12s %12s %8s %8s %22s  %s",
            "metric",
            "baseline",
            "current",
            "as read",
            "judged",
            confidence(r) + " CI of judged",
            "verdict"));
    for (Gate.Row row : r.rows()) {
      lines.add(
          String.format(
              Locale.ROOT,
              "%-16s %12s %12s %8s %8s %22s  %s",
              row.label(),
              num(row.baseline()),
              num(row.current()),
              pct(row.rawChange()),
              pct(row.change()),
              ci(row),
              row.verdict()));
    }
    lines.add(estimatorLine(r));
    if (r.timing() != null) {
      lines.add(machineLine(r.timing()));
    }
    if (r.unstableMachine() != null) {
      lines.add("timing INCONCLUSIVE: " + r.unstableMachine());
    }
    lines.add(
        "minimum detectable effect: "
            + (r.mde() == null
                ? "n/a (no blocks)"
                : "~"
                    + Percentages.percent(r.mde())
                    + " (alpha "
                    + r.options().alpha()
                    + ", power 0.8)")
            + "; threshold "
            + Percentages.percent(r.options().maxRegression()));
    String underpowered = underpowered(r);
    if (underpowered != null) {
      lines.add(underpowered);
    }
    String reRecord = reRecordNote(r);
    if (reRecord != null) {
      lines.add(reRecord);
    }
    if (!r.environmentDifferences().isEmpty()) {
      lines.add(
          "environments differ ("
              + String.join("; ", r.environmentDifferences())
              + "): INCONCLUSIVE");
    }
    if (!r.workloadDifferences().isEmpty()) {
      lines.add(workloadLine(r));
    }
    lines.add(opCountsLine(r));
    if (!r.modelFileChange().isEmpty() && r.workloadDifferences().isEmpty()) {
      lines.add(
          "model file changed ("
              + String.join("; ", r.modelFileChange())
              + "): timed as the same workload");
    }
    boolean comparable = r.workloadDifferences().isEmpty() && r.environmentDifferences().isEmpty();
    for (Gate.Row row : r.rows()) {
      if (comparable) { // otherwise the one line above says why nothing was judged
        lines.add("  " + row.label() + ": " + row.why());
      }
    }
    if (r.diff() != null) {
      lines.addAll(DiffReport.verdictLines(r.diff()));
    }
    lines.add(evidenceLine(r));
    lines.add("verdict: " + r.verdict());
    return lines;
  }

  /**
   * {@return the warning that the run cannot resolve the threshold, or null when it can}
   *
   * @param r the result
   */
  static String underpowered(Gate.Result r) {
    if (r.mde() == null || r.mde() <= r.options().maxRegression()) {
      return null;
    }
    if (r.paired() != null) {
      return "warning: underpowered: these pairs cannot resolve the threshold on this machine's"
          + " noise; more pairs narrow it";
    }
    return "warning: underpowered: "
        + (forked(r) ? "these forks cannot" : "two processes cannot")
        + " resolve the threshold on this machine's noise; more forks narrow it, profile ab (in-job A/B) can";
  }

  /**
   * A gate result as {@code check-result.json} carries it.
   *
   * @param r the gate's result
   * @return the JSON object
   */
  public static ObjectNode json(Gate.Result r) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode out = f.objectNode();
    out.put("verdict", r.verdict().name());
    out.put("alpha", r.options().alpha());
    out.put("max_regression", r.options().maxRegression());
    out.put("process_noise", r.options().processNoise());
    out.put("job_noise", r.options().jobNoise());
    out.put("mde", ChangeJson.round(r.mde()));
    ObjectNode t = out.putObject("timing");
    t.put("verdict", r.timingVerdict().name());
    if (r.timing() != null) {
      t.putArray("forks").add(r.timing().forksBefore()).add(r.timing().forksAfter());
      t.putArray("blocks").add(r.timing().blocksBefore()).add(r.timing().blocksAfter());
      t.put("change", ChangeJson.round(r.timing().change()));
      ChangeJson.interval(t, r.timing().ciLow(), r.timing().ciHigh());
      t.put("machine_change", ChangeJson.round(r.timing().machineChange()));
      t.put("drift", ChangeJson.round(r.timing().drift()));
      t.put("unnormalised_change", ChangeJson.round(r.timing().rawChange()));
    }
    if (r.paired() != null) {
      t.put("decided_by", "pairs in this job");
      t.put("pairs", r.paired().pairs());
      t.put("change", ChangeJson.round(r.paired().change()));
      ChangeJson.interval(t, r.paired().ciLow(), r.paired().ciHigh());
      t.put("estimator", r.paired().estimator());
    }
    out.put("unstable_machine", r.unstableMachine());
    ArrayNode env = out.putArray("environment_differences");
    r.environmentDifferences().forEach(env::add);
    ArrayNode workload = out.putArray("workload_differences");
    r.workloadDifferences().forEach(workload::add);
    ArrayNode model = out.putArray("model_file_change");
    r.modelFileChange().forEach(model::add);
    ObjectNode counters = out.putObject("counters");
    counters.put("verdict", r.countersVerdict().name());
    ArrayNode changes = counters.putArray("changes");
    r.opCounts().changes().forEach(changes::add);
    ArrayNode rowsNode = out.putArray("metrics");
    for (Gate.Row row : r.rows()) {
      ObjectNode n = rowsNode.addObject();
      n.put("metric", row.metric());
      n.put("label", row.label());
      n.put("baseline", (Double) row.baseline());
      n.put("current", (Double) row.current());
      n.put("raw_change", ChangeJson.round(row.rawChange()));
      ChangeJson.flat(n, row.change(), row.ciLow(), row.ciHigh());
      n.put("verdict", row.verdict().name());
      n.put("why", row.why());
    }
    if (r.diff() != null) {
      out.set("diff", DiffJson.json(r.diff()));
    }
    return out;
  }

  /**
   * The gate's verdict as a CI job summary ({@code check-summary.md}).
   *
   * @param r the gate's result
   * @param baseline the baseline, as named to the reader
   * @param current the current profile, as named to the reader
   * @return the markdown
   */
  public static String markdown(Gate.Result r, String baseline, String current) {
    StringBuilder md = new StringBuilder();
    md.append("### libreyolo-profile check: ").append(r.verdict()).append("\n\n");
    md.append("Baseline `")
        .append(baseline)
        .append("` vs current `")
        .append(current)
        .append("`\n\n");
    md.append("| metric | baseline | current | as read | judged | ")
        .append(confidence(r))
        .append(" CI of judged | verdict |\n");
    md.append("|---|---:|---:|---:|---:|---:|---|\n");
    for (Gate.Row row : r.rows()) {
      md.append("| ")
          .append(row.label())
          .append(" | ")
          .append(num(row.baseline()))
          .append(" | ")
          .append(num(row.current()))
          .append(" | ")
          .append(pct(row.rawChange()))
          .append(" | ")
          .append(pct(row.change()))
          .append(" | ")
          .append(ci(row))
          .append(" | ")
          .append(row.verdict())
          .append(" |\n");
    }
    md.append("\n").append(estimatorLine(r)).append(".\n");
    if (r.timing() != null) {
      md.append("\n").append(machineLine(r.timing())).append(".\n");
    }
    if (r.unstableMachine() != null) {
      md.append("\nTiming INCONCLUSIVE: ").append(r.unstableMachine()).append(".\n");
    }
    md.append("\nMinimum detectable effect: ")
        .append(r.mde() == null ? "n/a" : PyRound.format(r.mde() * 100, 1) + "%")
        .append(", threshold ")
        .append(PyRound.format(r.options().maxRegression() * 100, 1))
        .append("%, alpha ")
        .append(r.options().alpha())
        .append(".\n");
    if (!r.environmentDifferences().isEmpty()) {
      md.append("\nEnvironments differ: ")
          .append(String.join("; ", r.environmentDifferences()))
          .append(".\n");
    }
    if (!r.workloadDifferences().isEmpty()) {
      md.append("\n").append(workloadLine(r)).append(".\n");
    }
    md.append("\n").append(opCountsLine(r)).append("\n");
    String reRecord = reRecordNote(r);
    if (reRecord != null) {
      md.append("\n").append(reRecord).append("\n");
    }
    if (r.diff() != null) {
      md.append("\n").append(DiffMarkdown.markdown(r.diff()));
    }
    md.append("\n")
        .append(evidenceLine(r))
        .append(", verdict: **")
        .append(r.verdict())
        .append("**\n");
    return md.toString();
  }

  /**
   * The interval's level, from alpha: "99%" at the gate's default 0.01.
   *
   * @param r the gate's result
   * @return the level, as a percentage
   */
  public static String confidence(Gate.Result r) {
    return VerdictRule.confidence(r.options().alpha());
  }

  private static String estimatorLine(Gate.Result r) {
    if (r.paired() != null) {
      return "change and CI: the baseline and this build side by side in this job, "
          + r.paired().pairs()
          + " pairs of alternating blocks"
          + (r.paired().jvms() > 1 ? " in " + r.paired().jvms() + " JVMs" : " in one process")
          + ", ln(B/A) per pair; "
          + r.paired().estimator()
          + " (the stored numbers are the history and drift guard)";
    }
    String unit =
        r.timing() == null || r.timing().normalised()
            ? "step time per block relative to the canary"
            : "step time per block (not divided by the canary: the step does not run on the engine)";
    BlockStatistics t = r.timing();
    String interval;
    if (t != null
        && t.forksBefore() >= BlockStatistics.MIN_FORKS
        && t.forksAfter() >= BlockStatistics.MIN_FORKS) {
      interval =
          "Welch's t over the forks ("
              + t.forksBefore()
              + " and "
              + t.forksAfter()
              + " processes) plus "
              + Percentages.percent(r.options().jobNoise())
              + " job noise per run";
    } else if (t != null
        && (t.forksBefore() >= BlockStatistics.MIN_FORKS
            || t.forksAfter() >= BlockStatistics.MIN_FORKS)) {
      interval =
          "the forked side's spread between forks; the one-process side's blocks plus "
              + Percentages.percent(r.options().processNoise())
              + " process noise";
    } else {
      interval =
          "the blocks' spread plus "
              + Percentages.percent(r.options().processNoise())
              + " process noise per run";
    }
    return "change and CI: "
        + unit
        + ", mean per process (throughput as its inverse); interval: "
        + interval;
  }

  /** Each line of evidence with its own verdict: {@code timing: PASS; counters: PASS}. */
  static String evidenceLine(Gate.Result r) {
    return "timing: " + r.timingVerdict() + "; counters: " + r.countersVerdict();
  }

  private static boolean forked(Gate.Result r) {
    return r.timing() != null && (r.timing().forksBefore() > 1 || r.timing().forksAfter() > 1);
  }

  /**
   * A one-process baseline judged against forks: it works, and a forked baseline would narrow the
   * interval.
   */
  private static String reRecordNote(Gate.Result r) {
    BlockStatistics t = r.timing();
    return t != null && t.forksBefore() == 1 && t.forksAfter() > 1
        ? "note: the baseline was measured in one process: re-record it with forks for an interval from both sides"
        : null;
  }

  private static String machineLine(BlockStatistics t) {
    return "machine speed (canary): "
        + Percentages.signedPercent(t.machineChange())
        + " between the runs, up to "
        + Percentages.percent(t.drift())
        + " inside a run; step time before normalisation "
        + Percentages.signedPercent(t.rawChange());
  }

  /** What the counters found: their changes, or that what both sides counted is the same. */
  static String counters(OpCounts.Result c) {
    if (!c.changes().isEmpty()) {
      return String.join("; ", c.changes());
    }
    return c.counted().isEmpty() ? "nothing counted" : "the same " + c.counted();
  }

  private static String opCountsLine(Gate.Result r) {
    OpCounts.Result c = r.opCounts();
    return "counters: " + c.verdict() + " (" + counters(c) + ")";
  }

  private static String workloadLine(Gate.Result r) {
    return "workload differs ("
        + String.join("; ", r.workloadDifferences())
        + "): INCONCLUSIVE; record a new baseline for this workload";
  }

  private static String num(Double v) {
    return v == null ? "-" : PyRound.format(v, 3);
  }

  private static String pct(Double v) {
    return v == null ? "-" : Percentages.signedPercent(v);
  }

  private static String ci(Gate.Row row) {
    return row.ciLow() == null ? "-" : interval(row.ciLow(), row.ciHigh());
  }

  /**
   * The step's change and interval as the timing blocks estimate it, for one line: {@code " +3.1%
   * [-2.0%, +8.4%]"}; empty without blocks.
   *
   * @param r the gate's result
   * @return the change in words, with a leading space, or empty
   */
  public static String brief(Gate.Result r) {
    BlockStatistics t = r.timing();
    return t == null
        ? ""
        : " " + Percentages.signedPercent(t.change()) + " " + interval(t.ciLow(), t.ciHigh());
  }

  /**
   * An interval of relative changes: {@code [-4.1%, +6.0%]}.
   *
   * @param low the lower end, a fraction
   * @param high the upper end, a fraction
   * @return the interval in words
   */
  public static String interval(double low, double high) {
    return "[" + Percentages.signedPercent(low) + ", " + Percentages.signedPercent(high) + "]";
  }
}
