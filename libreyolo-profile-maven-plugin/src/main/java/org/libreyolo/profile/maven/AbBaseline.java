package org.libreyolo.profile.maven;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.libreyolo.profile.gate.BaselineCommit;

/**
 * What the {@code ab} goal's perf tests are compared with: the baseline one of its parameters names
 * (a released version, another artifact, a folder of classes, a commit), else the commit the stored
 * baselines record.
 */
final class AbBaseline {
  private final String version;
  private final String artifact;
  private final File classpath;
  private final String ref;
  private final BaselineCommit recorded;

  private AbBaseline(
      String version, String artifact, File classpath, String ref, BaselineCommit recorded) {
    this.version = version;
    this.artifact = artifact;
    this.classpath = classpath;
    this.ref = ref;
    this.recorded = recorded;
  }

  /**
   * The baseline the parameters name.
   *
   * @return it, or null when none is named
   * @throws MojoFailureException when more than one is
   */
  static AbBaseline named(String version, String artifact, File classpath, String ref)
      throws MojoFailureException {
    List<String> set = new ArrayList<>();
    if (version != null) {
      set.add("baselineVersion=" + version);
    }
    if (artifact != null) {
      set.add("baselineArtifact=" + artifact);
    }
    if (classpath != null) {
      set.add("baselineClasspath=" + classpath);
    }
    if (ref != null) {
      set.add("baselineRef=" + ref);
    }
    if (set.size() > 1) {
      throw new MojoFailureException(
          "set only one of baselineVersion, baselineArtifact, baselineClasspath and baselineRef; "
              + (set.size() == 2 ? "both " : set.size() + " ")
              + "are set: "
              + String.join(" and ", set));
    }
    return set.isEmpty() ? null : new AbBaseline(version, artifact, classpath, ref, null);
  }

  /**
   * The commit the stored baselines in {@code baselineDirectory} record, its choice logged.
   *
   * @param baselineDirectory where the perf tests' baselines live, or null
   * @param log where the choice is said
   * @return it, or null when no baseline there records one
   */
  static AbBaseline recorded(File baselineDirectory, Log log) {
    if (baselineDirectory == null) {
      return null;
    }
    BaselineCommit.Choice choice = BaselineCommit.choose(baselineDirectory.toPath());
    if (choice.commit() == null) {
      return null;
    }
    log.info(
        "[libreyolo-profile] baseline: "
            + choice.commit().describe()
            + ", on which "
            + choice.baselines().size()
            + " stored baseline(s) in "
            + baselineDirectory
            + " were recorded");
    if (!choice.commit().clean()) {
      log.warn(
          "[libreyolo-profile] the baselines measured uncommitted changes: the commit is"
              + " measured as committed; commit the changes and record the baselines again");
    }
    if (!choice.others().isEmpty()) {
      log.info(
          "[libreyolo-profile] recorded on an older commit, compared with this one too: "
              + String.join(", ", choice.others()));
    }
    return new AbBaseline(null, null, null, null, choice.commit());
  }

  /**
   * @return the baseline as a failure names it
   */
  String label() {
    return version != null
        ? "baseline " + version.strip()
        : ref != null
            ? "baseline " + ref.strip()
            : recorded != null ? "baseline commit " + recorded.label() : "the baseline";
  }

  /**
   * The baseline's classes and runtime dependencies for one module: resolved, read or built.
   *
   * @param module the module
   * @param commits builds a commit
   * @param system Maven's repository system
   * @param session its session
   * @return the baseline
   */
  BaselineArtifacts resolve(
      MavenProject module,
      CommitAb commits,
      RepositorySystem system,
      RepositorySystemSession session)
      throws MojoFailureException {
    if (ref != null) {
      return commits.commit(module, ref.strip(), null);
    }
    if (recorded != null) {
      return commits.commit(module, recorded.commit(), recorded);
    }
    if (classpath != null) {
      return BaselineArtifacts.local(classpath);
    }
    return artifact != null
        ? BaselineArtifacts.resolve(
            system,
            session,
            module.getRemoteProjectRepositories(),
            artifact.strip(),
            "baselineArtifact",
            artifact.strip())
        : BaselineArtifacts.resolve(
            system,
            session,
            module.getRemoteProjectRepositories(),
            module.getGroupId() + ":" + module.getArtifactId() + ":" + version.strip(),
            "baselineVersion",
            version.strip());
  }
}
