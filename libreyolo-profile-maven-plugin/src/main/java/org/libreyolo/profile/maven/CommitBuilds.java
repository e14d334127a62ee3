package org.libreyolo.profile.maven;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.project.ProjectBuilder;
import org.libreyolo.profile.process.ChildJvms;

/**
 * The module at a commit of the bisect's git mode: the commit's tree written out ({@link
 * GitCommits}), the module compiled there by a child Maven with this build's settings, local
 * repository and offline flag, and its class path resolved from the commit's POM ({@link
 * BaselineClasspath#built}).
 */
final class CommitBuilds {
  /** A module that takes longer than this to compile is stuck (a prompt, a lock). */
  private static final long TIMEOUT_MIN = 15;

  private final GitCommits git;
  private final Path module;
  private final Path work;
  private final MavenSession session;
  private final ProjectBuilder builder;
  private final Consumer<String> progress;
  private final String parameter;

  /**
   * @param git the repository
   * @param moduleDir the module's folder in the checkout
   * @param work where the commits' trees and build logs go (under the build folder)
   * @param session the build's session
   * @param builder Maven's project builder
   * @param progress where a line goes as each commit is built
   * @param parameter the parameter that named the oldest commit, for the error when the module did
   *     not exist there ({@code goodRef}, {@code baselineRef})
   */
  CommitBuilds(
      GitCommits git,
      Path moduleDir,
      Path work,
      MavenSession session,
      ProjectBuilder builder,
      Consumer<String> progress,
      String parameter)
      throws MojoFailureException {
    this.git = git;
    this.progress = progress;
    this.parameter = parameter;
    try {
      this.module = git.top().relativize(moduleDir.toRealPath());
    } catch (IOException e) {
      throw new MojoFailureException("cannot read the module folder " + moduleDir, e);
    }
    this.work = work;
    clear(work); // an earlier run's trees: this one writes its own
    this.session = session;
    this.builder = builder;
  }

  /**
   * The module as {@code commit} has it.
   *
   * @param commit the commit
   * @param withTests whether its tests are compiled too and are the baseline's (a commit whose
   *     stored baselines they measured); else this build's tests run on both sides
   * @return its classes, runtime dependencies and, with {@code withTests}, compiled tests
   */
  BaselineArtifacts build(GitCommits.Commit commit, boolean withTests) throws MojoFailureException {
    progress.accept("building commit " + commit.label() + " (" + commit.subject() + ")");
    Path tree = work.resolve(commit.label());
    git.writeTree(commit, tree);
    Path pom = tree.resolve(module).resolve("pom.xml");
    if (!Files.isRegularFile(pom)) {
      throw new MojoFailureException(
          "commit "
              + commit.label()
              + " has no "
              + module.resolve("pom.xml")
              + ": the module did not exist there; name a later "
              + parameter);
    }
    Path log = work.resolve(commit.label() + "-build.log");
    List<String> command = new ArrayList<>();
    command.add(mavenExecutable());
    command.add("-B");
    if (session.isOffline()) {
      command.add("-o");
    }
    File settings = session.getRequest().getUserSettingsFile();
    if (settings != null && settings.isFile()) {
      command.add("-s");
      command.add(settings.getAbsolutePath());
    }
    command.add("-Dmaven.repo.local=" + session.getLocalRepository().getBasedir());
    if (!withTests) {
      command.add("-Dmaven.test.skip=true");
    }
    command.add("-f");
    command.add(pom.toString());
    String goal = withTests ? "test-compile" : "compile";
    command.add(goal);
    int code;
    Process p = null;
    try {
      p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      ChildJvms.stopWithRun(p); // a stopped goal (Ctrl-C, SIGTERM) stops the child Maven with it
      p.getOutputStream().close();
      if (!p.waitFor(TIMEOUT_MIN, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new MojoFailureException(
            "commit "
                + commit.label()
                + " did not build within "
                + TIMEOUT_MIN
                + " min; log: "
                + log);
      }
      code = p.exitValue();
    } catch (IOException e) {
      throw new MojoFailureException(
          "cannot start Maven to build commit " + commit.label() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MojoFailureException("stopped while building commit " + commit.label(), e);
    } finally {
      if (p != null) {
        ChildJvms.ended(p);
      }
    }
    if (code != 0) {
      throw new MojoFailureException(
          "commit "
              + commit.label()
              + " did not build (mvn "
              + goal
              + "): "
              + firstError(log)
              + "; log: "
              + log);
    }
    return BaselineArtifacts.built(builder, session, pom, commit.label(), withTests);
  }

  /** The Maven running this build, to build each commit as this build was built. */
  private static String mavenExecutable() throws MojoFailureException {
    String home = System.getProperty("maven.home");
    boolean windows = System.getProperty("os.name", "").toLowerCase().contains("win");
    Path mvn = home == null ? null : Path.of(home, "bin", windows ? "mvn.cmd" : "mvn");
    if (mvn == null || !Files.isRegularFile(mvn)) {
      throw new MojoFailureException(
          "cannot find the Maven running this build (maven.home="
              + home
              + ") to build the commits");
    }
    return mvn.toString();
  }

  private static void clear(Path dir) throws MojoFailureException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new MojoFailureException("cannot clear " + dir + ": " + e.getMessage(), e);
    }
  }

  private static String firstError(Path log) {
    try {
      return Files.readAllLines(log, StandardCharsets.UTF_8).stream()
          .filter(l -> l.startsWith("[ERROR]"))
          .map(l -> l.substring("[ERROR]".length()).strip())
          .filter(l -> !l.isEmpty())
          .findFirst()
          .orElse("exit code not 0");
    } catch (IOException e) {
      return "exit code not 0";
    }
  }
}
