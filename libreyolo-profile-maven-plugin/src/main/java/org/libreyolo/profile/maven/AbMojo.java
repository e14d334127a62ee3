package org.libreyolo.profile.maven;

import java.io.File;
import java.util.List;
import java.util.Map;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.ProjectBuilder;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.repository.RemoteRepository;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.gate.Looks;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.report.AbReport;
import org.libreyolo.profile.report.VersionAbReactor;
import org.libreyolo.profile.report.VersionAbReport;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.versions.VersionAb;
import org.libreyolo.profile.versions.VersionAbOptions;

/**
 * In-job A/B. With {@code baselineWeights}: the baseline weights and the candidate in one process,
 * in alternating blocks; fails the build when the candidate is significantly slower, by at least
 * {@code abMaxRegression}; writes {@code ab.json}. With {@code baselineVersion}, {@code
 * baselineArtifact} or {@code baselineClasspath}: the module's {@code @ProfiledStep} tests against
 * the previous version, both versions in one JVM in alternating blocks where their class paths
 * allow it ({@code pairs}), else in alternating forks ({@code abForks}) saying why, judged at
 * {@code alpha} and {@code maxRegression}; writes {@code versions/versions-result.json}
 * (docs/versions.md). With {@code baselineRef}, or with no baseline named where the perf tests'
 * stored baselines record the commit they were measured on: that commit, built in the job.
 */
@Mojo(name = "ab", threadSafe = true, requiresDependencyResolution = ResolutionScope.TEST)
public class AbMojo extends AbstractInferenceMojo {

  /**
   * The baseline's weights (A): a built-in name, an .npz/.safetensors state dict or a TorchScript
   * file.
   */
  @Parameter(property = "libreyolo.profile.baselineWeights")
  String baselineWeights;

  /** Warmup iterations per arm. */
  @Parameter(property = "libreyolo.profile.warmup", defaultValue = Defaults.Ab.WARMUP)
  int warmup;

  /**
   * Pairs of blocks (at least 4): of the weights A/B, and of each step of the A/B across versions,
   * spread over its {@code abJvms} JVMs.
   */
  @Parameter(property = "libreyolo.profile.pairs", defaultValue = Defaults.Ab.PAIRS)
  int pairs;

  /** Iterations per block. */
  @Parameter(property = "libreyolo.profile.blockRuns", defaultValue = Defaults.Ab.BLOCK_RUNS)
  int blockRuns;

  /**
   * The A/B interval is two-sided at 1 - abAlpha, within (0, 1). Its own name: the stored-baseline
   * gate's {@code alpha} (check) has another default, and one property means one value.
   */
  @Parameter(property = "libreyolo.profile.abAlpha", defaultValue = Defaults.Ab.ALPHA)
  double abAlpha;

  /**
   * The slowdown the A/B counts (0.02 = 2%); the check goal's threshold is {@code maxRegression}.
   */
  @Parameter(
      property = "libreyolo.profile.abMaxRegression",
      defaultValue = Defaults.Ab.MAX_REGRESSION)
  double abMaxRegression;

  /**
   * How often the weights A/B looks at its pairs, stopping once decided (1: only at the end); the
   * interval holds at 1 - abAlpha whichever look it stops at (docs/statistics.md).
   */
  @Parameter(property = "libreyolo.profile.looks", defaultValue = Defaults.Ab.LOOKS)
  int looks;

  /** Fail the build on REGRESSION (false: log it as a warning). */
  @Parameter(property = "libreyolo.profile.failOnRegression", defaultValue = "true")
  boolean failOnRegression;

  /**
   * The previous version of this module to compare with (its groupId and artifactId, resolved by
   * Maven).
   */
  @Parameter(property = "libreyolo.profile.baselineVersion")
  String baselineVersion;

  /**
   * Another artifact as the baseline, {@code groupId:artifactId:version} (its own dependencies
   * resolved).
   */
  @Parameter(property = "libreyolo.profile.baselineArtifact")
  String baselineArtifact;

  /**
   * A folder of classes or a jar as the baseline's main classes (this build's dependencies on both
   * sides).
   */
  @Parameter(property = "libreyolo.profile.baselineClasspath")
  File baselineClasspath;

  /**
   * A revision of this module's git checkout as the baseline (a commit id, tag or branch: {@code
   * origin/main}, {@code HEAD~1}): its tree is written out under the build folder and the module
   * compiled there, then A/B'd against this build as a released version is.
   */
  @Parameter(property = "libreyolo.profile.baselineRef")
  String baselineRef;

