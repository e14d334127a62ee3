package org.libreyolo.profile.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResolutionException;

/**
 * The two class paths of an A/B across versions. This build's: the module's test class path as
 * Surefire sees it. The baseline's: the same test classes, the baseline's main artifact in place of
 * {@code target/classes}, the baseline's own runtime dependencies in place of this build's versions
 * of them, and the rest of this build's test class path (JUnit, the extension, the native). What
 * differs is said in words, as the gate's workload guard does.
 */
final class BaselineClasspath {
  private static final Set<String> MAIN_SCOPES = Set.of("compile", "runtime", "provided", "system");

  /**
   * Groups whose classes hold process-wide state (the engine and its native library, the test
   * framework, this extension): at two versions they cannot share one JVM.
   */
  private static final List<String> PROCESS_WIDE_GROUPS =
      List.of(
          "ai.djl",
          "com.microsoft.onnxruntime",
          "org.junit",
          "org.opentest4j",
          "org.apiguardian",
          "org.libreyolo");

  /**
   * A resolved side: its class path, how the output names it, what differs from this build, and
   * which of those differences cannot share one JVM.
   */
  record Sides(
      String baseline,
      String candidate,
      String baselineLabel,
      List<String> differences,
      List<String> unshareable,
      Path baselineTests) {}

  private BaselineClasspath() {}

  /**
   * The JUnit Platform launcher at the module's own Platform version, for the child JVMs that run
   * its tests (Surefire adds it to a test JVM the same way; the extension brings none, since its
   * own would pull its Platform version over the module's).
   *
   * @return the launcher jar, or null where the module's test class path holds one or no JUnit
   *     Platform at all
   */
  static Path launcher(
      RepositorySystem system,
      RepositorySystemSession session,
      List<RemoteRepository> repos,
      MavenProject project)
      throws MojoFailureException {
    String version = null;
    for (org.apache.maven.artifact.Artifact x : project.getArtifacts()) {
      if (x.getGroupId().equals(PLATFORM)) {
        if (x.getArtifactId().equals(LAUNCHER)) {
          return null;
        }
        if (x.getArtifactId().equals("junit-platform-engine")) {
          version = x.getBaseVersion();
        }
      }
    }
    if (version == null) {
      return null;
    }
    Artifact launcher = new DefaultArtifact(PLATFORM, LAUNCHER, "jar", version);
    try {
      return BaselineArtifacts.file(system, session, repos, launcher);
    } catch (ArtifactResolutionException e) {
      throw new MojoFailureException(
          "the JUnit Platform launcher "
              + version
              + " that runs the perf tests was not found in the local repository "
              + session.getLocalRepository().getBasedir()
              + " or "
              + BaselineArtifacts.where(repos)
              + "; add "
              + PLATFORM
              + ":"
              + LAUNCHER
              + ":"
              + version
              + " to the module's test dependencies");
    }
  }

  private static final String PLATFORM = "org.junit.platform";
  private static final String LAUNCHER = "junit-platform-launcher";

  /**
   * Both class paths of {@code project} against {@code baseline}, each with {@code launcher} last
   * where it is not null.
   */
  static Sides of(MavenProject project, BaselineArtifacts baseline, Path launcher)
      throws MojoFailureException {
    List<String> candidate;
    try {
      candidate = project.getTestClasspathElements();
    } catch (org.apache.maven.artifact.DependencyResolutionRequiredException e) {
      throw new MojoFailureException(
          "the test class path of "
              + project.getArtifactId()
              + " is not resolved: "
              + e.getMessage());
    }
    List<String> differences = new ArrayList<>();
    List<String> a = new ArrayList<>();
    if (baseline.tests() == null) {
      a.add(project.getBuild().getTestOutputDirectory());
    } else {
      differences.add(
          "perf tests: "
              + relative(project, project.getBuild().getTestOutputDirectory())
              + " -> "
              + baseline.label()
              + "'s (the stored baselines measured them)");
      a.add(baseline.tests().toString());
    }
    if (baseline.main() != null) {
      differences.add(
          "module classes: "
              + relative(project, project.getBuild().getOutputDirectory())
              + " -> "
              + name(baseline));
      a.add(baseline.main().toString());
    }
    Map<String, org.apache.maven.artifact.Artifact> ours = ours(project);
    List<String> unshareable = new ArrayList<>();
    for (Map.Entry<String, Artifact> e : baseline.dependencies().entrySet()) {
      a.add(e.getValue().getFile().toString());
      org.apache.maven.artifact.Artifact mine = ours.get(e.getKey());
      String difference = null;
      if (mine == null) {
        difference = e.getKey() + " " + e.getValue().getBaseVersion() + " only in the baseline";
      } else if (!mine.getBaseVersion().equals(e.getValue().getBaseVersion())) {
        difference =
            e.getKey() + " " + e.getValue().getBaseVersion() + " -> " + mine.getBaseVersion();
      }
      if (difference != null) {
        differences.add(difference);
        if (processWide(e.getKey(), mine)) {
          unshareable.add(difference);
        }
      }
    }
    for (Map.Entry<String, org.apache.maven.artifact.Artifact> e : ours.entrySet()) {
      if (baseline.dependencies().containsKey(e.getKey()) || e.getValue().getFile() == null) {
        continue;
      }
      a.add(e.getValue().getFile().toString());
      if (!baseline.dependencies().isEmpty() && MAIN_SCOPES.contains(e.getValue().getScope())) {
        differences.add(
            e.getKey()
                + " "
                + e.getValue().getBaseVersion()
                + " only in this build (on both class"
                + " paths: the tests may need it)");
      }
    }
    if (launcher != null) {
      a.add(launcher.toString());
      candidate = new ArrayList<>(candidate);
      candidate.add(launcher.toString());
    }
    return new Sides(
        String.join(File.pathSeparator, a),
        String.join(File.pathSeparator, candidate),
        baseline.label(),
        differences,
        unshareable,
        baseline.tests());
  }

