package org.libreyolo.profile.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.maven.artifact.handler.DefaultArtifactHandler;
import org.apache.maven.model.Build;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The baseline's class path: its jar and dependency versions in place of this build's, and what
 * differs said.
 */
class BaselineClasspathTest {
  @TempDir Path dir;

  private File jar(String name) throws Exception {
    Path p = dir.resolve(name);
    try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(p))) {
      z.putNextEntry(new ZipEntry("x.txt"));
      z.closeEntry();
    }
    return p.toFile();
  }

  private org.apache.maven.artifact.Artifact ours(String g, String a, String v, String scope)
      throws Exception {
    DefaultArtifactHandler handler = new DefaultArtifactHandler("jar");
    handler.setAddedToClasspath(true);
    var x = new org.apache.maven.artifact.DefaultArtifact(g, a, v, scope, "jar", null, handler);
    x.setFile(jar(a + "-" + v + ".jar"));
    return x;
  }

  private Artifact theirs(String g, String a, String v) throws Exception {
    return new DefaultArtifact(g, a, "jar", v).setFile(jar("base-" + a + "-" + v + ".jar"));
  }

  /** A module in {@link #dir} with Maven's default folders. */
  private MavenProject project(String artifactId) {
    MavenProject project = new MavenProject();
    project.setArtifactId(artifactId);
    project.setFile(dir.resolve("pom.xml").toFile());
    Build build = new Build();
    build.setOutputDirectory(dir.resolve("target/classes").toString());
    build.setTestOutputDirectory(dir.resolve("target/test-classes").toString());
    build.setDirectory(dir.resolve("target").toString());
    project.setBuild(build);
    return project;
  }

  @Test
  void theBaselinesVersionsReplaceThisBuildsAndTheDifferencesAreSaid() throws Exception {
    MavenProject project = project("demo");
    Set<org.apache.maven.artifact.Artifact> artifacts = new LinkedHashSet<>();
    artifacts.add(ours("ai.djl", "api", "0.36.0", "compile"));
    artifacts.add(ours("com.acme", "fresh", "1.0", "compile"));
    artifacts.add(ours("org.junit.jupiter", "junit-jupiter-api", "6.1.3", "test"));
    project.setArtifacts(artifacts);
    Map<String, Artifact> deps = new LinkedHashMap<>();
    deps.put("ai.djl:api", theirs("ai.djl", "api", "0.35.0"));
    deps.put("com.acme:old", theirs("com.acme", "old", "2.0"));
    BaselineArtifacts baseline = new BaselineArtifacts("1.0", jar("demo-1.0.jar").toPath(), deps);

    BaselineClasspath.Sides sides = BaselineClasspath.of(project, baseline, null);

    List<String> a = List.of(sides.baseline().split(File.pathSeparator));
    assertThat(a.get(0)).endsWith("test-classes");
    assertThat(a.get(1)).endsWith("demo-1.0.jar");
    assertThat(a)
        .anyMatch(e -> e.endsWith("base-api-0.35.0.jar"))
        .noneMatch(e -> e.endsWith("/api-0.36.0.jar"))
        .anyMatch(e -> e.endsWith("base-old-2.0.jar"))
        .anyMatch(e -> e.endsWith("junit-jupiter-api-6.1.3.jar"))
        .anyMatch(e -> e.endsWith("fresh-1.0.jar"))
        .noneMatch(e -> e.endsWith("classes") && !e.endsWith("test-classes"));
    assertThat(sides.candidate()).contains("target/classes").contains("api-0.36.0.jar");
    assertThat(sides.differences())
        .containsExactly(
            "module classes: target/classes -> demo-1.0.jar",
            "ai.djl:api 0.35.0 -> 0.36.0",
            "com.acme:old 2.0 only in the baseline",
            "com.acme:fresh 1.0 only in this build (on both class paths: the tests may need it)");
  }

  /**
   * A commit whose stored baselines its own tests measured, in a module of perf tests only: its
   * compiled tests stand in for this build's on its side, and there are no main classes to swap.
   */
  @Test
  void aCommitsOwnTestsAreItsSideWhereItBringsThem() throws Exception {
    MavenProject project = project("perf");
    project.setArtifacts(
        new LinkedHashSet<>(
            List.of(ours("org.junit.jupiter", "junit-jupiter-api", "6.1.3", "test"))));
    Path commitTests = Files.createDirectories(dir.resolve("commit/target/test-classes"));
    BaselineArtifacts commit =
        new BaselineArtifacts("commit 4c772170059d", null, Map.of(), commitTests);

    BaselineClasspath.Sides sides = BaselineClasspath.of(project, commit, null);

    List<String> a = List.of(sides.baseline().split(File.pathSeparator));
    assertThat(a.get(0)).isEqualTo(commitTests.toString());
    assertThat(a).noneMatch(e -> e.equals(dir.resolve("target/test-classes").toString()));
    assertThat(sides.baselineTests()).isEqualTo(commitTests);
    assertThat(sides.differences())
        .containsExactly(
            "perf tests: target/test-classes -> commit 4c772170059d's (the stored baselines"
                + " measured them)");
  }

  @Test
  void aBaselineThatIsNotAJarIsOneLine() throws Exception {
    Path text = Files.writeString(dir.resolve("demo-1.0.jar"), "not a zip");
    assertThatThrownBy(() -> BaselineArtifacts.local(text.toFile()))
        .isInstanceOf(MojoFailureException.class)
        .hasMessage(
            "baselineClasspath "
                + text.toFile()
                + ": "
                + text
                + " is not a jar (nor a folder of classes)");
    assertThat(BaselineArtifacts.local(dir.toFile()).main())
        .isEqualTo(dir.toAbsolutePath().normalize());
  }
}
