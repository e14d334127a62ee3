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

  /** Starts profiling; returns the segment's zero in {@code System.nanoTime()} terms. */
  static long start(boolean recordShapes, boolean profileMemory) {
    Engines.get();
    LOCK.lock();
    try {
      return timedStart(recordShapes, profileMemory);
    } catch (RuntimeException e) {
      LOCK.unlock();
      throw e;
    }
  }

  /**
   * Ends the current segment into {@code rawOut} and starts the next with other settings, without
   * letting another session in between; returns the new segment's zero.
   */
  static long restart(Path rawOut, boolean recordShapes, boolean profileMemory) {
    if (!LOCK.isHeldByCurrentThread()) {
      throw new IllegalStateException("restart without start");
    }
    JniUtils.stopProfile(rawOut.toAbsolutePath().toString());
    return timedStart(recordShapes, profileMemory);
  }

  /**
   * libtorch stamps the profile's zero early inside the start call (which takes 0.1-0.4 ms), so the
   * time just before the call is the zero from Java: taken after it, or at its midpoint, a
   * forward's last ops ended 50-150 µs after the Java span around the forward.
   */
  private static long timedStart(boolean recordShapes, boolean profileMemory) {
    long before = System.nanoTime();
    JniUtils.startProfile(false, recordShapes, profileMemory);
    return before;
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
