package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run stopped by SIGTERM (what a CI timeout and {@code kill} send; Ctrl-C's SIGINT runs the same
 * shutdown hooks) leaves no raw trace segment, no temp file and no fork folder, and no fork JVM
 * running.
 */
class InterruptTest {
  @TempDir Path dir;

  private Process cli(String... args) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command =
        Stream.concat(
                Stream.of(
                    java,
                    "-cp",
                    System.getProperty("java.class.path"),
                    Main.class.getName(),
                    "profile"),
                Stream.of(args))
            .toList();
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("cli.log").toFile())
        .start();
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waited 120 s for " + what).isLessThan(deadline);
      Thread.sleep(5);
    }
  }

  private static List<String> everything(Path root) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      return all.map(p -> root.relativize(p).toString()).sorted().toList();
    }
  }

  /** A small forked {@code infer}: four forks, long enough to be stopped during the second. */
  private static List<String> forkedInfer(Path project) {
    return List.of(
        "infer",
        "--device",
        "cpu",
        "--threads",
        "1",
        "--imgsz",
        "64",
        "--runs",
        "8",
        "--warmup",
        "1",
        "--forks",
        "4",
        "--project",
        project.toString());
  }

  @Test
  void stoppedDuringForksLeavesNoForkFolderAndNoForkRunning() throws Exception {
    Path project = dir.resolve("p");
    Process p = cli(forkedInfer(project).toArray(String[]::new));
    Path secondFork = project.resolve("infer/forks/1");
    await(() -> Files.isDirectory(secondFork) || !p.isAlive(), "the second fork");
    assertThat(p.isAlive()).as("still measuring").isTrue();
    List<ProcessHandle> forks = p.descendants().toList();
    p.destroy(); // SIGTERM
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    for (ProcessHandle fork : forks) {
      fork.onExit().get(10, TimeUnit.SECONDS);
    }
    assertThat(forks).noneMatch(ProcessHandle::isAlive);
    assertThat(project.resolve("infer/forks")).doesNotExist();
  }

  /**
   * SIGTERM to {@code ./libreyolo} (what a CI timeout sends to the command it started) reaches the
   * JVM behind it: the launcher hands it on, the JVM and its forks end, nothing is left and one
   * line says so.
   */
  @Test
  void aSigtermToTheLauncherStopsItsJvmAndForks() throws Exception {
    stopTheLauncher(false);
  }

  /**
   * Ctrl-C in a terminal: SIGINT to the whole process group (the launcher, its JVM, the filter its
   * stderr passes through). The filter must outlive the JVM's last line: it once died with the
   * signal, and the line that says the run stopped was lost.
   */
  @Test
  void aCtrlCToTheLaunchersGroupStopsItAndSaysSo() throws Exception {
    stopTheLauncher(true);
  }

  /**
   * The launcher as committed, over this test's class path (a manifest-only jar where the launcher
   * looks for the CLI's), in a process group of its own, stopped during its second fork by SIGTERM
   * to it alone or by SIGINT to its group.
   */
  private void stopTheLauncher(boolean ctrlC) throws Exception {
    Path root = dir.resolve("checkout");
    Path target = root.resolve("libreyolo-profile-cli/target");
    Files.createDirectories(target.resolve("lib"));
    Files.copy(Path.of("..", "libreyolo"), root.resolve("libreyolo"));
    StringBuilder classPath = new StringBuilder();
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      classPath.append(Path.of(entry).toUri()).append(' ');
    }
    java.util.jar.Manifest manifest = new java.util.jar.Manifest();
    manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest
        .getMainAttributes()
        .put(java.util.jar.Attributes.Name.CLASS_PATH, classPath.toString());
    try (var jar =
        new java.util.jar.JarOutputStream(
            Files.newOutputStream(target.resolve("libreyolo-profile-cli-test.jar")), manifest)) {
      // the manifest is the jar
    }
    Files.createFile(target.resolve("lib/.built")); // built: the launcher runs, it does not build
    Path project = dir.resolve("p");
    // setsid: a group of its own, as a terminal's foreground job (its id is the launcher's pid);
    // SIGINT as a terminal leaves it, whatever this JVM inherited (a build started in the
    // background, as `nohup ... &`, ignores it, and so would the launcher: its Ctrl-C did nothing)
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                "setsid",
                "env",
                "--default-signal=INT",
                "bash",
                root.resolve("libreyolo").toString(),
                "profile"));
    command.addAll(forkedInfer(project));
    command.add("--quiet");
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("launcher.log").toFile())
            .start();
    Path secondFork = project.resolve("infer/forks/1");
    await(() -> Files.isDirectory(secondFork) || !p.isAlive(), "the second fork");
    assertThat(p.isAlive())
        .as("still measuring: %s", Files.readString(dir.resolve("launcher.log")))
        .isTrue();
    List<ProcessHandle> behind = p.descendants().toList(); // the JVM, its fork, the filter
    assertThat(behind).hasSizeGreaterThanOrEqualTo(2);
    if (ctrlC) {
      assertThat(new ProcessBuilder("kill", "-INT", "--", "-" + p.pid()).start().waitFor())
          .isZero();
    } else {
      p.destroy(); // SIGTERM to the launcher only
    }
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    for (ProcessHandle h : behind) {
      h.onExit().get(10, TimeUnit.SECONDS);
    }
    assertThat(behind).noneMatch(ProcessHandle::isAlive);
    assertThat(project.resolve("infer/forks")).doesNotExist();
    assertThat(project.resolve("infer/profile.json")).doesNotExist();
    String log = Files.readString(dir.resolve("launcher.log"));
    assertThat(log.lines().filter(l -> l.startsWith("stopped (SIGTERM or Ctrl-C)")))
        .as(log)
        .hasSize(1);
    assertThat(log).doesNotContain("Exception");
    assertThat(p.exitValue()).isEqualTo(Main.STOPPED_EXIT);
  }

  @Test
  @Tag("slow")
  void stoppedDuringTheTracedStepsLeavesNoRawSegment() throws Exception {
    Path project = dir.resolve("p");
    Path infer = project.resolve("infer");
    Process p =
        cli(
            "infer",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "640",
            "--runs",
            "4",
            "--warmup",
            "1",
            "--project",
            project.toString());
    await(
        () -> {
          try (Stream<String> names =
              Files.isDirectory(infer)
                  ? Files.list(infer).map(f -> f.getFileName().toString())
                  : Stream.empty()) {
            return names.anyMatch(n -> n.startsWith(".djl-raw-")) || !p.isAlive();
          } catch (IOException e) {
            return false;
          }
        },
        "a raw trace segment");
    assertThat(p.isAlive()).as("still tracing").isTrue();
    p.destroy();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(everything(infer)).noneMatch(n -> n.contains(".djl-raw-") || n.endsWith(".tmp"));
  }
}
