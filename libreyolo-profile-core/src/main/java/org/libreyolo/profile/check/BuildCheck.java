package org.libreyolo.profile.check;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.RemeasuredGate;
import org.libreyolo.profile.gate.SoloCheck;
import org.libreyolo.profile.gate.StepLayout;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.reader.ReaderViews;
import org.libreyolo.profile.report.CheckFiles;
import org.libreyolo.profile.report.GateReport;
import org.libreyolo.profile.report.HistoryGateReport;
import org.libreyolo.profile.report.HistoryViews;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Profile;

/**
 * Checking a build: the infer output against its baseline, every perf test's step against its own
 * (by the layout the JUnit extension writes), each against its history when one is named, and the
 * baselines nothing was measured for. The Maven {@code check} goal is a thin adapter of it: it maps
 * the parameters to {@link Options}, each {@link Line} to its log level and {@link
 * Result#failures()} to a failed build.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class BuildCheck {
  private BuildCheck() {}

  /**
   * What to check and what fails the build.
   *
   * @param baseline the infer baseline's file
   * @param current the profile to judge, or null for the infer goal's latest output
   * @param outputDirectory where the infer goal and the perf tests wrote, and the check writes
   * @param baselineDirectory where the perf tests' baselines live
   * @param gate the gate's settings
   * @param failOnRegression whether a REGRESSION fails the build
   * @param failOnInconclusive whether an INCONCLUSIVE does too
   * @param requireBaseline whether a missing infer baseline fails the build
   * @param gateSteps whether the perf tests' steps are checked too
   * @param failOnMissing whether a baseline without a current profile fails the build
   * @param history the run history's JDBC URL, or null for none
   * @param historyBranch the branch whose runs are the history
   * @param recordHistory whether to record the profiles there; null: on the history's branch
   * @param recordBaseline how the surface records an infer baseline, for the hint
   * @param buildStarted when this build started: a perf test's output written before it is an
   *     earlier build's (the test did not run now, {@code -Dtest=One}) and is not judged; null
   *     judges every output found
   * @param remeasure whether an infer baseline whose model is kept beside it is measured again in
   *     this job, beside the current model, and judged by that pairing (false: by the stored
   *     numbers)
   * @param blockRuns calls per block of that pairing, or null for as many as last {@link
   *     Defaults.Gate#REMEASURE_BLOCK_MS_VALUE} ms
   * @param classpath the class path of the pairing's fresh JVM (the plugin's), or null for this
   *     JVM's
   * @param progress where the re-measuring's progress goes
   * @param remeasured the perf tests measured again in this job beside the commit their baselines
   *     record, or null for none: their steps are judged by that A/B
   */
  public record Options(
      Path baseline,
      Path current,
      Path outputDirectory,
      Path baselineDirectory,
      GateOptions gate,
      boolean failOnRegression,
      boolean failOnInconclusive,
      boolean requireBaseline,
      boolean gateSteps,
      boolean failOnMissing,
      String history,
      String historyBranch,
      Boolean recordHistory,
      String recordBaseline,
      java.time.Instant buildStarted,
      boolean remeasure,
      Integer blockRuns,
      String classpath,
      Progress progress,
      Remeasured remeasured) {}

  /**
   * The perf tests measured again in this job: the commit their stored baselines record, built, and
   * this build, A/B'd in shared JVMs (or forks) as the {@code ab} goal does. Each step's outcome
   * decides it; its stored numbers are then the history and the drift guard.
   *
   * @param baseline the commit, in words
   * @param outcomes each judged step's outcome, by its id ({@code SimpleClass.key})
   */
  public record Remeasured(String baseline, Map<String, VersionVerdicts.Outcome> outcomes) {
    /**
     * The judged steps of an A/B across versions, by id.
     *
     * @param baseline the commit, in words
     * @param outcomes the A/B's outcomes
     * @return the steps it judged
     */
    public static Remeasured of(String baseline, List<VersionVerdicts.Outcome> outcomes) {
      Map<String, VersionVerdicts.Outcome> judged = new java.util.LinkedHashMap<>();
      outcomes.stream()
          .filter(x -> x.step() != null && x.gate() != null)
          .forEach(x -> judged.put(x.test(), x));
      return new Remeasured(baseline, Map.copyOf(judged));
    }
  }

  /** How loud a line is. */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public enum Level {
    /** Only when asked for. */
    DEBUG,
    /** The verdicts that pass. */
    INFO,
    /** What passes but should not go unseen. */
    WARN,
    /** A verdict that fails. */
    ERROR
  }

  /**
   * A line of the check's log.
   *
   * @param level how loud
   * @param text the line
   */
  public record Line(Level level, String text) {}

  /**
   * What the check found.
   *
   * @param lines the log, in order
   * @param failures why the build fails; empty when it passes
   */
  public record Result(List<Line> lines, List<String> failures) {}

  /**
   * Checks the build.
   *
   * @param o what to check
   * @return the log and the failures
   */
  public static Result run(Options o) {
    List<Line> log = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    if (Files.isRegularFile(o.baseline())) {
      Path judged =
          o.current() != null ? o.current() : GateRun.latestInferOutput(o.outputDirectory());
      if (o.current() != null || Files.isRegularFile(judged)) { // a named one must exist
        CheckFiles.Outcome outcome = inferCheck(o, judged, log);
        judge(o, outcome, "against " + o.baseline(), "", log, failures, false);
        history(o, judged, Defaults.Gate.BASELINE_NAME, "", log, failures);
      } else {
        missing.add(o.baseline() + " (no " + judged + ": run the infer goal before check)");
      }
    } else {
      String msg =
          "no baseline at "
              + o.baseline()
              + ": record one with "
              + o.recordBaseline()
              + " (after libreyolo-profile:infer)";
      if (o.requireBaseline()) {
        failures.add(msg + " (libreyolo.profile.requireBaseline=true)");
        return new Result(log, failures);
      }
      // a project of JUnit perf tests only never ran infer: an infer baseline is nothing it misses
      log.add(
          new Line(
              Files.isRegularFile(GateRun.latestInferOutput(o.outputDirectory()))
                  ? Level.INFO
                  : Level.DEBUG,
              msg));
    }
    if (o.gateSteps()) {
      steps(o, log, failures, missing);
    }
    if (!missing.isEmpty()) {
      String msg = GateRun.missingRuns(missing.size()) + ": " + String.join(", ", missing);
      if (o.failOnMissing()) {
        failures.add(msg + " (libreyolo.profile.failOnMissing=false makes this a warning)");
      } else {
        log.add(new Line(Level.WARN, msg + "; INCONCLUSIVE for those"));
      }
    }
    return new Result(log, failures);
  }

  /**
   * The infer profile against its baseline: measured again beside it in this job where the
   * baseline's model is kept ({@link RemeasuredCheck}), the stored numbers then the drift guard;
   * else against the stored numbers, saying why.
   */
  private static CheckFiles.Outcome inferCheck(Options o, Path current, List<Line> log) {
    Profile base = ProfileLoader.baseline(o.baseline());
    Profile now = ProfileLoader.load(current);
    Gate.Result stored = GateRun.judge(base, o.baseline(), now, current, o.gate());
    RemeasuredCheck.Models models =
        o.remeasure() ? RemeasuredCheck.models(base, o.baseline(), now) : null;
    String whyNot = models == null ? "libreyolo.profile.remeasure=false" : models.whyNot();
    if (whyNot != null) {
      log.add(
          new Line(
              Level.INFO,
              "judged against the stored baseline's numbers (not measured again in this job: "
                  + whyNot
                  + ")"));
      return CheckFiles.write(stored, base, o.baseline(), now, current, o.outputDirectory());
    }
    o.progress().update("pairing the baseline's model with this build's in a fresh JVM", 0, 1);
    RemeasuredCheck.Reply paired =
        RemeasuredCheck.run(
            models,
            now,
            o.gate(),
            o.blockRuns() != null ? o.blockRuns() : RemeasuredCheck.blockRuns(now),
            o.outputDirectory(),
            o.classpath());
    Gate.Result decided =
        RemeasuredGate.decide(
            stored, paired.verdict(), paired.baselineMs(), paired.currentMs(), base, now);
    log.add(
        new Line(
            Level.INFO,
            "measured again in this job: the baseline's model (kept beside it) and this build's in "
                + paired.verdict().pairs()
                + " pairs of alternating blocks in a fresh JVM decide (details: "
                + paired.file()
                + "); the stored numbers, the history and drift guard: "
                + stored.verdict()
                + GateReport.brief(stored)));
    String drift = RemeasuredGate.drift(stored, decided);
    if (drift != null) {
      log.add(
          new Line(
              Level.WARN,
              drift + "; record the baseline again (" + o.recordBaseline() + ") if this persists"));
    }
    return CheckFiles.write(decided, base, o.baseline(), now, current, o.outputDirectory());
  }

  /** Every perf test's step against its baseline; the baselines no step was measured for. */
  private static void steps(
      Options o, List<Line> log, List<String> failures, List<String> missing) {
    StepLayout layout = new StepLayout(o.outputDirectory(), o.baselineDirectory());
    List<StepLayout.Step> steps = new ArrayList<>();
    for (StepLayout.Step step : layout.steps()) {
      if (producedBefore(step.profile(), o.buildStarted())) {
        log.add(
            new Line(
                Level.INFO,
                step.id()
                    + ": its output "
                    + step.profile()
                    + " is an earlier build's (the test did not run in this one): not judged"));
      } else {
        steps.add(step);
      }
    }
    for (StepLayout.Step step : steps) {
      if (!Files.isRegularFile(step.baseline())) {
        log.add(
            new Line(
                Level.INFO,
                step.id()
                    + ": no baseline at "
                    + step.baseline()
                    + " (record one with"
                    + " -Dlibreyolo.profile.updateBaseline=true in the perf tests)"));
        continue;
      }
      Profile base = ReaderViews.load(step.baseline());
      Gate.Result stored =
          GateRun.judge(base, step.baseline(), step.current(), step.profile(), o.gate());
      VersionVerdicts.Outcome again =
          o.remeasured() == null ? null : o.remeasured().outcomes().get(step.id());
      if (again == null) {
        judge(
            o,
            CheckFiles.write(
                stored, base, step.baseline(), step.current(), step.profile(), dir(step)),
            step.id() + " against " + step.baseline(),
            step.id() + ": ",
            log,
            failures,
            true);
      } else {
        Gate.Result decided = remeasured(o.remeasured().baseline(), stored, again, base, step);
        log.add(
            new Line(
                Level.INFO,
                step.id()
                    + ": measured again in this job beside "
                    + o.remeasured().baseline()
                    + " ("
                    + again.mode()
                    + "), which decides; the stored numbers, the history and drift guard: "
                    + stored.verdict()
                    + GateReport.brief(stored)));
        String drift = RemeasuredGate.drift(stored, decided);
        if (drift != null) {
          log.add(new Line(Level.WARN, step.id() + ": " + drift));
        }
        judge(
            o,
            CheckFiles.write(
                decided, base, step.baseline(), step.current(), step.profile(), dir(step)),
            step.id() + " against " + o.remeasured().baseline() + ", measured again in this job",
            step.id() + ": ",
            log,
            failures,
            false);
      }
      history(o, step.profile(), step.id(), step.id() + ": ", log, failures);
    }
    layout.baselinesWithoutRun(steps).forEach(b -> missing.add(b.getFileName().toString()));
  }

  private static Path dir(StepLayout.Step step) {
    return step.profile().getParent();
  }

  /**
   * A step's check decided by the A/B that measured it again: in shared JVMs, one timing row from
   * its pairs (as a re-measured infer baseline); in forks, the fork gate's rows; the A/B's verdict,
   * which also weighs the guards and the counters.
   */
  private static Gate.Result remeasured(
      String baseline,
      Gate.Result stored,
      VersionVerdicts.Outcome again,
      Profile base,
      StepLayout.Step step) {
    Gate.Row p50 =
        again.gate().rows().stream()
            .filter(r -> Metric.LATENCY_P50_MS.key().equals(r.metric()))
            .filter(r -> r.baseline() != null && r.current() != null)
            .findFirst()
            .orElse(null);
    if (again.paired() == null || p50 == null) {
      return again.gate().withVerdict(again.verdict());
    }
    PairedBlocks v = again.paired();
    SoloCheck solo = again.solo(); // each side's call over every shared JVM, not the first one's
    Gate.Result decided =
        RemeasuredGate.decide(
                stored,
                v,
                solo != null ? solo.baseline().sharedMedianMs() : p50.baseline(),
                solo != null ? solo.candidate().sharedMedianMs() : p50.current(),
                base,
                step.current(),
                baseline
                    + " and this build measured in this job, "
                    + v.pairs()
                    + " pairs of alternating blocks in "
                    + v.jvms()
                    + " JVMs")
            .withVerdict(again.verdict());
    // what changed between the two sides as the A/B ran them, not against the stored numbers
    return again.gate().diff() == null ? decided : decided.withDiff(again.gate().diff());
  }

  /** Whether {@code file} was written before the build started (unknown: it was not). */
  private static boolean producedBefore(Path file, java.time.Instant buildStarted) {
    if (buildStarted == null) {
      return false;
    }
    try {
      return Files.getLastModifiedTime(file).toInstant().isBefore(buildStarted);
    } catch (java.io.IOException e) {
      return false;
    }
  }

  /**
   * With a history: the profile against its series' history, then recorded there on the history's
   * branch.
   */
  private static void history(
      Options o,
      Path profile,
      String series,
      String prefix,
      List<Line> log,
      List<String> failures) {
    if (o.history() == null || o.history().isBlank()) {
      return;
    }
    if (Files.isRegularFile(profile.resolveSibling(OutputFiles.HISTORY_RECORDED_FILE))) {
      log.add(
          new Line(
              Level.INFO,
              prefix
                  + "history: judged and recorded by the JUnit extension (libreyolo.profile.history)"));
      return;
    }
    HistoryCommands.Judged j =
        HistoryCommands.checkThenRecord(
            o.history(),
            ReaderViews.load(profile),
            series,
            o.historyBranch(),
            o.recordHistory(),
            o.gate());
    HistoryGateReport.write(j.check(), profile.toAbsolutePath().getParent());
    HistoryViews.Judged judged = HistoryViews.judged(j, "libreyolo.profile.recordHistory");
    boolean regression = judged.verdict() == Verdict.REGRESSION;
    judged
        .checkLines()
        .forEach(line -> log.add(new Line(regression ? Level.ERROR : Level.INFO, prefix + line)));
    if (regression && o.failOnRegression()) {
      failures.add(
          "performance regression "
              + prefix
              + "against the history of "
              + series
              + " on "
              + o.historyBranch());
    }
    judged.recordLines().forEach(line -> log.add(new Line(Level.INFO, prefix + line)));
  }

  /**
   * One gate's lines and what fails the build. {@code brief}: a perf test's step, whose test
   * printed its verdict already; a verdict that passes gets one line here, not the table again.
   */
  private static void judge(
      Options o,
      CheckFiles.Outcome outcome,
      String what,
      String prefix,
      List<Line> log,
      List<String> failures,
      boolean brief) {
    Gate.Result result = outcome.result();
    Path resultFile = outcome.resultFile();
    if (result.verdict() == Verdict.REGRESSION) {
      outcome.lines().forEach(line -> log.add(new Line(Level.ERROR, prefix + line)));
      if (o.failOnRegression()) {
        failures.add("performance regression " + what + " (details: " + resultFile + ")");
      } else {
        log.add(
            new Line(
                Level.WARN,
                "REGRESSION reported but the build is not failed"
                    + " (libreyolo.profile.failOnRegression=false)"));
      }
    } else if (GateRun.fails(result.verdict(), o.failOnInconclusive())) {
      outcome.lines().forEach(line -> log.add(new Line(Level.ERROR, prefix + line)));
      failures.add(
          "INCONCLUSIVE "
              + what
              + " with libreyolo.profile.failOnInconclusive=true (details: "
              + resultFile
              + ")");
    } else if (brief) {
      log.add(
          new Line(
              Level.INFO,
              prefix
                  + "verdict: "
                  + result.verdict()
                  + " (the test printed it; the table: "
                  + resultFile.resolveSibling(CheckFiles.SUMMARY_FILE)
                  + ")"));
    } else {
      outcome.lines().forEach(line -> log.add(new Line(Level.INFO, prefix + line)));
    }
  }
}
