package org.libreyolo.profile.maven;

import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.gate.StepLayout;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.report.CheckFiles;
import org.libreyolo.profile.report.HistoryViews;
import org.libreyolo.profile.report.ReaderViews;

/**
 * The stored-baseline gate: current profile vs baseline, PASS / IMPROVED / REGRESSION /
 * INCONCLUSIVE, judged on timing blocks beside the canary with the machine's process noise, and on
 * the exact counters (docs/statistics.md). A regression (significantly slower, by at least {@code
 * maxRegression}, or more ops or work per step) fails the build unless {@code
 * failOnRegression=false}. Writes {@code check-result.json}, {@code check-summary.md}, {@code
 * check-report.html} and {@code check-bencher.json}.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends AbstractProfileMojo {
  /** The recorded baseline profile (kept in the repository). */
  @Parameter(
      property = "libreyolo.profile.baseline",
      defaultValue =
          "${project.basedir}/"
              + Defaults.Gate.BASELINE_DIRECTORY
              + "/"
              + Defaults.Gate.BASELINE_NAME
              + ".json")
  File baseline;

  /**
   * The profile to judge (default: the infer goal's latest output, {@code infer_repeat.json} after
   * a repeat).
   */
  @Parameter(property = "libreyolo.profile.current")
  File current;

  /** Significance level: the timing interval is two-sided at 1 - alpha, within (0, 1). */
  @Parameter(property = "libreyolo.profile.alpha", defaultValue = Defaults.Gate.ALPHA)
  double alpha;

  /** Practical threshold: the relative change that counts (0.05 = 5%). */
  @Parameter(
      property = "libreyolo.profile.maxRegression",
      defaultValue = Defaults.Gate.MAX_REGRESSION)
  double maxRegression;

  /**
   * This machine's run-to-run noise between processes: the standard deviation of a run's mean log
   * block time (0.05 = 5%), measured by the project's gate study; part of every interval.
   */
  @Parameter(
      property = "libreyolo.profile.processNoise",
      defaultValue = Defaults.Gate.PROCESS_NOISE)
  double processNoise;

  /**
   * The noise between jobs that a run's forks cannot see (0.02 = 2%): the machine's state while a
   * job ran, shared by its forks; part of every forked interval, measured by the gate study.
   */
  @Parameter(property = "libreyolo.profile.jobNoise", defaultValue = Defaults.Gate.JOB_NOISE)
  double jobNoise;

  /**
   * Gated metrics: img_per_s, latency_p50_ms, latency_p90_ms (default img_per_s,latency_p50_ms).
   */
  @Parameter(property = "libreyolo.profile.metrics", defaultValue = Defaults.Gate.METRICS)
  List<String> metrics;

  /** Fail the build on REGRESSION (false: log it as a warning). */
  @Parameter(property = "libreyolo.profile.failOnRegression", defaultValue = "true")
  boolean failOnRegression;

  /**
   * Fail the build on INCONCLUSIVE too (a different workload or environment, or too little
   * evidence).
   */
  @Parameter(property = "libreyolo.profile.failOnInconclusive", defaultValue = "false")
  boolean failOnInconclusive;

  /** Fail the build when there is no baseline (default: log how to record one and pass). */
  @Parameter(property = "libreyolo.profile.requireBaseline", defaultValue = "false")
  boolean requireBaseline;

  /**
   * Also gate every {@code @ProfiledStep} output under {@code outputDirectory} against its baseline
   * in {@code baselineDirectory}, by the layout the JUnit extension writes.
   */
  @Parameter(property = "libreyolo.profile.gateSteps", defaultValue = "true")
  boolean gateSteps;

  /**
   * Fail the build when a baseline has no current profile: the perf tests (or the infer goal) did
   * not run this build, so nothing was compared (false: a warning, and those baselines are
   * INCONCLUSIVE).
   */
  @Parameter(property = "libreyolo.profile.failOnMissing", defaultValue = "true")
  boolean failOnMissing;

  /** Where the JUnit steps' baselines live ({@code <class>.<method>.json}). */
  @Parameter(
      property = "libreyolo.profile.baselineDirectory",
      defaultValue = "${project.basedir}/" + Defaults.Gate.BASELINE_DIRECTORY)
  File baselineDirectory;

  /**
   * The run history's JDBC URL ({@code jdbc:sqlite:FILE}, {@code jdbc:postgresql://HOST:PORT/DB}):
   * set, check also judges each profile against its series' runs on {@code historyBranch}
   * (docs/history.md), then records it there when {@code recordHistory}.
   */
  @Parameter(property = "libreyolo.profile.history")
  String history;

  /** The branch whose runs are the history a build is judged against. */
  @Parameter(property = "libreyolo.profile.historyBranch", defaultValue = Defaults.History.BRANCH)
  String historyBranch;

  /**
   * Record this build's profiles in the history; unset: when the build's branch is {@code
   * historyBranch}.
   */
  @Parameter(property = "libreyolo.profile.recordHistory")
  Boolean recordHistory;

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    GateOptions options =
        GateOptions.builder()
            .alpha(alpha)
            .maxRegression(maxRegression)
            .metrics(metrics)
            .processNoise(processNoise)
            .jobNoise(jobNoise)
            .build();
    List<String> failures = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    if (baseline.isFile()) {
      File judged =
          current != null ? current : GateRun.latestInferOutput(outputDirectory.toPath()).toFile();
      if (current != null || judged.isFile()) { // a named current file must exist: bad input if not
        CheckFiles.Outcome outcome =
            CheckFiles.check(baseline.toPath(), judged.toPath(), options, outputDirectory.toPath());
        judge(outcome, "against " + baseline, "", failures, false);
        history(judged.toPath(), Defaults.Gate.BASELINE_NAME, options, "", failures);
      } else {
        missing.add(baseline + " (no " + judged + ": run the infer goal before check)");
      }
    } else {
      String msg =
          "no baseline at "
              + baseline
              + ": record one with 'mvn libreyolo-profile:baseline'"
              + " (after libreyolo-profile:infer)";
      if (requireBaseline) {
        throw new MojoFailureException(msg + " (libreyolo.profile.requireBaseline=true)");
      }
      if (GateRun.latestInferOutput(outputDirectory.toPath()).toFile().isFile()) {
        getLog().info(msg);
      } else { // a project of JUnit perf tests only: it never ran infer, an infer baseline is
        // nothing it misses
        getLog().debug(msg);
      }
    }
    if (gateSteps) {
      StepLayout layout = new StepLayout(outputDirectory.toPath(), baselineDirectory.toPath());
      List<StepLayout.Step> steps = layout.steps();
      for (StepLayout.Step step : steps) {
        if (!Files.isRegularFile(step.baseline())) {
          getLog()
              .info(
                  step.id()
                      + ": no baseline at "
                      + step.baseline()
                      + " (record one with"
                      + " -Dlibreyolo.profile.updateBaseline=true in the perf tests)");
          continue;
        }
        CheckFiles.Outcome outcome =
            CheckFiles.check(
                ReaderViews.load(step.baseline()),
                step.baseline(),
                step.current(),
                step.profile(),
                options,
                step.profile().getParent());
        judge(outcome, step.id() + " against " + step.baseline(), step.id() + ": ", failures, true);
        history(step.profile(), step.id(), options, step.id() + ": ", failures);
      }
      layout.baselinesWithoutRun(steps).forEach(b -> missing.add(b.getFileName().toString()));
    }
    if (!missing.isEmpty()) {
      String msg = GateRun.missingRuns(missing.size()) + ": " + String.join(", ", missing);
      if (failOnMissing) {
        failures.add(msg + " (libreyolo.profile.failOnMissing=false makes this a warning)");
      } else {
        getLog().warn(msg + "; INCONCLUSIVE for those");
      }
    }
    if (!failures.isEmpty()) {
      throw new MojoFailureException(String.join("; ", failures));
    }
  }

  /**
   * With {@code history}: the profile against its series' history, then recorded there on the
   * history's branch.
   */
  private void history(
      java.nio.file.Path profile,
      String series,
      GateOptions options,
      String prefix,
      List<String> failures) {
    if (history == null || history.isBlank()) {
      return;
    }
    if (Files.isRegularFile(profile.resolveSibling(Defaults.History.RECORDED_FILE))) {
      getLog()
          .info(
              prefix
                  + "history: judged and recorded by the JUnit extension (libreyolo.profile.history)");
      return;
    }
    HistoryViews.Judged judged =
        HistoryViews.checkThenRecord(
            history,
            ReaderViews.load(profile),
            series,
            historyBranch,
            recordHistory,
            "libreyolo.profile.recordHistory",
            options);
    boolean regression = judged.verdict() == Verdict.REGRESSION;
    judged
        .checkLines()
        .forEach(
            line -> {
              if (regression) {
                getLog().error(prefix + line);
              } else {
                getLog().info(prefix + line);
              }
            });
    if (regression && failOnRegression) {
      failures.add(
          "performance regression "
              + prefix
              + "against the history of "
              + series
              + " on "
              + historyBranch);
    }
    judged.recordLines().forEach(line -> getLog().info(prefix + line));
  }

  /**
   * Logs one gate's lines and records what fails the build. {@code brief}: a JUnit step, whose test
   * printed its verdict already; a verdict that passes gets one line here, not the table again.
   */
  private void judge(
      CheckFiles.Outcome outcome,
      String what,
      String prefix,
      List<String> failures,
      boolean brief) {
    Gate.Result result = outcome.result();
    File resultFile = outcome.resultFile().toFile();
    if (result.verdict() == Verdict.REGRESSION) {
      outcome.lines().forEach(line -> getLog().error(prefix + line));
      if (failOnRegression) {
        failures.add("performance regression " + what + " (details: " + resultFile + ")");
      } else {
        getLog()
            .warn(
                "REGRESSION reported but the build is not failed (libreyolo.profile.failOnRegression=false)");
      }
    } else if (GateRun.fails(result.verdict(), failOnInconclusive)) {
      outcome.lines().forEach(line -> getLog().error(prefix + line));
      failures.add(
          "INCONCLUSIVE "
              + what
              + " with libreyolo.profile.failOnInconclusive=true (details: "
              + resultFile
              + ")");
    } else if (brief) {
      getLog()
          .info(
              prefix
                  + "verdict: "
                  + result.verdict()
                  + " (the test printed it; the table: "
                  + outcome.resultFile().resolveSibling(CheckFiles.SUMMARY_FILE)
                  + ")");
    } else {
      outcome.lines().forEach(line -> getLog().info(prefix + line));
    }
  }
}
