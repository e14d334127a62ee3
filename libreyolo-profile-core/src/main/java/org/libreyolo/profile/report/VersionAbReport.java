package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.gate.BlockStatistics;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.SoloCheck;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VerdictRule;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.gate.VersionVerdicts.Line;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Json;

/**
 * The A/B across versions ({@link VersionVerdicts}) as the Maven {@code ab} goal logs it, as {@code
 * versions-summary.md} and as {@code versions-result.json}: one verdict, three renderings.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class VersionAbReport {
  /** The schema name of {@code versions-result.json}. */
  public static final String SCHEMA = "libreyolo.profile.versions/v1";

  private VersionAbReport() {}

  /**
   * A step's verdict in words: its evidence (the time change with its interval, the counters that
   * changed, or why it was not judged), then what the check against the sides alone found.
   *
   * @param x the step's outcome
   * @return the phrase
   */
  public static String why(VersionVerdicts.Outcome x) {
    String evidence;
    if (x.evidence() instanceof VersionVerdicts.Pairs p) {
      evidence = why(x.gate(), x.paired(), x.verdict(), p.countersAgree(), p.jit());
    } else if (x.evidence() instanceof VersionVerdicts.Forks f) {
      evidence = why(x.gate()) + f.looks();
    } else {
      evidence = ((VersionVerdicts.Reason) x.evidence()).text();
    }
    String solo = x.soloWords();
    return solo.isEmpty() ? evidence : evidence.isEmpty() ? solo : evidence + "; " + solo;
  }

  /**
   * A judged step's evidence in one phrase: the time change with its interval, the counters that
   * changed, or why it was not judged.
   *
   * @param r the fork gate's result
   * @return the phrase
   */
  private static String why(Gate.Result r) {
    BlockStatistics s = r.timing();
    StringBuilder b = new StringBuilder();
    if (s != null) {
      b.append(
          time(
              s.change(),
              s.ciLow(),
              s.ciHigh(),
              s.forksBefore() + "/" + s.forksAfter() + " forks",
              s.mde()));
    }
    if (r.countersVerdict() == Verdict.REGRESSION) {
      b.append(b.length() > 0 ? "; " : "").append(String.join("; ", r.opCounts().changes()));
    }
    if (r.verdict() == Verdict.INCONCLUSIVE) {
      String reason =
          r.unstableMachine() != null
              ? r.unstableMachine()
              : !r.environmentDifferences().isEmpty()
                  ? "not judged: " + r.environmentDifferences().get(0)
                  : !r.workloadDifferences().isEmpty()
                      ? "not judged: " + r.workloadDifferences().get(0)
                      : r.rows().isEmpty() ? "" : r.rows().get(0).why();
      b.append(b.length() > 0 ? "; " : "").append(reason);
    }
    if (r.diff() != null) {
      b.append(b.length() > 0 ? "; " : "").append(DiffReport.brief(r.diff()));
    }
    return b.toString();
  }

  /** {@code time +5.2% [+4.5%, +5.8%], <evidence>, MDE 0.6%}: one wording for both modes. */
  private static String time(double change, double low, double high, String evidence, double mde) {
    return String.format(
        Locale.ROOT,
        "time %+.1f%% [%+.1f%%, %+.1f%%], %s, MDE %.1f%%",
        100 * change,
        100 * low,
        100 * high,
        evidence,
        100 * mde);
  }

  /**
   * A step judged in shared JVMs, in one phrase: the time change with its interval over the JVMs,
   * the median's change beside it, the counters that changed, and why it was not decided when it
   * was not.
   *
   * @param g the gate's guards and counters on the two sides' profiles (the first JVM's)
   * @param paired the JVMs' combined verdict
   * @param verdict the step's verdict
   * @param countersAgree whether every JVM's counters gave the same verdict (else they are shown,
   *     not judged)
   * @param jit what the JIT left unequal between the sides, one phrase each
   * @return the phrase
   */
  private static String why(
      Gate.Result g,
      PairedBlocks paired,
      Verdict verdict,
      boolean countersAgree,
      List<String> jit) {
    StringBuilder b =
        new StringBuilder(
            time(paired.change(), paired.ciLow(), paired.ciHigh(), pairsIn(paired), paired.mde()));
    if (!Double.isNaN(paired.medianChange())) {
      b.append(String.format(Locale.ROOT, ", median %+.1f%%", 100 * paired.medianChange()));
    }
    if (Math.abs(paired.orderEffect()) >= 0.01) { // worth a word: it explains a spread
      b.append(
          String.format(
              Locale.ROOT,
              "; the side that went first ran %.1f%% %s (cancelled: each side went first in half the"
                  + " JVMs)",
              100 * Math.abs(paired.orderEffect()),
              paired.orderEffect() > 0 ? "faster" : "slower"));
    }
    jit.forEach(note -> b.append("; ").append(note));
    if (g.countersVerdict() == Verdict.REGRESSION) {
      b.append("; ")
          .append(String.join("; ", g.opCounts().changes()))
          .append(countersAgree ? "" : " (in some JVMs only: not exact here, not judged)");
    }
    if (!g.environmentDifferences().isEmpty()) {
      b.append("; not judged: ").append(g.environmentDifferences().get(0));
    } else if (!g.workloadDifferences().isEmpty()) {
      b.append("; not judged: ").append(g.workloadDifferences().get(0));
    } else if (verdict == Verdict.INCONCLUSIVE) {
      b.append("; ").append(paired.why());
    }
    if (g.diff() != null) {
      b.append("; ").append(DiffReport.brief(g.diff()));
    }
    return b.toString();
  }

  /** {@code 150 pairs in 5 JVMs}. */
  private static String pairsIn(PairedBlocks p) {
    return p.pairs() + " pairs in " + p.jvms() + (p.jvms() == 1 ? " JVM" : " JVMs");
  }

  /**
   * How the tests were measured, in one phrase: how many in one process (pairs of alternating
   * blocks) and how many in forks.
   *
   * @param v the verdicts
   * @return the phrase
   */
  static String measured(VersionVerdicts v) {
    long together =
        v.outcomes().stream()
            .filter(VersionVerdicts.Outcome::inSharedJvms)
            .map(VersionVerdicts.Outcome::test)
            .distinct()
            .count();
    long forked =
        v.outcomes().stream()
            .filter(x -> !x.inSharedJvms())
            .map(VersionVerdicts.Outcome::test)
            .distinct()
            .count();
    List<String> parts = new ArrayList<>();
    if (together > 0) {
      parts.add(
          tests(together)
              + " in "
              + v.jvms()
              + " JVMs holding both versions ("
              + v.pairs()
              + " pairs of alternating blocks per step)");
    }
    if (forked > 0 || together == 0) {
      parts.add(tests(forked) + " in forks (" + v.forks() + " a side, alternating)");
    }
    return String.join(", ", parts);
  }

  private static String tests(long n) {
    return n + " test" + (n == 1 ? "" : "s");
  }

  /** A forked outcome says why it forked; one in one process needs no word more than its why. */
  private static String mode(VersionVerdicts.Outcome x) {
    return x.inSharedJvms() || x.mode() == null ? "" : " - " + x.mode();
  }

  /** A line that is no alert. */
  private static Line info(String text) {
    return new Line(text, false);
  }

  /**
   * The report as text lines.
   *
   * @param v the verdicts
   * @return the lines
   */
  public static List<String> lines(VersionVerdicts v) {
    return leveledLines(v).stream().map(Line::text).toList();
  }

  /**
   * The report's lines, each with its level.
   *
   * @param v the verdicts
   * @return the lines
   */
  public static List<Line> leveledLines(VersionVerdicts v) {
    List<Line> lines = new ArrayList<>();
    lines.add(
        info(
            "A/B across versions: "
                + v.baseline()
                + " (A) vs "
                + v.candidate()
                + " (B), "
                + measured(v)
                + "; alpha "
                + v.gate().alpha()
                + ", threshold "
                + Math.round(v.gate().maxRegression() * 1000) / 10.0
                + "%"));
    if (v.classpathDifferences().isEmpty()) {
      lines.add(info("class paths differ only in the module's own classes"));
    } else {
      v.classpathDifferences().forEach(d -> lines.add(info("class path: " + d)));
    }
    for (VersionVerdicts.Outcome x : v.outcomes()) {
      String why = why(x);
      lines.add(
          new Line(
              x.test() + ": " + x.verdict() + (why.isEmpty() ? "" : " (" + why + ")") + mode(x),
              x.verdict() == Verdict.REGRESSION));
    }
    v.notes().forEach(n -> lines.add(info("note: " + n)));
    v.failures().forEach(f -> lines.add(new Line(f, true)));
    lines.add(
        new Line(
            "verdict: "
                + (v.failures().isEmpty()
                    ? v.verdict().name()
                    : "FAILED ("
                        + v.failures().size()
                        + " test"
                        + (v.failures().size() == 1 ? "" : "s")
                        + " failing on this build)"),
            !v.failures().isEmpty() || v.verdict() == Verdict.REGRESSION));
    return lines;
  }

  /**
   * The same verdicts as a markdown table, for a pull request's comment or a CI job summary: the
   * verdict first.
   *
   * @param v the verdicts
   * @return the markdown
   */
  public static String markdown(VersionVerdicts v) {
    StringBuilder b = new StringBuilder();
    b.append("### A/B against ")
        .append(v.baseline())
        .append(": ")
        .append(v.failures().isEmpty() ? v.verdict().name() : "FAILED")
        .append("\n\n");
    b.append(v.candidate())
        .append(" vs ")
        .append(v.baseline())
        .append(": ")
        .append(measured(v))
        .append("; threshold ")
        .append(Math.round(v.gate().maxRegression() * 1000) / 10.0)
        .append("%, alpha ")
        .append(v.gate().alpha())
        .append("\n\n");
    b.append("| test | verdict | time change | ")
        .append(VerdictRule.confidence(v.gate().alpha()))
        .append(" interval | measured | MDE |\n|---|---|---|---|---|---|\n");
    for (VersionVerdicts.Outcome x : v.outcomes()) {
      BlockStatistics s = x.gate() == null ? null : x.gate().timing();
      b.append("| ").append(x.test()).append(" | ").append(x.verdict().name()).append(" | ");
      if (x.paired() != null) {
        b.append(
            String.format(
                Locale.ROOT,
                "%+.1f%% | [%+.1f%%, %+.1f%%] | %s | %.1f%%",
                100 * x.paired().change(),
                100 * x.paired().ciLow(),
                100 * x.paired().ciHigh(),
                pairsIn(x.paired()),
                100 * x.paired().mde()));
      } else if (s != null) {
        b.append(
            String.format(
                Locale.ROOT,
                "%+.1f%% | [%+.1f%%, %+.1f%%] | %d/%d forks (%s) | %.1f%%",
                100 * s.change(),
                100 * s.ciLow(),
                100 * s.ciHigh(),
                s.forksBefore(),
                s.forksAfter(),
                cell(x.mode()),
                100 * s.mde()));
      } else {
        b.append(cell(why(x))).append(" | | ").append(cell(x.mode())).append(" |");
      }
      b.append(" |\n");
    }
    v.failures().forEach(f -> b.append("\n- ").append(f));
    v.notes().forEach(n -> b.append("\n- note: ").append(n));
    if (!v.classpathDifferences().isEmpty()) {
      b.append("\n\nClass paths: ")
          .append(String.join("; ", v.classpathDifferences()))
          .append("\n");
    }
    return b.toString();
  }

  /** The check against each side alone ({@code solo}): each side's figures and the decision. */
  private static ObjectNode solo(SoloCheck c) {
    ObjectNode n = JsonNodeFactory.instance.objectNode();
    n.put("distorted", c.distorted());
    n.put("noise_shared", PyRound.round(Math.expm1(c.sharedNoise()), 4));
    n.put("noise_alone", PyRound.round(Math.expm1(c.soloNoise()), 4));
    n.put("tolerance", ChangeJson.round(c.tolerance()));
    n.set("baseline", soloSide(c.baseline()));
    n.set("candidate", soloSide(c.candidate()));
    return n;
  }

  private static ObjectNode soloSide(SoloCheck.Side s) {
    ObjectNode n = JsonNodeFactory.instance.objectNode();
    ArrayNode shared = n.putArray("shared_ms");
    for (double v : s.sharedMs()) {
      shared.add(PyRound.round(v, 5));
    }
    ArrayNode solo = n.putArray("solo_ms");
    for (double v : s.soloMs()) {
      solo.add(PyRound.round(v, 5));
    }
    n.put("change", ChangeJson.round(s.change()));
    ChangeJson.interval(n, s.ciLow(), s.ciHigh());
    n.put("df", PyRound.round(s.df(), 2));
    n.put("distorted", s.distorted());
    return n;
  }

  private static String cell(String s) {
    return s == null ? "" : s.replace("|", "\\|");
  }

  /**
   * {@code versions-result.json}.
   *
   * @param v the verdicts
   * @return the JSON object
   */
  public static ObjectNode json(VersionVerdicts v) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode out = f.objectNode();
    out.put("schema", SCHEMA);
    out.put("verdict", v.verdict().name());
    out.put("baseline", v.baseline());
    out.put("candidate", v.candidate());
    out.put("forks_per_side", v.forks());
    out.put("pairs_per_step", v.pairs());
    out.put("jvms", v.jvms());
    ArrayNode diffs = out.putArray("classpath_differences");
    v.classpathDifferences().forEach(diffs::add);
    ArrayNode tests = out.putArray("tests");
    for (VersionVerdicts.Outcome x : v.outcomes()) {
      ObjectNode n = tests.addObject();
      n.put("test", x.test());
      n.put("step", x.step());
      n.put("verdict", x.verdict().name());
      n.put("mode", x.mode());
      n.put("why", why(x));
      if (x.gate() != null) {
        ObjectNode gate = GateReport.json(x.gate());
        if (x.paired() != null) { // the pairs are the timing evidence: the fork rows do not apply
          PairedBlocks p = x.paired();
          gate.put("verdict", x.verdict().name());
          gate.put("mde", ChangeJson.round(p.mde()));
          gate.put("unstable_machine", (String) null);
          gate.remove("metrics");
          ObjectNode t = gate.putObject("timing");
          t.put("verdict", p.verdict().name());
          t.put("pairs", p.pairs());
          t.put("jvms", p.jvms());
          t.put("estimator", p.estimator());
          t.put("change", ChangeJson.round(p.change()));
          ArrayNode each = t.putArray("jvm_changes");
          p.jvmChanges().forEach(c -> each.add(ChangeJson.round(c)));
          ArrayNode first = t.putArray("jvm_candidate_first");
          p.jvmCandidateFirst().forEach(first::add);
          t.put("jvms_disagree", p.disagree());
          if (!Double.isNaN(p.orderEffect())) {
            t.put("order_effect", ChangeJson.round(p.orderEffect()));
          }
          if (!Double.isNaN(p.medianChange())) {
            t.put("median_change", ChangeJson.round(p.medianChange()));
          }
          ChangeJson.interval(t, p.ciLow(), p.ciHigh());
          t.put("why", p.why());
        }
        n.set("gate", gate);
      }
      if (x.solo() != null) {
        n.set("solo", solo(x.solo()));
      }
    }
    ArrayNode failing = out.putArray("failures");
    v.failures().forEach(failing::add);
    ArrayNode notes = out.putArray("notes");
    v.notes().forEach(notes::add);
    return out;
  }

  /**
   * Writes {@code versions-result.json} and, unless alert-only and nothing regressed or failed,
   * {@code versions-summary.md} into {@code folder}, each whole or not at all: the A/B's {@link
   * VersionVerdicts.Writer}.
   *
   * @param v the verdicts
   * @param folder the A/B's folder
   * @param summaryOnlyOnRegression whether the summary is written only for a regression or a
   *     failing test
   * @return the lines and the files
   */
  public static VersionVerdicts.Files write(
      VersionVerdicts v, Path folder, boolean summaryOnlyOnRegression) {
    String markdown = markdown(v);
    Path summary = folder.resolve(OutputFiles.VERSIONS_SUMMARY_FILE);
    if (summaryOnlyOnRegression && v.verdict() != Verdict.REGRESSION && v.failures().isEmpty()) {
      summary = null; // an alert-only comment: nothing to say
    } else {
      AtomicFiles.writeText(summary, markdown);
    }
    Path file = folder.resolve(OutputFiles.VERSIONS_RESULT_FILE);
    AtomicFiles.writeText(file, Json.indented(json(v)) + "\n");
    return new VersionVerdicts.Files(leveledLines(v), file, summary, markdown);
  }
}