  /**
   * Two released versions of {@code project} as the two sides (the bisect's A/B): each side's class
   * path built as {@link #of} builds the baseline's, the differences between the two.
   */
  static Sides between(
      MavenProject project, BaselineArtifacts older, BaselineArtifacts newer, Path launcher)
      throws MojoFailureException {
    Sides a = of(project, older, launcher);
    Sides b = of(project, newer, launcher);
    Map<String, org.apache.maven.artifact.Artifact> ours = ours(project);
    List<String> differences = new ArrayList<>();
    differences.add("module classes: " + name(older) + " -> " + name(newer));
    List<String> unshareable = new ArrayList<>();
    java.util.Set<String> keys = new java.util.LinkedHashSet<>(older.dependencies().keySet());
    keys.addAll(newer.dependencies().keySet());
    for (String key : keys) {
      Artifact x = older.dependencies().get(key);
      Artifact y = newer.dependencies().get(key);
      String vx = x == null ? null : x.getBaseVersion();
      String vy = y == null ? null : y.getBaseVersion();
      if (!java.util.Objects.equals(vx, vy)) {
        String difference =
            key + " " + (vx == null ? "(none)" : vx) + " -> " + (vy == null ? "(none)" : vy);
        differences.add(difference);
        if (processWide(key, ours.get(key))) {
          unshareable.add(difference);
        }
      }
    }
    return new Sides(a.baseline(), b.baseline(), older.label(), differences, unshareable, null);
  }

  /** A side as the differences name it: its jar's file name, or a commit's label. */
  private static String name(BaselineArtifacts b) {
    return Files.isDirectory(b.main()) ? b.label() : b.main().getFileName().toString();
  }

  /** The project's resolved artifacts, keyed {@code group:artifact[:classifier]}. */
  private static Map<String, org.apache.maven.artifact.Artifact> ours(MavenProject project) {
    Map<String, org.apache.maven.artifact.Artifact> ours = new LinkedHashMap<>();
    for (org.apache.maven.artifact.Artifact x : project.getArtifacts()) {
      ours.put(BaselineArtifacts.key(x.getGroupId(), x.getArtifactId(), x.getClassifier()), x);
    }
    return ours;
  }

  /**
   * Whether an artifact holds process-wide state: the engine, the test framework or this extension,
   * or a library this extension runs on (its dependency trail passes through one of them).
   */
  private static boolean processWide(String key, org.apache.maven.artifact.Artifact mine) {
    if (PROCESS_WIDE_GROUPS.stream().anyMatch(key::startsWith)) {
      return true;
    }
    List<String> trail = mine == null ? null : mine.getDependencyTrail();
    return trail != null
        && trail.stream()
            .skip(1) // the module itself
            .limit(Math.max(0, trail.size() - 2)) // the artifact itself
            .anyMatch(t -> PROCESS_WIDE_GROUPS.stream().anyMatch(t::startsWith));
  }

  private static String relative(MavenProject project, String dir) {
    Path base = project.getBasedir() == null ? null : project.getBasedir().toPath();
    Path d = Path.of(dir);
    return base != null && d.startsWith(base) ? base.relativize(d).toString() : dir;
  }
}
