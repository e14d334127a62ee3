package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.Looks;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VerdictRule;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.internal.result.ProfileIo;

/**
 * An in-job A/B ({@link AbResult}) as {@code profile ab} prints it and as {@code ab.json} carries
 * it.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class AbReport {
  /** The schema name written in every file of this kind. */
  public static final String SCHEMA = "libreyolo.profile.ab/v1";

  private AbReport() {}

  /**
   * The lines {@code profile ab} prints.
   *
   * @param r the A/B
   * @return the text lines
   */
  public static List<String> text(AbResult r) {
    List<String> lines = new java.util.ArrayList<>(head(r));
    if (r.diff() != null) {
      lines.addAll(lines.size() - 2, DiffReport.verdictLines(r.diff()));
    }
    if (!r.settled()) { // the settling ran out of time: the first pairs met code still compiling
      lines.add(
          lines.size() - 2,
          "note: the JIT still compiled when the pairs began (after "
              + r.settleRounds()
              + " rounds of alternating blocks)");
    }
    return lines;
  }

  private static List<String> head(AbResult r) {
    List<String> lines = new java.util.ArrayList<>();
    lines.add(
        "A/B  "
            + r.baseline()
            + " (A) vs "
            + r.candidate()
            + " (B): "
            + r.verdict().pairs()
            + " pairs of blocks, A and B alternating");
    lines.add(
        "block medians  A "
            + PyRound.format(LatencyStats.median(r.aMs()), 3)
            + " ms | B "
            + PyRound.format(LatencyStats.median(r.bMs()), 3)
            + " ms");
    lines.add(changeLine(r));
    lines.add(mdeLine(r));
    String looks = looksLine(r);
    if (!looks.isEmpty()) {
      lines.add(looks);
    }
    lines.add(verdictLine(r));
    lines.add("result: " + r.file());
    return lines;
  }

  /**
   * Where a sequential A/B stopped, as one line; empty when it looked only at the end.
   *
   * @param r the A/B
   * @return the line, or empty
   */
  public static String looksLine(AbResult r) {
    Looks looks = r.looks();
    if (looks.count() == 1) {
      return "";
    }
    String level = VerdictRule.confidence(r.settings().alpha());
    if (r.stoppedEarly()) {
      return "stopped at look "
          + (r.look() + 1)
          + " of "
          + looks.count()
          + ": decided after "
          + r.verdict().pairs()
          + " of "
          + r.settings().pairs()
          + " pairs (the interval holds at "
          + level
          + " whichever look stops)";
    }
    return "looked after "
        + String.join(", ", Arrays.stream(looks.at()).mapToObj(Integer::toString).toList())
        + " pairs: "
        + (r.verdict().verdict() == Verdict.INCONCLUSIVE
            ? "not decided at any"
            : "decided at the last")
        + " (the interval holds at "
        + level
        + " whichever look stops)";
  }

  /**
   * The change and its interval, as one line.
   *
   * @param r the A/B
   * @return the change and its interval
   */
  public static String changeLine(AbResult r) {
    PairedBlocks v = r.verdict();
    return "change "
        + Percentages.signedPercent(v.change())
        + " ["
        + VerdictRule.confidence(r.settings().alpha())
        + " CI "
        + Percentages.signedPercent(v.ciLow())
        + ", "
        + Percentages.signedPercent(v.ciHigh())
        + "] (paired log-ratios of block medians)";
  }

  /**
   * What the A/B could detect, as one line.
   *
   * @param r the A/B
   * @return the minimum detectable effect and the threshold
   */
  public static String mdeLine(AbResult r) {
    return "minimum detectable effect ~"
        + Percentages.percent(r.verdict().mde())
        + "; threshold "
        + Percentages.percent(r.settings().maxRegression());
  }

  /**
   * The verdict and its reason, as one line.
   *
   * @param r the A/B
   * @return the verdict and its reason
   */
  public static String verdictLine(AbResult r) {
    return "verdict: " + r.verdict().verdict() + " (" + r.verdict().why() + ")";
  }

  /**
   * {@code ab.json}: the settings, the verdict and every pair.
   *
   * @param r the A/B
   * @return the JSON object
   */
  public static ObjectNode json(AbResult r) {
    AbResult.Settings s = r.settings();
    PairedBlocks v = r.verdict();
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("schema", SCHEMA);
    out.put("baseline", r.baseline());
    out.put("candidate", r.candidate());
    ObjectNode c = r.config().deepCopy();
    c.put("warmup", s.warmup());
    c.put("pairs", s.pairs());
    c.put("block_runs", s.blockRuns());
    out.set("config", c);
    out.put("alpha", s.alpha());
    out.put("max_regression", s.maxRegression());
    ChangeJson.flat(out, v.change(), v.ciLow(), v.ciHigh());
    out.put("mde", ChangeJson.round(v.mde()));
    out.put("verdict", v.verdict().name());
    out.put("why", v.why());
    if (r.looks().count() > 1) {
      ObjectNode l = out.putObject("looks");
      ArrayNode at = l.putArray("at");
      ArrayNode z = l.putArray("boundary_z");
      for (int k = 0; k < r.looks().count(); k++) {
        at.add(r.looks().at()[k]);
        z.add(PyRound.round(r.looks().z()[k], 4));
      }
      l.put("stopped_at", r.look() + 1);
    }
    out.put("settle_rounds", r.settleRounds());
    out.put("settled", r.settled());
    ArrayNode pairs = out.putArray("pairs");
    for (int k = 0; k < r.aMs().length; k++) {
      ObjectNode p = pairs.addObject();
      p.put("order", k % 2 == 0 ? "AB" : "BA");
      p.put("a_ms", PyRound.round(r.aMs()[k], 4));
      p.put("b_ms", PyRound.round(r.bMs()[k], 4));
      p.put("log_ratio", PyRound.round(r.logRatios()[k], 6));
    }
    if (r.diff() != null) {
      out.set("diff", DiffJson.json(r.diff()));
    }
    return out;
  }

  /**
   * Writes {@link #json} to the A/B's file, whole or not at all: the A/B's {@link AbResult.Writer}.
   *
   * @param r the A/B
   */
  public static void write(AbResult r) {
    ProfileIo.writeIndented(r.file(), json(r));
  }
}
