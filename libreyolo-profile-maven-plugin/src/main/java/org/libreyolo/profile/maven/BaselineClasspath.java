package org.libreyolo.profile.maven;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.project.DefaultProjectBuildingRequest;
import org.apache.maven.project.DependencyResolutionResult;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.ProjectBuilder;
import org.apache.maven.project.ProjectBuildingException;
import org.apache.maven.project.ProjectBuildingRequest;
import org.apache.maven.project.ProjectBuildingResult;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;

/**
 * The two class paths of an A/B across versions. This build's: the module's test class path as
 * Surefire sees it. The baseline's: the same test classes, the baseline's main artifact in place of
 * {@code target/classes}, the baseline's own runtime dependencies in place of this build's versions
 * of them, and the rest of this build's test class path (JUnit, the extension, the native). What
 * differs is said in words, as the gate's workload guard does.
 */
final class BaselineClasspath {
  private static final Set<String> MAIN_SCOPES = Set.of("compile", "runtime", "provided", "system");
  private static final Set<String> RUNTIME_SCOPES = Set.of("compile", "runtime");

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

  /**
   * The baseline's main classes (null: a module of tests only, whose commit brings its tests) and
   * its runtime dependencies, keyed {@code group:artifact[:classifier]}; its own compiled tests
   * where it brings them (a commit whose stored baselines those tests measured), else null.
   */
  record Baseline(String label, Path main, Map<String, Artifact> dependencies, Path tests) {
    Baseline(String label, Path main, Map<String, Artifact> dependencies) {
      this(label, main, dependencies, null);
    }
  }

  private BaselineClasspath() {}

  /**
   * A baseline version's (or artifact's) main artifact and dependencies, resolved as Maven resolves
   * them.
   */
  static Baseline resolve(
      RepositorySystem system,
      RepositorySystemSession session,
      List<RemoteRepository> repos,
      String coordinates,
      String parameter,
      String label)
      throws MojoFailureException {
    String[] parts = coordinates.split(":");
    if (parts.length != 3 || java.util.Arrays.stream(parts).anyMatch(String::isBlank)) {
      throw new MojoFailureException(
          parameter + "=" + coordinates + " is not groupId:artifactId:version");
    }
    Artifact root = new DefaultArtifact(parts[0], parts[1], "jar", parts[2]);
    Path main;
    try {
      main = file(system, session, repos, root);
    } catch (ArtifactResolutionException e) {
      throw new MojoFailureException(
          "baseline "
              + coordinates
              + " ("
              + parameter
              + ") was not found: looked in the"
              + " local repository "
              + session.getLocalRepository().getBasedir()
              + " and "
              + where(repos)
              + "; install or deploy that version first, or name another");
    }
    requireJar(main, "baseline " + coordinates + " (" + parameter + ")");
    Map<String, Artifact> deps = new LinkedHashMap<>();
    try {
      CollectRequest collect = new CollectRequest(new Dependency(root, "runtime"), repos);
      // the runtime class path: compile and runtime scopes (the resolver's util module is not lent
      // to plugins)
      List<ArtifactResult> results =
          system
              .resolveDependencies(
                  session,
                  new DependencyRequest(
                      collect,
                      (node, parents) ->
                          node.getDependency() == null
                              || RUNTIME_SCOPES.contains(node.getDependency().getScope())))
              .getArtifactResults();
      for (ArtifactResult r : results) {
        Artifact a = r.getArtifact();
        if (!(a.getGroupId().equals(root.getGroupId())
            && a.getArtifactId().equals(root.getArtifactId()))) {
          deps.put(key(a.getGroupId(), a.getArtifactId(), a.getClassifier()), a);
        }
      }
    } catch (DependencyResolutionException e) {
      throw new MojoFailureException(
          "the dependencies of baseline "
              + coordinates
              + " ("
              + parameter
              + ") could not"
              + " be resolved: "
              + e.getMessage().lines().findFirst().orElse(""));
    }
    return new Baseline(label, main, deps);
  }

