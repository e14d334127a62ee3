package org.libreyolo.profile.maven;

import java.io.File;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.lifecycle.DefaultLifecycles;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.ProjectBuilder;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.check.BuildCheck;
import org.libreyolo.profile.gate.BaselineCommit;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.report.ProgressLog;
import org.libreyolo.profile.versions.VersionAb;

/**
 * The stored-baseline gate: current profile vs baseline, PASS / IMPROVED / REGRESSION /
 * INCONCLUSIVE, judged on timing blocks beside the canary with the machine's process noise, and on
 * the exact counters (docs/statistics.md). A regression (significantly slower, by at least {@code
 * maxRegression}, or more ops or work per step) fails the build unless {@code
 * failOnRegression=false}. Writes {@code check-result.json}, {@code check-summary.md}, {@code
 * check-report.html} and {@code check-bencher.json}.
 */
@Mojo(
    name = "check",
    defaultPhase = LifecyclePhase.VERIFY,
    threadSafe = true,
    requiresDependencyResolution = ResolutionScope.TEST)
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

  /**
   * Measure the baselines again in this job where they can be: an infer baseline whose model is
   * kept beside it (the baseline goal keeps it), the baseline's model and this build's in
   * alternating blocks; the perf tests' baselines that record their commit (the JUnit extension
   * records it in a git checkout), that commit built and A/B'd with this build as the ab goal does.
   * The pairing decides, the stored numbers stay the history and drift guard (false: judge by the
   * stored numbers alone).
   */
  @Parameter(property = "libreyolo.profile.remeasure", defaultValue = Defaults.Gate.REMEASURE)
  boolean remeasure;

  /**
   * Calls per block of that pairing (the ab goal's blockRuns); unset: as many as last 20 ms by the
   * current profile's median latency, at least 2.
   */
  @Parameter(property = "libreyolo.profile.blockRuns")
  Integer blockRuns;

  @Parameter(defaultValue = "${session}", readonly = true)
  MavenSession session;

  @Parameter(defaultValue = "${project}", readonly = true)
  MavenProject project;

  @Parameter(defaultValue = "${repositorySystemSession}", readonly = true)
  RepositorySystemSession repositorySession;

  @Component RepositorySystem repositorySystem;

  @Component ProjectBuilder projectBuilder;

  @Component DefaultLifecycles lifecycles;

  /**
   * When this build started, where it ran the perf tests: an output older than that is an earlier
   * build's (the test did not run now, {@code -Dtest=One}) and must not pass for a run. Null where
   * check runs on its own ({@code mvn libreyolo-profile:check} after an earlier {@code mvn test})
   * or the tests were skipped: then every output found is judged, as written.
   */
  private java.time.Instant testsRunSince() {
    if (session == null || session.getStartTime() == null) {
      return null;
    }
    java.util.Properties p = session.getUserProperties();
    if ("true".equals(p.getProperty("skipTests", p.getProperty("maven.test.skip")))
        || p.containsKey("skipTests") && p.getProperty("skipTests").isEmpty()) {
      return null;
    }
    return BuildPlan.reaches(session, lifecycles, "test")
        ? session.getStartTime().toInstant()
        : null;
  }

  /**
   * The perf tests measured again beside the commit their stored baselines record, when this build
   * ran them and remeasure is on: that commit built, then both A/B'd as the {@code ab} goal does.
   *
   * @return the A/B's steps, or null when nothing was measured again
   */
  private BuildCheck.Remeasured remeasureSteps() throws MojoFailureException {
    java.time.Instant testsRan = testsRunSince();
    if (!gateSteps || project == null || baselineDirectory == null || testsRan == null) {
      return null;
    }
    BaselineCommit.Choice choice = BaselineCommit.choose(baselineDirectory.toPath());
    File testClasses = new File(project.getBuild().getTestOutputDirectory());
    if (choice.commit() == null || !testClasses.isDirectory()) {
      return null;
    }
    String recorded =
        "[libreyolo-profile] the perf tests' baselines were recorded on "
            + choice.commit().describe();
    if (!remeasure) {
      getLog()
          .info(
              recorded
                  + "; not measured again (libreyolo.profile.remeasure=false): the stored"
                  + " numbers decide");
      return null;
    }
    if (choice.commit().recordedAt().isAfter(testsRan)) {
      // -Dlibreyolo.profile.updateBaseline=true in this build: the commit is this checkout
      getLog().info(recorded + " in this build: nothing to measure again");
      return null;
    }
    getLog()
        .info(
            recorded
                + ": measuring it again beside this build, which decides"
                + " (libreyolo.profile.remeasure=false: the stored numbers decide)");
    CommitAb ab =
        new CommitAb(session, projectBuilder, repositorySystem, repositorySession, getLog());
    BaselineClasspath.Sides sides;
    try {
      sides = ab.sides(project, ab.commit(project, choice.commit().commit(), choice.commit()));
    } catch (MojoFailureException e) {
      // the stored numbers still judge: a missing commit is a weaker gate, not a broken build
      getLog()
          .warn(
              "[libreyolo-profile] not measured again: "
                  + e.getMessage()
                  + "; judged against the stored numbers");
      return null;
    }
    // the A/B measures the commit as committed, whatever else the baselines measured
    String baseline = "baseline commit " + choice.commit().label();
    VersionAb.Result r =
        ab.run(
            CommitAb.options(
                    project,
                    testClasses,
                    sides,
                    baseline,
                    "this build " + project.getVersion(),
                    outputDirectory.toPath())
                .gate(GateOptions.builder().alpha(alpha).maxRegression(maxRegression).build())
                .build(),
            "[libreyolo-profile] ");
    return r.compared() ? BuildCheck.Remeasured.of(baseline, r.outcomes()) : null;
  }

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    BuildCheck.Result r =
        BuildCheck.run(
            new BuildCheck.Options(
                baseline.toPath(),
                current == null ? null : current.toPath(),
                outputDirectory.toPath(),
                baselineDirectory == null ? null : baselineDirectory.toPath(),
                GateOptions.given(alpha, maxRegression, metrics, processNoise, jobNoise),
                failOnRegression,
                failOnInconclusive,
                requireBaseline,
                gateSteps,
                failOnMissing,
                history,
                historyBranch,
                recordHistory,
                "'mvn libreyolo-profile:baseline'",
                testsRunSince(),
                remeasure,
                blockRuns,
                PluginClasspath.of(getClass()),
                ProgressLog.to(getLog()::info),
                remeasureSteps()));
    for (BuildCheck.Line line : r.lines()) {
      switch (line.level()) {
        case DEBUG -> getLog().debug(line.text());
        case INFO -> getLog().info(line.text());
        case WARN -> getLog().warn(line.text());
        case ERROR -> getLog().error(line.text());
      }
    }
    if (!r.failures().isEmpty()) {
      throw new MojoFailureException(String.join("; ", r.failures()));
    }
  }
}
