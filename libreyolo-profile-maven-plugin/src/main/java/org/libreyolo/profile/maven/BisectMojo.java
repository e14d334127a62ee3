package org.libreyolo.profile.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.resolution.VersionRangeRequest;
import org.eclipse.aether.resolution.VersionRangeResolutionException;
import org.eclipse.aether.version.Version;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.report.BisectReport;
import org.libreyolo.profile.report.VersionAbReport;
import org.libreyolo.profile.versions.Bisect;
import org.libreyolo.profile.versions.VersionAb;

/**
 * Finds the released version of this module that made a perf test slower: the versions between
 * {@code good} and {@code bad} (from the local and remote repositories, in version order), A/B'd in
 * a binary search on the tests that regressed between the two (or those named by {@code tests}),
 * each step an A/B across versions as the {@code ab} goal runs it (its {@code pairs}, {@code
 * abJvms}, {@code abMode}, {@code alpha}, {@code maxRegression}). Names the first version whose
 * change against its predecessor is a REGRESSION, or says the slowdown is spread over versions or
 * too small to place; writes {@code bisect/bisect-result.json} and {@code bisect-summary.md}
 * (docs/versions.md, "Bisect"). Fails the build only on bad input: a found culprit is an answer,
 * not a failure.
 */
@Mojo(name = "bisect", threadSafe = true, requiresDependencyResolution = ResolutionScope.TEST)
public class BisectMojo extends AbMojo {
  /** The last version known good (released, resolvable). */
  @Parameter(property = "libreyolo.profile.good")
  String good;

  /** The version known slower (released, resolvable, newer than good). */
  @Parameter(property = "libreyolo.profile.bad")
  String bad;

  /**
   * The git mode: the last revision known good (a commit id, tag or branch of the checkout this
   * module lies in); the commits from it to {@code badRef} along the first-parent line are built
   * and bisected in place of released versions.
   */
  @Parameter(property = "libreyolo.profile.goodRef")
  String goodRef;

  /** The git mode: the revision known slower, a descendant of {@code goodRef}. */
  @Parameter(property = "libreyolo.profile.badRef")
  String badRef;

  @Override
  void run() throws MojoFailureException {
    boolean released = set(good) || set(bad);
    boolean refs = set(goodRef) || set(badRef);
    if (released && refs) {
      throw new MojoFailureException(
          "set good and bad (released versions) or goodRef and badRef (commits), not both");
    }
    if (refs && !(set(goodRef) && set(badRef))) {
      throw new MojoFailureException(
          "set goodRef and badRef: -Dlibreyolo.profile.goodRef=<last good commit>"
              + " -Dlibreyolo.profile.badRef=<slower commit>");
    }
    if (!refs && !(set(good) && set(bad))) {
      throw new MojoFailureException(
          "set good and bad: -Dlibreyolo.profile.good=<last good version>"
              + " -Dlibreyolo.profile.bad=<slower version>"
              + " (or goodRef and badRef for commits of this checkout)");
    }
    if (baselineVersion != null
        || baselineArtifact != null
        || baselineClasspath != null
        || baselineRef != null) {
      throw new MojoFailureException(
          "the bisect compares versions with each other: unset baselineVersion,"
              + " baselineArtifact, baselineClasspath and baselineRef (the ab goal's)");
    }
    VersionAb.Mode mode = versionsMode();
    File testClasses = new File(project.getBuild().getTestOutputDirectory());
    if (!testClasses.isDirectory()) {
      throw new MojoFailureException(
          "no compiled tests at "
              + testClasses
              + ": run 'mvn test-compile libreyolo-profile:bisect'");
    }
    Side side =
        refs ? commits(goodRef.strip(), badRef.strip()) : releases(good.strip(), bad.strip());
    List<String> versions = side.labels();
    Map<String, BaselineArtifacts> resolved = new HashMap<>(); // each version once
    Path folder = Bisect.folder(outputDirectory.toPath());
    Path launcher =
        BaselineClasspath.launcher(
            repositorySystem, repositorySession, project.getRemoteProjectRepositories(), project);
    BisectReport.Written w =
        Bisect.runInto(
            outputDirectory.toPath(),
            versions,
            testNames(),
            (step, older, newer, tests) -> {
              try {
                BaselineClasspath.Sides sides =
                    BaselineClasspath.between(
                        project,
                        once(resolved, side, older),
                        once(resolved, side, newer),
                        launcher);
                VersionAb.Result ab =
                    VersionAb.run(
                        versionOptions(
                                project,
                                testClasses,
                                sides,
                                older,
                                newer,
                                Bisect.stepFolder(folder, step, older, newer))
                            .mode(mode)
                            .tests(tests)
                            .soloCheck(false) // a step needs its direction only
                            .build(),
                        line -> getLog().info("[libreyolo-profile]   " + line),
                        VersionAbReport::write);
                if (!ab.failures().isEmpty()) { // the tests must pass on both versions
                  throw LibreYoloException.badInput(
                      "step "
                          + step
                          + ", "
                          + older
                          + " against "
                          + newer
                          + ": "
                          + String.join("; ", ab.failures()));
                }
                ab.lines().forEach(line -> getLog().info("[libreyolo-profile]   " + line));
                return ab.outcomes();
              } catch (MojoFailureException e) {
                throw LibreYoloException.badInput(e.getMessage(), e);
              }
            },
            line -> getLog().info("[libreyolo-profile] " + line),
            BisectReport::write);
    BisectReport.lines(w.result()).forEach(line -> getLog().info(line));
    getLog().info("details: " + w.file() + ", pull request summary: " + w.summary());
  }