  @Component ProjectBuilder projectBuilder;

  /**
   * Where the perf tests' baselines live: with no baseline named, the commit they were recorded on
   * (kept beside each) is the baseline, built and A/B'd as {@code baselineRef} is.
   */
  @Parameter(
      property = "libreyolo.profile.baselineDirectory",
      defaultValue = "${project.basedir}/" + Defaults.Gate.BASELINE_DIRECTORY)
  File baselineDirectory;

  /**
   * Where the two versions run: {@code auto} puts both in one JVM (two class loaders, pairs of
   * alternating blocks) wherever their class paths allow it and forks the rest, saying why; {@code
   * forks} forks every test.
   */
  @Parameter(property = "libreyolo.profile.abMode", defaultValue = Defaults.Versions.MODE)
  String abMode;

  /**
   * Write {@code versions-summary.md} only when a step regressed or a test fails on this build: a
   * pull request comment that stays quiet unless there is something to read.
   */
  @Parameter(property = "libreyolo.profile.summaryOnlyOnRegression", defaultValue = "false")
  boolean summaryOnlyOnRegression;

  /**
   * JVMs holding both versions in the A/B across versions (2..100): each JVM can compile the two
   * versions' copies of a class differently, so the JVMs are the verdict's unit and the pairs are
   * spread over them.
   */
  @Parameter(property = "libreyolo.profile.abJvms", defaultValue = Defaults.Versions.JVMS)
  int abJvms;

  /**
   * How often the A/B across versions looks at its JVMs (1..10): after {@code abJvms}, then after
   * each {@code abJvms} more, which only the steps still undecided run, where they could decide
   * them; its forks the same, by {@code abForks} a side. 1: a fixed-length A/B.
   */
  @Parameter(property = "libreyolo.profile.abLooks", defaultValue = Defaults.Versions.LOOKS)
  int abLooks;

  /** Forks per side of the A/B across versions, each running every perf test of the module once. */
  @Parameter(property = "libreyolo.profile.abForks", defaultValue = Defaults.Versions.FORKS)
  int abForks;

  /**
   * The fork gate's significance level for the A/B across versions (the check goal's {@code
   * alpha}).
   */
  @Parameter(property = "libreyolo.profile.alpha", defaultValue = Defaults.Gate.ALPHA)
  double alpha;

  /**
   * The slowdown that counts in the A/B across versions (the check goal's {@code maxRegression}).
   */
  @Parameter(
      property = "libreyolo.profile.maxRegression",
      defaultValue = Defaults.Gate.MAX_REGRESSION)
  double maxRegression;

  /**
   * With a baseline version: A/B the model file the module packages at this resource path (e.g.
   * {@code models/detector.torchscript}), the baseline's copy against this build's, in one process
   * as with {@code baselineWeights}, instead of the perf tests.
   */
  @Parameter(property = "libreyolo.profile.weightsResource")
  String weightsResource;

  /**
   * The perf tests to compare, comma-separated, each {@code Class} or {@code Class.method} (unset:
   * every {@code @ProfiledStep} test of the module).
   */
  @Parameter(property = "libreyolo.profile.tests")
  String tests;

  /**
   * Measured iterations per test in each fork of the A/B across versions (unset: each test's own).
   */
  @Parameter(property = "libreyolo.profile.runs")
  Integer runs;

  @Parameter(defaultValue = "${project}", readonly = true)
  MavenProject project;

  /** The build's modules: in a multi-module build a module without perf tests is skipped. */
  @Parameter(defaultValue = "${reactorProjects}", readonly = true)
  List<MavenProject> reactorProjects;

  @Parameter(defaultValue = "${session}", readonly = true)
  MavenSession session;

  @Parameter(defaultValue = "${repositorySystemSession}", readonly = true)
  RepositorySystemSession repositorySession;

  @Parameter(defaultValue = "${project.remoteProjectRepositories}", readonly = true)
  List<RemoteRepository> remoteRepositories;

  @Component RepositorySystem repositorySystem;

