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
 * A baseline as an A/B across versions runs it: its main classes (null: a module of tests only,
 * whose commit brings its tests) and its runtime dependencies, keyed {@code
 * group:artifact[:classifier]}; its own compiled tests where it brings them (a commit whose stored
 * baselines those tests measured), else null.
 */
record BaselineArtifacts(String label, Path main, Map<String, Artifact> dependencies, Path tests) {
  private static final Set<String> RUNTIME_SCOPES = Set.of("compile", "runtime");

  BaselineArtifacts(String label, Path main, Map<String, Artifact> dependencies) {
    this(label, main, dependencies, null);
  }

  /**
   * A baseline version's (or artifact's) main artifact and dependencies, resolved as Maven resolves
   * them.
   */
  static BaselineArtifacts resolve(
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
    return new BaselineArtifacts(label, main, deps);
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
  static BaselineArtifacts built(
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
    return new BaselineArtifacts(label, classes, deps, tests);
  }

  /** A baseline given as a folder of classes or a jar: this build's dependencies on both sides. */
  static BaselineArtifacts local(File path) throws MojoFailureException {
    Path p = path.toPath().toAbsolutePath().normalize();
    if (!Files.isDirectory(p)) {
      requireJar(p, "baselineClasspath " + path);
    }
    return new BaselineArtifacts(p.getFileName().toString(), p, Map.of());
  }

  /**
   * A resource of the baseline's main classes (a jar entry or a file in a folder), copied to {@code
   * to}.
   */
  Path extract(String entry, Path to) throws MojoFailureException {
    if (main == null) {
      throw new MojoFailureException(
          "weightsResource " + entry + ": " + label + " has no main classes to hold it");
    }
    try {
      Files.createDirectories(to.toAbsolutePath().getParent());
      if (Files.isDirectory(main)) {
        Path file = main.resolve(entry);
        if (!Files.isRegularFile(file)) {
          throw new MojoFailureException(
              "weightsResource " + entry + " is not in the baseline " + main);
        }
        Files.copy(file, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return to;
      }
      try (java.util.zip.ZipFile jar = new java.util.zip.ZipFile(main.toFile())) {
        java.util.zip.ZipEntry e = jar.getEntry(entry);
        if (e == null || e.isDirectory()) {
          throw new MojoFailureException(
              "weightsResource "
                  + entry
                  + " is not in the baseline "
                  + main.getFileName()
                  + " (baseline "
                  + label
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
          "cannot read weightsResource " + entry + " from " + main + ": " + e.getMessage());
    }
  }

  static String key(String group, String artifact, String classifier) {
    return group
        + ":"
        + artifact
        + (classifier == null || classifier.isEmpty() ? "" : ":" + classifier);
  }

  static String where(List<RemoteRepository> repos) {
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

  /** One artifact's file, resolved from the local repository or {@code repos}. */
  static Path file(
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
}