  /**
   * A module as one commit has it (the bisect's git mode): its classes compiled in that commit's
   * tree, its runtime dependencies resolved from that commit's POM as Maven resolves them.
   *
   * @param builder Maven's project builder
   * @param session the build's session (its repositories and settings)
   * @param pom the module's POM in the commit's tree
   * @param label how the output names the commit
   * @param withTests whether the commit's compiled tests are the baseline's (it was built with
   *     them)
   */
  static Baseline built(
      ProjectBuilder builder, MavenSession session, Path pom, String label, boolean withTests)
      throws MojoFailureException {
    ProjectBuildingRequest request =
        new DefaultProjectBuildingRequest(session.getProjectBuildingRequest());
    request.setResolveDependencies(true);
    request.setProject(null);
    ProjectBuildingResult result;
    try {
      result = builder.build(pom.toFile(), request);
    } catch (ProjectBuildingException e) {
      throw new MojoFailureException(
          "the POM of commit "
              + label
              + " could not be read: "
              + e.getMessage().lines().findFirst().orElse(""));
    }
    DependencyResolutionResult resolved = result.getDependencyResolutionResult();
    if (resolved == null
        || !resolved.getCollectionErrors().isEmpty()
        || !resolved.getUnresolvedDependencies().isEmpty()) {
      throw new MojoFailureException(
          "the dependencies of commit "
              + label
              + " could not be resolved"
              + (resolved == null || resolved.getUnresolvedDependencies().isEmpty()
                  ? ""
                  : ": " + resolved.getUnresolvedDependencies().get(0).getArtifact())
              + " (a module of the same reactor must be installed to resolve)");
    }
    Map<String, Artifact> deps = new LinkedHashMap<>();
    for (Dependency d : resolved.getResolvedDependencies()) {
      Artifact a = d.getArtifact();
      if (RUNTIME_SCOPES.contains(d.getScope()) && a.getFile() != null) {
        deps.put(key(a.getGroupId(), a.getArtifactId(), a.getClassifier()), a);
      }
    }
    Path classes = Path.of(result.getProject().getBuild().getOutputDirectory());
    Path tests =
        withTests ? Path.of(result.getProject().getBuild().getTestOutputDirectory()) : null;
    if (tests != null && !Files.isDirectory(tests)) {
      throw new MojoFailureException("commit " + label + " left no compiled tests at " + tests);
    }
    if (!Files.isDirectory(classes)) {
      if (tests == null) {
        throw new MojoFailureException("commit " + label + " left no classes at " + classes);
      }
      classes = null; // a module of perf tests only: its tests are what the commit measured
    }
    return new Baseline(label, classes, deps, tests);
  }

