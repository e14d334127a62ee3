package org.libreyolo.profile.process;

import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.fork.ForkMain;
import org.libreyolo.profile.internal.fork.Forks;

/**
 * Forked measurement for a surface that measures its own kind of step (the JUnit extension re-runs
 * one test): a fresh JVM on this JVM's class path and tool properties, one at a time, and the
 * one-line error contract between a fork and its parent.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Forking {
  private Forking() {}

  /**
   * Refuses a fork count outside 1..100, as every surface does.
   *
   * @param forks the processes asked for
   */
  public static void check(int forks) {
    Forks.check(forks);
  }

  /**
   * Runs {@code mainClass args} in a fresh JVM and waits; its output goes to {@code log}.
   *
   * @param mainClass the fork's main class, on this JVM's class path
   * @param args its arguments
   * @param log where its output goes
   * @param what how an error names the fork, e.g. {@code fork 2 of 5}
   */
  public static void run(String mainClass, List<String> args, Path log, String what) {
    Forks.run(Forks.Jvm.current(), mainClass, args, log, what);
  }

  /**
   * Runs {@code mainClass args} in a fresh JVM on another class path (a module's test class path, a
   * baseline version's), in {@code workingDirectory}, and waits; its output goes to {@code log}.
   *
   * @param classpath the fork's class path
   * @param workingDirectory the fork's working directory
   * @param mainClass the fork's main class, on that class path
   * @param args its arguments
   * @param log where its output goes
   * @param what how an error names the fork
   */
  public static void run(
      String classpath,
      Path workingDirectory,
      String mainClass,
      List<String> args,
      Path log,
      String what) {
    Forks.run(Forks.Jvm.withClasspath(classpath), mainClass, args, log, what, workingDirectory);
  }

  /**
   * A fork's main body: on failure one error line the parent reports, and the exit code of its
   * kind.
   *
   * @param body what the fork does
   */
  public static void guard(Runnable body) {
    ForkMain.guard(body);
  }

  /**
   * The line a fork prints for its parent when it fails, to be followed by the message.
   *
   * @return the prefix of a fork's error line
   */
  public static String errorPrefix() {
    return ForkMain.ERROR;
  }
}