  private static boolean set(String s) {
    return s != null && !s.isBlank();
  }

  /** What the search runs over: labels in order, and the module as each one has it. */
  private interface Side {
    List<String> labels();

    /** The module at {@code label}: resolved or built, which may take a while. */
    BaselineArtifacts at(String label) throws MojoFailureException;
  }

  /** The module at {@code label}, the first time from {@code side}, then from {@code resolved}. */
  private static BaselineArtifacts once(
      Map<String, BaselineArtifacts> resolved, Side side, String label)
      throws MojoFailureException {
    BaselineArtifacts b = resolved.get(label);
    if (b == null) {
      b = side.at(label);
      resolved.put(label, b);
    }
    return b;
  }

  /** The released versions from good to bad, each resolved from the repositories. */
  private Side releases(String from, String to) throws MojoFailureException {
    List<String> versions = versions(from, to);
    getLog().info("[libreyolo-profile] bisect over " + versions.size() + " versions: " + versions);
    return new Side() {
      @Override
      public List<String> labels() {
        return versions;
      }

      @Override
      public BaselineArtifacts at(String version) throws MojoFailureException {
        return BaselineArtifacts.resolve(
            repositorySystem,
            repositorySession,
            project.getRemoteProjectRepositories(),
            project.getGroupId() + ":" + project.getArtifactId() + ":" + version,
            "bisect",
            version);
      }
    };
  }

  /** The commits from goodRef to badRef, each built when the search first reaches it. */
  private Side commits(String from, String to) throws MojoFailureException {
    GitCommits git = GitCommits.of(project.getBasedir().toPath(), "goodRef/badRef");
    List<GitCommits.Commit> commits = git.between(from, to);
    getLog().info("[libreyolo-profile] bisect over " + commits.size() + " commits:");
    commits.forEach(c -> getLog().info("[libreyolo-profile]   " + c.label() + " " + c.subject()));
    Map<String, GitCommits.Commit> byLabel = new HashMap<>();
    commits.forEach(c -> byLabel.put(c.label(), c));
    CommitBuilds builds =
        new CommitBuilds(
            git,
            project.getBasedir().toPath(),
            Path.of(project.getBuild().getDirectory())
                .resolve(org.libreyolo.profile.OutputFiles.COMMITS_FOLDER),
            session,
            projectBuilder,
            line -> getLog().info("[libreyolo-profile]   " + line),
            "goodRef");
    return new Side() {
      @Override
      public List<String> labels() {
        return commits.stream().map(GitCommits.Commit::label).toList();
      }

      @Override
      public BaselineArtifacts at(String label) throws MojoFailureException {
        return builds.build(byLabel.get(label), false);
      }
    };
  }

  /**
   * The released versions of this module from good to bad, in version order, as the local and
   * remote repositories list them.
   */
  private List<String> versions(String from, String to) throws MojoFailureException {
    String coordinates = project.getGroupId() + ":" + project.getArtifactId();
    List<Version> found;
    try {
      found =
          repositorySystem
              .resolveVersionRange(
                  repositorySession,
                  new VersionRangeRequest(
                      new DefaultArtifact(
                          project.getGroupId(),
                          project.getArtifactId(),
                          "jar",
                          "[" + from + "," + to + "]"),
                      project.getRemoteProjectRepositories(),
                      null))
              .getVersions();
    } catch (VersionRangeResolutionException | IllegalArgumentException e) {
      throw new MojoFailureException(
          "good=" + from + " and bad=" + to + " do not make a version range: " + e.getMessage());
    }
    List<String> versions =
        found.stream().map(Version::toString).filter(v -> !v.endsWith("-SNAPSHOT")).toList();
    if (versions.isEmpty() || !versions.get(0).equals(from)) {
      throw new MojoFailureException(
          "good="
              + from
              + " is not a released version of "
              + coordinates
              + " (versions up to bad: "
              + (versions.isEmpty() ? "none" : String.join(", ", versions))
              + "); install or deploy it, or name another");
    }
    if (!versions.get(versions.size() - 1).equals(to)) {
      throw new MojoFailureException(
          "bad="
              + to
              + " is not a released version of "
              + coordinates
              + " after good="
              + from
              + " (found: "
              + String.join(", ", versions)
              + "); install or deploy it, or name another");
    }
    return versions;
  }
}
