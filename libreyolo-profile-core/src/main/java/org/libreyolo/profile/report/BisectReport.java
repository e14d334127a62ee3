package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.diff.StepChange;
import org.libreyolo.profile.gate.BisectResult;
import org.libreyolo.profile.gate.VersionVerdicts.Outcome;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.result.Json;

/** The bisect's result as text lines, a pull-request summary (markdown) and JSON. */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class BisectReport {
  /** The schema of {@code bisect-result.json}. */
  public static final String SCHEMA = "libreyolo.profile.bisect/v1";

  private BisectReport() {}

  /**
   * The headline: what was found, in one line.
   *
   * @param r the bisect
   * @return the line
   */
  public static String headline(BisectResult r) {
    List<String> parts = new ArrayList<>();
    if (!r.regressed()) {
      boolean undecided =
          r.findings().stream().anyMatch(f -> f.kind() == BisectResult.Kind.UNDECIDED);
      parts.add(
          "no regression "
              + (undecided ? "decided " : "")
              + "between "
              + r.good()
              + " and "
              + r.bad());
    }
    for (BisectResult.Finding f : r.findings()) {
      if (f.kind() != BisectResult.Kind.NO_REGRESSION) {
        parts.add(f.test() + ": " + found(f));
      }
    }
    return String.join("; ", parts) + " (" + steps(r) + ")";
  }

  /**
   * The report, one line each: the headline, each finding with its evidence, each step.
   *
   * @param r the bisect
   * @return the lines
   */
  public static List<String> lines(BisectResult r) {
    List<String> out = new ArrayList<>();
    out.add("bisect " + r.good() + " .. " + r.bad() + ": " + headline(r));
    for (BisectResult.Finding f : r.findings()) {
      out.add("  " + f.test() + ": " + found(f));
      if (f.evidence() != null && f.kind().searched()) {
        out.add("    " + f.older() + " -> " + f.newer() + ": " + change(f.evidence()));
      }
      out.add("    " + r.good() + " -> " + r.bad() + ": " + change(f.total()));
    }
    out.add("steps:");
    for (BisectResult.Step s : r.steps()) {
      for (Outcome o : s.outcomes()) {
        out.add(
            "  "
                + s.number()
                + ". "
                + s.older()
                + " -> "
                + s.newer()
                + "  "
                + o.test()
                + ": "
                + change(o));
      }
    }
    return out;
  }

  /** What a finding says, in words. */
  private static String found(BisectResult.Finding f) {
    return switch (f.kind()) {
      case CULPRIT -> f.newer() + " made it slower (against " + f.older() + ")";
      case SPREAD ->
          "the slowdown accumulates over versions: "
              + f.newer()
              + " alone is not slower than "
              + f.older()
              + " by the threshold";
      case UNPLACED ->
          "slower somewhere in "
              + f.older()
              + " .. "
              + f.newer()
              + ", each change below what these A/Bs detect";
      case UNDECIDED ->
          "undecided between "
              + f.older()
              + " and "
              + f.newer()
              + " (the change is too small for its interval: more pairs narrow it)";
      case NO_REGRESSION -> "no regression between the good and the bad version";
    };
  }

  /** A measured change in words: the verdict, the change and its interval. */
  private static String change(Outcome o) {
    StepChange c = o.timeChange();
    return o.verdict().name()
        + (c == null
            ? " (" + VersionAbReport.why(o) + ")"
            : " "
                + Percentages.signedPercent(c.change())
                + " "
                + GateReport.interval(c.low(), c.high()));
  }

  private static String steps(BisectResult r) {
    return r.steps().size() + (r.steps().size() == 1 ? " A/B step" : " A/B steps");
  }

  /**
   * The pull-request summary.
   *
   * @param r the bisect
   * @return markdown
   */
  public static String markdown(BisectResult r) {
    StringBuilder b = new StringBuilder();
    b.append("### Bisect ").append(r.good()).append(" .. ").append(r.bad()).append("\n\n");
    b.append(headline(r)).append("\n\n");
    b.append("| test | found | versions | change | interval | verdict |\n");
    b.append("|---|---|---|---|---|---|\n");
    for (BisectResult.Finding f : r.findings()) {
      Outcome o = f.evidence() != null ? f.evidence() : f.total();
      String range = f.older() + " -> " + f.newer();
      StepChange c = o == null ? null : o.timeChange();
      b.append("| ")
          .append(f.test())
          .append(" | ")
          .append(f.kind().name())
          .append(" | ")
          .append(range)
          .append(" | ")
          .append(c == null ? "" : Percentages.signedPercent(c.change()))
          .append(" | ")
          .append(c == null ? "" : GateReport.interval(c.low(), c.high()))
          .append(" | ")
          .append(o == null ? "" : o.verdict().name())
          .append(" |\n");
    }
    b.append("\nVersions searched: ").append(String.join(", ", r.versions())).append("\n");
    return b.toString();
  }

  /**
   * {@code bisect-result.json}.
   *
   * @param r the bisect
   * @return the JSON object
   */
  public static ObjectNode json(BisectResult r) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("schema", SCHEMA);
    out.put("good", r.good());
    out.put("bad", r.bad());
    ArrayNode versions = out.putArray("versions");
    r.versions().forEach(versions::add);
    out.put("headline", headline(r));
    ArrayNode findings = out.putArray("findings");
    for (BisectResult.Finding f : r.findings()) {
      ObjectNode n = findings.addObject();
      n.put("test", f.test());
      n.put("found", f.kind().name());
      n.put("older", f.older());
      n.put("newer", f.newer());
      if (f.evidence() != null) {
        n.set("evidence", outcome(f.evidence()));
      }
      n.set("total", outcome(f.total()));
    }
    ArrayNode steps = out.putArray("steps");
    for (BisectResult.Step s : r.steps()) {
      ObjectNode n = steps.addObject();
      n.put("step", s.number());
      n.put("older", s.older());
      n.put("newer", s.newer());
      ArrayNode tests = n.putArray("tests");
      s.tests().forEach(tests::add);
      ArrayNode outcomes = n.putArray("outcomes");
      s.outcomes().forEach(o -> outcomes.add(outcome(o)));
    }
    return out;
  }

  private static ObjectNode outcome(Outcome o) {
    ObjectNode n = JsonNodeFactory.instance.objectNode();
    n.put("test", o.test());
    StepChange c = o.timeChange();
    if (c != null) {
      ChangeJson.flat(n, c.change(), c.low(), c.high());
    }
    n.put("verdict", o.verdict().name());
    n.put("mode", o.mode());
    n.put("why", VersionAbReport.why(o));
    return n;
  }

  /**
   * Writes {@code bisect-result.json} and {@code bisect-summary.md} into {@code folder}, each whole
   * or not at all.
   *
   * @param r the bisect
   * @param folder the bisect's folder
   * @return the files
   */
  public static Written write(BisectResult r, Path folder) {
    Path summary = folder.resolve(OutputFiles.BISECT_SUMMARY_FILE);
    AtomicFiles.writeText(summary, markdown(r));
    Path file = folder.resolve(OutputFiles.BISECT_RESULT_FILE);
    AtomicFiles.writeText(file, Json.indented(json(r)) + "\n");
    return new Written(r, file, summary);
  }

  /**
   * The bisect's files: the result, the pull-request summary.
   *
   * @param result what was found
   * @param file {@code bisect-result.json}
   * @param summary {@code bisect-summary.md}
   */
  public record Written(BisectResult result, Path file, Path summary) {}
}
