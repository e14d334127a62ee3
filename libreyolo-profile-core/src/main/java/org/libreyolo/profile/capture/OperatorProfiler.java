package org.libreyolo.profile.capture;

import ai.djl.pytorch.jni.JniUtils;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;
import org.libreyolo.profile.engine.Engines;

/**
 * Sole owner of libtorch's process-global operator profiler (DJL's legacy, CPU-only
 * {@code JniUtils.startProfile/stopProfile}). One profiled section at a time in the process:
 * a second caller waits until the first stops.
 */
final class OperatorProfiler {
  private static final ReentrantLock LOCK = new ReentrantLock(true);

  private OperatorProfiler() {}

  /** Starts profiling; returns {@code System.nanoTime()} taken right after the start (the trace's zero). */
  static long start(boolean recordShapes, boolean profileMemory) {
    Engines.get();
    LOCK.lock();
    try {
      JniUtils.startProfile(false, recordShapes, profileMemory);
      return System.nanoTime();
    } catch (RuntimeException e) {
      LOCK.unlock();
      throw e;
    }
  }

  /** Stops profiling and writes DJL's raw trace to {@code rawOut}. */
  static void stop(Path rawOut) {
    try {
      JniUtils.stopProfile(rawOut.toAbsolutePath().toString());
    } finally {
      LOCK.unlock();
    }
  }

  static boolean heldByCurrentThread() {
    return LOCK.isHeldByCurrentThread();
  }
}
