package org.libreyolo.profile.maven;

import java.nio.file.Path;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.ProjectBuilder;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.gate.BaselineCommit;
import org.libreyolo.profile.report.VersionAbReport;
import org.libreyolo.profile.versions.VersionAb;
import org.libreyolo.profile.versions.VersionAbOptions;

/**
 * A module's perf tests against a commit of its checkout, built in this job: the {@code ab} goal's
 * {@code baselineRef} and the commit the stored baselines record, and the {@code check} goal's
 * measuring of those baselines again. The goals differ only in the A/B's settings they hand over.
 */
final class CommitAb {
  private final MavenSession session;
  private final ProjectBuilder projectBuilder;
  private final RepositorySystem repositorySystem;
  private final RepositorySystemSession repositorySession;
  private final Log log;

  CommitAb(
      MavenSession session,
      ProjectBuilder projectBuilder,
      RepositorySystem repositorySystem,
      RepositorySystemSession repositorySession,
      Log log) {
    this.session = session;
    this.projectBuilder = projectBuilder;
    this.repositorySystem = repositorySystem;
    this.repositorySession = repositorySession;
    this.log = log;
  }

  /**
   * The module as a revision of its checkout has it: the revision's tree, compiled.
   *
   * @param module the module
   * @param ref the revision ({@code baselineRef}'s value, or the recorded commit's id)
   * @param recorded the commit the stored baselines record, when it names the revision; else null
   * @return its classes and runtime dependencies; with {@code recorded}, its compiled tests too,
   *     since they are what the stored baselines measured (a named {@code baselineRef} runs this
   *     build's tests on both sides, as a released version does)
   */
  BaselineArtifacts commit(MavenProject module, String ref, BaselineCommit recorded)
      throws MojoFailureException {
    String parameter = "baselineRef";
    GitCommits git = GitCommits.of(module.getBasedir().toPath(), parameter);
    GitCommits.Commit commit;
    try {
      commit = git.at(ref, parameter);
    } catch (MojoFailureException e) {
      if (recorded == null) {
        throw e;
      }
      throw new MojoFailureException(
          "the stored baselines' commit "
              + recorded.label()
              + " is not in this clone (a shallow CI checkout?): fetch it (git fetch origin "
              + recorded.commit()
              + ", or a full clone), or name the baseline with baselineRef",
          e);
    }
    return new CommitBuilds(
            git,
            module.getBasedir().toPath(),
            Path.of(module.getBuild().getDirectory()).resolve(OutputFiles.COMMITS_FOLDER),
            session,
            projectBuilder,
            line -> log.info("[libreyolo-profile] " + line),
            parameter)
        .build(commit, recorded != null); // the stored baselines measured the commit's tests
  }

  /**
   * Both sides' class paths: the baseline's, and this build's module.
   *
   * @param module the module
   * @param baseline the baseline's classes and dependencies
   * @return the sides
   */
  BaselineClasspath.Sides sides(MavenProject module, BaselineArtifacts baseline)
      throws MojoFailureException {
    return BaselineClasspath.of(
        module,
        baseline,
        BaselineClasspath.launcher(
            repositorySystem, repositorySession, module.getRemoteProjectRepositories(), module));
  }

  /**
   * Runs the A/B and logs its report, each line at the level its verdict gives.
   *
   * @param options the A/B
   * @param prefix what each progress line starts with
   * @return the result
   */
  VersionAb.Result run(VersionAbOptions options, String prefix) throws MojoFailureException {
    VersionAb.Result r =
        VersionAb.run(options, line -> log.info(prefix + line), VersionAbReport::write);
    if (!r.compared()) {
      return r;
    }
    r.files()
        .report()
        .forEach( // the level from the verdicts, not from the words
            line -> {
              if (line.alert()) {
                log.error(line.text());
              } else {
                log.info(line.text());
              }
            });
    log.info(
        "details: "
            + r.files().file()
            + (r.files().summary() == null
                ? ""
                : ", pull request summary: " + r.files().summary()));
    return r;
  }

  /**
   * The options every A/B of a module's perf tests shares: the two sides, where the module runs,
   * what differs between their class paths, where the results go.
   *
   * @param module the module
   * @param testClasses its compiled tests
   * @param sides both sides' class paths
   * @param baselineLabel the baseline's name in the output
   * @param candidateLabel the candidate's
   * @param output where the results go
   * @return the builder, for the goal's own settings
   */
  static VersionAbOptions.Builder options(
      MavenProject module,
      java.io.File testClasses,
      BaselineClasspath.Sides sides,
      String baselineLabel,
      String candidateLabel,
      Path output) {
    return VersionAbOptions.builder(
            testClasses.toPath(),
            new VersionAb.Side(baselineLabel, sides.baseline()),
            new VersionAb.Side(candidateLabel, sides.candidate()))
        .workingDirectory(module.getBasedir().toPath())
        .classpathDifferences(sides.differences())
        .unshareable(sides.unshareable())
        .baselineTests(sides.baselineTests())
        .outputDirectory(output);
  }
}
