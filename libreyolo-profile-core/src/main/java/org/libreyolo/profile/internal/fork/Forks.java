package org.libreyolo.profile.internal.fork;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.io.Leftovers;

/**
 * Starts forks: fresh JVMs on the parent's classpath (or the one a surface gives, such as a Maven
 * plugin's realm), with the parent's heap and {@code ai.djl.*} / {@code libreyolo.*} properties,
 * one after another (never in parallel: they would measure each other). A fork that fails ends the
 * run with its last error line.
 */
public final class Forks {
  /** More forks than this is a typo, not a measurement. */
  public static final int MAX = 100;

  private Forks() {}

  /** Refuses a fork count outside 1..{@link #MAX}. */
  public static void check(int forks) {
    if (forks < 1 || forks > MAX) {
      throw LibreYoloException.badInput("{forks} must be within 1.." + MAX + ", got " + forks);
    }
  }

  /**
   * How a fork is started.
   *
   * @param java the java executable
   * @param classpath the class path, as {@code -cp} takes it
   * @param jvmArgs options before the main class
   */
  public record Jvm(String java, String classpath, List<String> jvmArgs) {
    /**
     * This JVM's java, class path, heap options and tool properties; under Surefire its test class
     * path (its own {@code java.class.path} may be a manifest-only jar).
     */
    public static Jvm current() {
      String surefire = System.getProperty("surefire.test.class.path");
      return withClasspath(
          surefire != null && !surefire.isBlank()
              ? surefire
              : System.getProperty("java.class.path"));
    }

    /**
     * This JVM's java and options on another class path (a Maven plugin's, Surefire's test class
     * path).
     */
    public static Jvm withClasspath(String classpath) {
      String java =
          ProcessHandle.current()
              .info()
              .command()
              .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      List<String> args = new ArrayList<>();
      for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
        if (a.startsWith("-Xmx")
            || a.startsWith("-Xms")
            || a.startsWith("-Xss")
            || a.startsWith("-XX:ActiveProcessorCount")
            || a.startsWith("-Dai.djl.")
            || a.startsWith("-Dlibreyolo.")
            || a.startsWith("-Dorg.slf4j.")
            || a.startsWith("-Djava.library.path")) {
          args.add(a);
        }
      }
      System.getProperties().stringPropertyNames().stream()
          .sorted()
          .filter(
              k ->
                  k.startsWith("ai.djl.")
                      || k.startsWith("libreyolo.")
                      || k.startsWith("org.slf4j."))
          .filter(k -> !k.equals("libreyolo.home"))
          .map(k -> "-D" + k + "=" + System.getProperty(k))
          .filter(d -> !args.contains(d))
          .forEach(args::add);
      if (args.stream().noneMatch(a -> a.startsWith("-Dai.djl.offline"))) {
        args.add("-Dai.djl.offline=true");
      }
      return new Jvm(java, classpath, List.copyOf(args));
    }
  }

  /**
   * Runs {@code mainClass args} in a fresh JVM and waits for it; its output goes to {@code log}.
   *
   * @param what how the error names the fork, e.g. {@code fork 2 of 5}
   * @throws LibreYoloException with the fork's last error line, of the kind its exit code says
   */
  public static void run(Jvm jvm, String mainClass, List<String> args, Path log, String what) {
    run(jvm, mainClass, args, log, what, null);
  }

  /**
   * {@link #run(Jvm, String, List, Path, String)} in another working directory (a module's base
   * directory, as Surefire runs its tests there), or this JVM's when null.
   */
  public static void run(
      Jvm jvm, String mainClass, List<String> args, Path log, String what, Path workingDirectory) {
    List<String> command = new ArrayList<>();
    command.add(jvm.java());
    command.addAll(jvm.jvmArgs());
    // Flight Recorder's disk repository (Java samples) in the fork's own folder, not the temp
    // directory: a fork stopped hard leaves nothing behind there
    command.add(
        "-XX:FlightRecorderOptions=repository=" + log.toAbsolutePath().getParent().resolve("jfr"));
    command.add("-cp");
    command.add(jvm.classpath());
    command.add(mainClass);
    command.addAll(args);
    int code;
    try {
      Process p =
          Leftovers.guarded( // no fork starts once a stopped JVM has cleaned up
              () -> {
                Files.createDirectories(log.getParent());
                ProcessBuilder builder =
                    new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile());
                if (workingDirectory != null) {
                  builder.directory(workingDirectory.toFile());
                }
                Process started = builder.start();
                Leftovers.track(started); // stopped with this JVM: a fork never outlives its run
                return started;
              });
      try {
        code = p.waitFor();
      } finally {
        Leftovers.forget(p);
      }
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          what + " could not start " + jvm.java() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw LibreYoloException.badInput(what + " was interrupted");
    }
    if (code != 0) {
      // the fork's exit code is its error's kind (2 bad input, 3 no profile; anything else, a crash
      // included, is the reference's exit 1)
      LibreYoloException.Kind kind =
          code == 2
              ? LibreYoloException.Kind.BAD_INPUT
              : code == 3
                  ? LibreYoloException.Kind.NO_PROFILE
                  : LibreYoloException.Kind.UNPARSABLE_TRACE;
      throw new LibreYoloException(
          kind, what + " failed (exit " + code + "): " + lastErrorLine(log));
    }
  }

  /** The last line a failing fork wrote: its {@code error:} line when it wrote one. */
  static String lastErrorLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      String last = "no output";
      for (String line : lines) {
        String s = line.strip();
        if (s.startsWith(ForkMain.ERROR)) {
          return s.substring(ForkMain.ERROR.length());
        }
        if (!s.isEmpty()) {
          last = s;
        }
      }
      return last;
    } catch (IOException e) {
      return "no log (" + e.getMessage() + ")";
    }
  }
}
