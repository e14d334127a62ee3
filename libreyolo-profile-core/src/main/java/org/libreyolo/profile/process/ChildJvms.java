package org.libreyolo.profile.process;

import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.fork.ForkMain;
import org.libreyolo.profile.internal.fork.Forks;
import org.libreyolo.profile.internal.io.Folders;
import org.libreyolo.profile.internal.io.Leftovers;
import org.libreyolo.profile.internal.io.Records;

/**
 * The one way a measurement starts another JVM (an infer fork, a JUnit test's fork, the JVMs of an
 * A/B across versions): a fresh JVM running {@link #main} with the child's kind, its request record
 * written whole beside its log, its reply read back as a record. One at a time, never in parallel
 * (they would measure each other); a child that fails ends the call with its one error line
 * (docs/versions.md, "The process room and its protocol").
 */
@Api(status = Api.Status.INTERNAL, since = "0.1.0")
public final class ChildJvms {
  /** The request's file name in a child's folder. */
  public static final String REQUEST = "fork-request.json";

  /** The reply's file name in a child's folder. */
  public static final String REPLY = "fork-reply.json";

  /** The child's log (its stdout and stderr) in its folder. */
  public static final String LOG = "fork.log";

  /** The one line every surface says for a run stopped by a signal. */
  public static final String STOPPED = Leftovers.STOPPED;

  /**
   * Whether this JVM is being stopped (SIGTERM, Ctrl-C) with a run's forks or partial files still
   * registered: an error the run throws now is the clean-up's doing (its fork ended, its folder
   * removed), and a surface prints {@link #STOPPED} instead.
   *
   * @return true once the shutdown began stopping a run
   */
  public static boolean stopping() {
    return Leftovers.stopping();
  }

  /**
   * Says {@link #STOPPED} once, by the surface or else by the shutdown; the shutdown waits while a
   * surface is saying it, so the line is never lost to the JVM's halt.
   *
   * @param say prints the line and flushes its stream
   * @return true when this call said it
   */
  public static boolean sayStopped(java.util.function.Consumer<String> say) {
    return Leftovers.sayStopped(say);
  }

  /**
   * The topmost folder of {@code dir} that does not exist yet: what a run that makes {@code dir}
   * must remove if it is stopped.
   *
   * @param dir a folder the forks will write under
   * @return its first missing ancestor (or itself), null when it exists
   */
  public static Path firstMissing(Path dir) {
    return Folders.firstMissing(dir);
  }

  /**
   * Removes {@code folder} (the forks' outputs so far) if this JVM is stopped before {@link
   * #keep(Path)}: a stopped run leaves no half of its forks.
   *
   * @param folder a folder the run creates; null does nothing
   */
  public static void removeIfStopped(Path folder) {
    Leftovers.track(folder);
  }

  /**
   * The forks under {@code folder} completed: it stays.
   *
   * @param folder the folder given to {@link #removeIfStopped(Path)}; null does nothing
   */
  public static void keep(Path folder) {
    Leftovers.forget(folder);
  }

  /**
   * Stops {@code process} with this JVM if a run is stopped (SIGTERM, Ctrl-C), as the forks are:
   * for a child a surface starts itself (the Maven that compiles a commit).
   *
   * @param process the started process
   */
  public static void stopWithRun(Process process) {
    Leftovers.track(process);
  }

  /**
   * The process given to {@link #stopWithRun(Process)} has ended.
   *
   * @param process that process
   */
  public static void ended(Process process) {
    Leftovers.forget(process);
  }

  private ChildJvms() {}