  @Override
  void run() throws MojoFailureException {
    AbBaseline baseline =
        AbBaseline.named(baselineVersion, baselineArtifact, baselineClasspath, baselineRef);
    boolean weights = baselineWeights != null && !baselineWeights.isBlank();
    if (baseline == null && !weights) {
      baseline = AbBaseline.recorded(baselineDirectory, getLog());
    }
    if (baseline != null) {
      versions(baseline);
      return;
    }
    boolean reactor = reactorProjects != null && reactorProjects.size() > 1;
    if (!weights && reactor) {
      getLog()
          .info(
              "[libreyolo-profile] "
                  + project.getArtifactId()
                  + ": no baseline named and none recorded on a commit, nothing to compare");
      return;
    }
    if (!weights) {
      throw LibreYoloException.badInput( // a setting to give, as a missing parameter is
          "nothing to compare against: name baselineRef (a commit, tag or branch),"
              + " baselineVersion, baselineArtifact or baselineClasspath for the perf tests, or"
              + " baselineWeights for a model; or record the perf tests' baselines in a git"
              + " checkout (-Dlibreyolo.profile.updateBaseline=true): ab then measures their"
              + " commit again");
    }
    if (reactor && !reactorProjects.get(0).equals(project)) {
      return; // Maven runs the goal in every module: the weights A/B runs once, in the first
    }
    weightsAb(inferOptions(), baselineWeights);
  }

  /** The in-job A/B of two weights files: {@code candidate} is the builder's weights. */
  private void weightsAb(InferOptions.Builder candidate, String baselineFile)
      throws MojoFailureException {
    InferOptions infer = candidate.warmup(warmup).build(); // trace: each arm after the pairs
    AbResult r =
        AbProfiler.run(
            new AbProfiler.Options(
                infer, baselineFile, pairs, blockRuns, abAlpha, abMaxRegression, looks),
            progress(),
            AbReport::write);
    if (json) {
      getLog().info(Json.indented(AbReport.json(r)));
    } else {
      log(AbReport.text(r));
    }
    if (r.verdict().verdict() == Verdict.REGRESSION) {
      regression(
          "performance regression: "
              + r.candidate()
              + " vs "
              + r.baseline()
              + " (details: "
              + r.file()
              + ")");
    }
  }

  /**
   * A REGRESSION fails the build with {@code message}, unless failOnRegression=false says only to
   * warn.
   */
  private void regression(String message) throws MojoFailureException {
    if (failOnRegression) {
      throw new MojoFailureException(message);
    }
    getLog()
        .warn(
            "REGRESSION reported but the build is not failed (libreyolo.profile.failOnRegression=false)");
  }

  /**
   * The A/B across versions' own parameters checked, a bad value one line before any work.
   *
   * @return the mode {@code abMode} names
   */
  VersionAb.Mode versionsMode() {
    VersionAb.Mode mode = VersionAb.Mode.of(abMode);
    VersionAb.checkJvms(abJvms);
    Looks.checkJvmLooks(abLooks);
    return mode;
  }

  /** The module's perf tests against the baseline (docs/versions.md). */
  private void versions(AbBaseline baseline) throws MojoFailureException {
    if (runs != null) { // before resolving and starting JVMs: each test's forks need blocks
      GateRun.requireJudgeable(runs, 1, abForks);
    }
    VersionAb.Mode mode = versionsMode();
    if (project == null || project.getFile() == null) {
      throw new MojoFailureException(
          "baselineVersion needs a Maven project: run the ab goal in the module");
    }
    boolean reactor = reactorProjects != null && reactorProjects.size() > 1;
    if (weightsResource != null && !weightsResource.isBlank()) {
      modelVersions(resolve(baseline, project));
      return;
    }
    // Maven runs this goal in every module of a reactor, each after its own lifecycle: each
    // execution A/Bs its own module, so a regression fails the module that regressed
    File testClasses = new File(project.getBuild().getTestOutputDirectory());
    if (reactor && (!testClasses.isDirectory() || "pom".equals(project.getPackaging()))) {
      getLog()
          .info(
              "[libreyolo-profile] "
                  + project.getArtifactId()
                  + ": no compiled tests, nothing to compare");
      return;
    }
    if (!testClasses.isDirectory()) {
      throw new MojoFailureException(
          "no compiled tests at "
              + testClasses
              + ": run 'mvn test-compile libreyolo-profile:ab'"
              + " (or verify) with baselineVersion");
    }
    VersionAb.Result r = versions(resolve(baseline, project), project, testClasses, mode, reactor);
    if (!r.compared()) {
      r.lines().forEach(line -> getLog().info("[libreyolo-profile] " + line));
      return;
    }
    if (reactor) {
      java.nio.file.Path summary =
          VersionAbReactor.add(
              java.nio.file.Path.of(session.getExecutionRootDirectory())
                  .resolve("target")
                  .resolve("libreyolo-profile"),
              project.getGroupId() + ":" + project.getArtifactId(),
              r.moduleVerdict(),
              r.files().markdown(),
              session.getRequest().getStartTime().getTime());
      getLog().info("all modules so far: " + summary);
    }
    if (!r.failures().isEmpty()) {
      throw new MojoFailureException(String.join("; ", r.failures()));
    }
    List<String> slower =
        r.outcomes().stream()
            .filter(o -> o.verdict() == Verdict.REGRESSION)
            .map(o -> o.test() + " " + VersionAbReport.why(o))
            .toList();
    if (!slower.isEmpty()) {
      regression(
          "performance regression against " + baseline.label() + ": " + String.join("; ", slower));
    }
  }

