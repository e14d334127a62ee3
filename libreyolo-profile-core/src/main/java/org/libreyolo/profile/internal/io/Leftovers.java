package org.libreyolo.profile.internal.io;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a run must not leave behind when the JVM is stopped (Ctrl-C, SIGTERM from a CI timeout):
 * temp and raw files, the folder of its forks, and the fork JVMs themselves. A run registers each
 * while it exists and forgets it once moved into place or deleted; one shutdown hook stops the
 * registered processes first (so none still writes), then takes the write lock that every
 * leftover-making write holds ({@link #guarded}) and keeps it, so the measuring thread, which the
 * JVM does not stop while hooks run, cannot make a file after the clean-up; then it deletes the
 * registered paths. A normal exit finds nothing registered.
 */
public final class Leftovers {
  private static final Set<Path> PATHS = ConcurrentHashMap.newKeySet();
  private static final Set<Process> PROCESSES = ConcurrentHashMap.newKeySet();
  private static final ReentrantLock WRITING = new ReentrantLock();

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

  private static void clear() {
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
    try {
      // held to the end: a write that comes later waits for the JVM to halt
      WRITING.tryLock(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (Path path : PATHS) {
      Folders.deleteQuietly(path);
    }
  }
}