  /**
   * Every child JVM's entry: {@code ChildJvms <kind> <request> <reply>}; the body of that kind is
   * found on the child's class path ({@link ChildJvm}), so the parent names a kind, never a class.
   *
   * @param args the kind, the request's file and the reply's file
   */
  public static void main(String[] args) {
    ForkMain.guard(
        () -> {
          if (args.length != 3) {
            throw new IllegalArgumentException("usage: ChildJvms <kind> <request> <reply>");
          }
          ChildJvm body =
              ServiceLoader.load(ChildJvm.class).stream()
                  .map(ServiceLoader.Provider::get)
                  .filter(c -> c.kinds().contains(args[0]))
                  .findFirst()
                  .orElseThrow(
                      () ->
                          new IllegalStateException(
                              "no child JVM of kind '"
                                  + args[0]
                                  + "' on the class path (a META-INF/services entry of "
                                  + ChildJvm.class.getName()
                                  + ")"));
          try {
            body.run(args[0], Path.of(args[1]), Path.of(args[2]));
          } catch (RuntimeException e) {
            throw e;
          } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
          }
        });
  }

  /**
   * Where a child runs: this JVM's class path and options, or another class path (a module's test
   * class path, a baseline version's) in another working directory.
   *
   * @param classpath the class path, or null for this JVM's
   * @param workingDirectory the working directory, or null for this JVM's
   */
  @Api(status = Api.Status.INTERNAL, since = "0.1.0")
  public record Where(String classpath, Path workingDirectory) {
    /** {@return this JVM's class path, java, heap and tool properties, here} */
    public static Where here() {
      return new Where(null, null);
    }

    /**
     * This JVM's class path with the {@code extra} entries it lacks after it, here: what a child
     * needs that this JVM loaded from elsewhere (Surefire's JUnit Platform launcher sits on
     * Surefire's class path, not on the test's).
     *
     * @param extra jars or folders
     * @return where the child runs
     */
    public static Where hereWith(List<Path> extra) {
      List<String> entries =
          new java.util.ArrayList<>(
              List.of(Forks.Jvm.current().classpath().split(java.io.File.pathSeparator)));
      for (Path p : extra) {
        if (!entries.contains(p.toString())) {
          entries.add(p.toString());
        }
      }
      return new Where(String.join(java.io.File.pathSeparator, entries), null);
    }

    private Forks.Jvm jvm() {
      return classpath == null ? Forks.Jvm.current() : Forks.Jvm.withClasspath(classpath);
    }
  }

  /**
   * Refuses a fork count outside 1..100, as every surface does.
   *
   * @param forks the processes asked for
   */
  public static void check(int forks) {
    Forks.check(forks);
  }

  /**
   * Runs a child and waits: writes {@code request} to {@code folder}/{@value #REQUEST}, starts a
   * fresh JVM on {@code where}'s class path running the body of {@code kind}, its output to {@code
   * folder}/{@value #LOG}.
   *
   * @param where the class path and working directory
   * @param kind the child's kind ({@link ChildJvm#kinds()})
   * @param request the request record
   * @param folder the child's folder (created)
   * @param what how an error names the child, e.g. {@code fork 2 of 5}
   * @throws LibreYoloException with the child's error line, of the kind its exit code says
   */
  public static void run(Where where, String kind, Object request, Path folder, String what) {
    Path requestFile = folder.resolve(REQUEST);
    write(requestFile, request);
    Forks.run(
        where.jvm(),
        ChildJvms.class.getName(),
        List.of(kind, requestFile.toString(), folder.resolve(REPLY).toString()),
        folder.resolve(LOG),
        what,
        where.workingDirectory());
  }

  /**
   * The reply a child wrote in its folder.
   *
   * @param folder the child's folder
   * @param type the reply record's class
   * @param <T> the reply's type
   * @return the reply, or null when the child wrote none
   */
  public static <T> T reply(Path folder, Class<T> type) {
    return read(folder.resolve(REPLY), type);
  }

  /**
   * Writes a record whole (a temporary file renamed into place).
   *
   * @param file where
   * @param message the record
   */
  public static void write(Path file, Object message) {
    Records.write(file, message);
  }

  /**
   * Reads a record, or null when the file is not there (the other end failed before writing it).
   *
   * @param file where
   * @param type the record's class
   * @param <T> the record's type
   * @return the record, or null
   */
  public static <T> T read(Path file, Class<T> type) {
    return Records.read(file, type);
  }

  /**
   * The line a child prints for its parent when it fails, to be followed by the message.
   *
   * @return the prefix of a child's error line
   */
  public static String errorPrefix() {
    return ForkMain.ERROR;
  }
}