  /** The baseline's classes for one module. */
  private BaselineArtifacts resolve(AbBaseline baseline, MavenProject module)
      throws MojoFailureException {
    return baseline.resolve(module, commitAb(), repositorySystem, repositorySession);
  }

  /** The commit A/B's Maven parts, for this goal. */
  private CommitAb commitAb() {
    return new CommitAb(session, projectBuilder, repositorySystem, repositorySession, getLog());
  }

  /** One module's perf tests against its baseline; its lines logged. */
  private VersionAb.Result versions(
      BaselineArtifacts baseline,
      MavenProject module,
      File testClasses,
      VersionAb.Mode mode,
      boolean reactor)
      throws MojoFailureException {
    BaselineClasspath.Sides sides = commitAb().sides(module, baseline);
    java.nio.file.Path output =
        module == project
            ? outputDirectory.toPath()
            : java.nio.file.Path.of(module.getBuild().getDirectory()).resolve("libreyolo-profile");
    VersionAbOptions options =
        versionOptions(
                module,
                testClasses,
                sides,
                "baseline " + sides.baselineLabel(),
                "this build " + module.getVersion(),
                output)
            .mode(mode)
            .summaryOnlyOnRegression(summaryOnlyOnRegression)
            .skipWithoutTests(reactor)
            .build();
    String prefix =
        reactor ? "[libreyolo-profile] " + module.getArtifactId() + ": " : "[libreyolo-profile] ";
    return commitAb().run(options, prefix);
  }

  /**
   * The A/B across versions of one module as these parameters set it: both sides, the forks, the
   * pairs, the gate, the tests.
   */
  VersionAbOptions.Builder versionOptions(
      MavenProject module,
      File testClasses,
      BaselineClasspath.Sides sides,
      String baselineLabel,
      String candidateLabel,
      java.nio.file.Path output) {
    Map<String, String> parameters =
        runs == null ? Map.of() : Map.of("libreyolo.profile.runs", runs.toString());
    return CommitAb.options(module, testClasses, sides, baselineLabel, candidateLabel, output)
        .forks(abForks)
        .parameters(parameters)
        .gate(GateOptions.builder().alpha(alpha).maxRegression(maxRegression).build())
        .pairs(pairs)
        .jvms(abJvms)
        .looks(abLooks)
        .tests(testNames());
  }

  /** The {@code tests} parameter as a list: empty when not set. */
  List<String> testNames() {
    return tests == null || tests.isBlank()
        ? List.of()
        : java.util.Arrays.stream(tests.split(","))
            .map(String::strip)
            .filter(t -> !t.isEmpty())
            .toList();
  }

  /** The model file both versions package at {@code weightsResource}, A/B'd in one process. */
  private void modelVersions(BaselineArtifacts baseline) throws MojoFailureException {
    String entry = weightsResource.strip().replaceFirst("^/", "");
    java.nio.file.Path folder = outputDirectory.toPath().resolve(OutputFiles.VERSIONS_FOLDER);
    java.nio.file.Path ours =
        java.nio.file.Path.of(project.getBuild().getOutputDirectory()).resolve(entry);
    if (!java.nio.file.Files.isRegularFile(ours)) {
      throw new MojoFailureException(
          "weightsResource "
              + entry
              + " is not in this build's classes ("
              + project.getBuild().getOutputDirectory()
              + "): run 'mvn process-resources' (or verify) first, or fix the path");
    }
    java.nio.file.Path theirs =
        baseline.extract(entry, folder.resolve("baseline-" + ours.getFileName()));
    getLog()
        .info(
            "model file "
                + entry
                + ": "
                + baseline.main().getFileName()
                + " (A) vs this build (B)");
    weightsAb(inferOptions().weights(ours.toString()), theirs.toString());
  }
}