  /** A baseline given as a folder of classes or a jar: this build's dependencies on both sides. */
  static Baseline local(File path) throws MojoFailureException {
    Path p = path.toPath().toAbsolutePath().normalize();
    if (!Files.isDirectory(p)) {
      requireJar(p, "baselineClasspath " + path);
    }
    return new Baseline(p.getFileName().toString(), p, Map.of());
  }

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
      return file(system, session, repos, launcher);
    } catch (ArtifactResolutionException e) {
      throw new MojoFailureException(
          "the JUnit Platform launcher "
              + version
              + " that runs the perf tests was not found in the local repository "
              + session.getLocalRepository().getBasedir()
              + " or "
              + where(repos)
              + "; add "
              + PLATFORM
              + ":"
              + LAUNCHER
              + ":"
              + version
              + " to the module's test dependencies");
    }
  }

  /** One artifact's file, resolved from the local repository or {@code repos}. */
  private static Path file(
      RepositorySystem system,
      RepositorySystemSession session,
      List<RemoteRepository> repos,
      Artifact artifact)
      throws ArtifactResolutionException {
    return system
        .resolveArtifact(session, new ArtifactRequest(artifact, repos, null))
        .getArtifact()
        .getFile()
        .toPath();
  }

  private static final String PLATFORM = "org.junit.platform";
  private static final String LAUNCHER = "junit-platform-launcher";

  /**
   * Both class paths of {@code project} against {@code baseline}, each with {@code launcher} last
   * where it is not null.
   */
  static Sides of(MavenProject project, Baseline baseline, Path launcher)
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
  static Sides between(MavenProject project, Baseline older, Baseline newer, Path launcher)
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
  private static String name(Baseline b) {
    return Files.isDirectory(b.main()) ? b.label() : b.main().getFileName().toString();
  }

  /** The project's resolved artifacts, keyed {@code group:artifact[:classifier]}. */
  private static Map<String, org.apache.maven.artifact.Artifact> ours(MavenProject project) {
    Map<String, org.apache.maven.artifact.Artifact> ours = new LinkedHashMap<>();
    for (org.apache.maven.artifact.Artifact x : project.getArtifacts()) {
      ours.put(key(x.getGroupId(), x.getArtifactId(), x.getClassifier()), x);
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

  /**
   * A resource of the baseline's main classes (a jar entry or a file in a folder), copied to {@code
   * to}.
   */
  static Path extract(Baseline baseline, String entry, Path to) throws MojoFailureException {
    if (baseline.main() == null) {
      throw new MojoFailureException(
          "weightsResource " + entry + ": " + baseline.label() + " has no main classes to hold it");
    }
    try {
      Files.createDirectories(to.toAbsolutePath().getParent());
      if (Files.isDirectory(baseline.main())) {
        Path file = baseline.main().resolve(entry);
        if (!Files.isRegularFile(file)) {
          throw new MojoFailureException(
              "weightsResource " + entry + " is not in the baseline " + baseline.main());
        }
        Files.copy(file, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return to;
      }
      try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(baseline.main().toFile())) {
        java.util.zip.ZipEntry e = jar.getEntry(entry);
        if (e == null || e.isDirectory()) {
          throw new MojoFailureException(
              "weightsResource "
                  + entry
                  + " is not in the baseline "
                  + baseline.main().getFileName()
                  + " (baseline "
                  + baseline.label()
                  + ")");
        }
        Path tmp = to.resolveSibling(to.getFileName() + ".tmp");
        try (InputStream in = jar.getInputStream(e)) {
          Files.copy(in, tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Files.move(tmp, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return to;
      }
    } catch (IOException e) {
      throw new MojoFailureException(
          "cannot read weightsResource "
              + entry
              + " from "
              + baseline.main()
              + ": "
              + e.getMessage());
    }
  }

  private static String key(String group, String artifact, String classifier) {
    return group
        + ":"
        + artifact
        + (classifier == null || classifier.isEmpty() ? "" : ":" + classifier);
  }

  private static String relative(MavenProject project, String dir) {
    Path base = project.getBasedir() == null ? null : project.getBasedir().toPath();
    Path d = Path.of(dir);
    return base != null && d.startsWith(base) ? base.relativize(d).toString() : dir;
  }

  private static String where(List<RemoteRepository> repos) {
    if (repos.isEmpty()) {
      return "no remote repository (offline or none configured)";
    }
    List<String> names = new ArrayList<>();
    repos.forEach(r -> names.add(r.getId() + " (" + r.getUrl() + ")"));
    return "the remote repositories " + String.join(", ", names);
  }

  /** A jar is a zip: the first bytes say so, whatever the file is called. */
  private static void requireJar(Path file, String what) throws MojoFailureException {
    byte[] head = new byte[4];
    int n;
    try (InputStream in = Files.newInputStream(file)) {
      n = in.readNBytes(head, 0, 4);
    } catch (IOException e) {
      throw new MojoFailureException(what + ": cannot read " + file + " (" + e.getMessage() + ")");
    }
    if (n < 4 || head[0] != 'P' || head[1] != 'K' || head[2] != 3 || head[3] != 4) {
      throw new MojoFailureException(
          what + ": " + file + " is not a jar (nor a folder of classes)");
    }
  }
}
