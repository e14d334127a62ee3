package org.libreyolo.profile.internal.io;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a run must not leave behind when the JVM is stopped (Ctrl-C, SIGTERM from a CI timeout):
 * temp and raw files, the folder of its forks, and the fork JVMs themselves. A run registers each
 * while it exists and forgets it once moved into place or deleted; one shutdown hook takes the
 * write lock that every leftover-making write and every fork start holds ({@link #guarded}) and
 * keeps it, so the measuring thread, which the JVM does not stop while hooks run, can neither make
 * a file nor start a fork after the clean-up began; then it stops the registered processes and
 * deletes the registered paths. A normal exit finds nothing registered.
 */
public final class Leftovers {
  private static final Set<Path> PATHS = ConcurrentHashMap.newKeySet();
  private static final Set<Process> PROCESSES = ConcurrentHashMap.newKeySet();
  private static final ReentrantLock WRITING = new ReentrantLock();
  private static volatile boolean stopping;

  /** Held while the stopped line is said: the shutdown waits for a surface that is saying it. */
  private static final Object SAYING = new Object();

  private static boolean stoppedSaid;

  /** Work that may throw. */
  @FunctionalInterface
  public interface Work<T, E extends Exception> {
    T run() throws E;
  }

  /**
   * Runs a write that makes a file or folder to clean up (a temp file, a raw trace segment, a
   * fork's folder) under the lock the shutdown hook takes: the write completes before the clean-up,
   * or never starts.
   *
   * @param work the write
   * @return what it returns
   * @throws E what it throws
   */
  public static <T, E extends Exception> T guarded(Work<T, E> work) throws E {
    WRITING.lock();
    try {
      return work.run();
    } finally {
      WRITING.unlock();
    }
  }

  /** A write that returns nothing. */
  @FunctionalInterface
  public interface Action<E extends Exception> {
    void run() throws E;
  }

  /**
   * {@link #guarded} for a write that returns nothing.
   *
   * @param action the write
   * @throws E what it throws
   */
  public static <E extends Exception> void guard(Action<E> action) throws E {
    WRITING.lock();
    try {
      action.run();
    } finally {
      WRITING.unlock();
    }
  }

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(Leftovers::clear, "libreyolo-leftovers"));
  }

  private Leftovers() {}

  /**
   * Runs work that writes into {@code dir}: the folders it had to create are removed when the work
   * fails or the JVM stops during it (an empty {@code prof/} after Ctrl-C), and kept when it
   * completes.
   *
   * @param dir the folder the work writes into
   * @param work the work
   * @return what it returns
   * @throws E what it throws
   */
  public static <T, E extends Exception> T making(Path dir, Work<T, E> work) throws E {
    Path created = Folders.firstMissing(dir);
    track(created);
    boolean done = false;
    try {
      T out = work.run();
      done = true;
      return out;
    } finally {
      if (!done) {
        Folders.deleteQuietly(created);
      }
      forget(created);
    }
  }

  /**
   * Deletes {@code path} (a file or a folder) if the JVM stops before {@link #forget(Path)}.
   *
   * @param path the file or folder; null is ignored
   */
  public static void track(Path path) {
    if (path != null) {
      PATHS.add(path.toAbsolutePath());
    }
  }

  /**
   * The path was moved into place or deleted: nothing to do at shutdown.
   *
   * @param path the path given to {@link #track(Path)}; null is ignored
   */
  public static void forget(Path path) {
    if (path != null) {
      PATHS.remove(path.toAbsolutePath());
    }
  }

  /**
   * Stops {@code process} if this JVM stops first.
   *
   * @param process a child JVM
   */
  public static void track(Process process) {
    PROCESSES.add(process);
  }

  /**
   * The process has ended.
   *
   * @param process the process given to {@link #track(Process)}
   */
  public static void forget(Process process) {
    PROCESSES.remove(process);
  }

  /**
   * Whether the JVM is shutting down with a run's work still registered (a signal, not a normal
   * exit): what the measuring thread throws then is the clean-up's doing (a fork ended, a folder
   * gone), and a surface says "stopped" instead of that error.
   *
   * @return true once the shutdown hook found work to stop
   */
  public static boolean stopping() {
    return stopping;
  }

  /**
   * Says {@link #STOPPED} once: the measuring thread through its surface's stream or, when that
   * thread does not get there first, the shutdown hook. Said and flushed under one lock, so the
   * hook (whose end halts the JVM) never finishes while a surface is between deciding to say it and
   * saying it.
   *
   * @param say prints the line and flushes its stream
   * @return true when this call said it
   */
  public static boolean sayStopped(java.util.function.Consumer<String> say) {
    synchronized (SAYING) {
      if (stoppedSaid) {
        return false;
      }
      stoppedSaid = true;
      say.accept(STOPPED);
      return true;
    }
  }

  /** The one line a surface prints for a stopped run. */
  public static final String STOPPED =
      "stopped (SIGTERM or Ctrl-C): the run's forks ended and its partial files removed";

  private static void clear() {
    if (PROCESSES.isEmpty() && PATHS.isEmpty()) {
      return; // a normal exit, or a stop between runs: nothing to do, nothing to say
    }
    stopping = true;
    try {
      // first, and held to the end: no fork starts and no leftover-making write begins once the
      // clean-up has started (a fork started after the processes were stopped would outlive the
      // run and write into the folder just removed); such a write waits for the JVM to halt
      WRITING.tryLock(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (Process p : PROCESSES) {
      p.destroy();
    }
    for (Process p : PROCESSES) {
      try {
        if (!p.waitFor(5, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        p.destroyForcibly();
      }
    }
    for (Path path : PATHS) {
      Folders.deleteQuietly(path);
    }
    sayStopped(
        line -> {
          System.err.println(line);
          System.err.flush();
        });
  }
}
