package org.libreyolo.profile.internal.capture;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.pytorch.jni.JniUtils;
import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;
import org.libreyolo.profile.internal.engine.Engines;

/**
 * Sole owner of libtorch's process-global operator profiler (DJL's legacy, CPU-only {@code
 * JniUtils.startProfile/stopProfile}). One profiled section at a time in the process: a second
 * caller waits until the first stops.
 */
final class OperatorProfiler {
  private static final ReentrantLock LOCK = new ReentrantLock(true);

  /**
   * The anchor op run right after every start, found again in the raw trace to align the clocks.
   */
  static final String ANCHOR_OP = "aten::add_";

  /**
   * Two one-element zeros (adding them changes nothing): an op with almost no Java work around it.
   */
  private static NDArray anchorX;

  private static NDArray anchorY;

  private OperatorProfiler() {}

  /**
   * One (re)start of the profiler in {@code System.nanoTime()} terms: just before the start call
   * (the fallback zero), and around the anchor ops that follow it. libtorch stamps its zero
   * somewhere inside the start call, which takes 0.1 ms to several ms, so neither end of the call
   * is the zero; an anchor op's span in the trace, matched to the Java time around it, pins the
   * offset to a few µs. A pause (GC, JIT) around an anchor widens its bracket, so up to {@link
   * #ANCHOR_TRIES} are run and the tightest one ({@code best}) is used.
   */
  record Start(
      long beforeNs,
      long anchorStartNs,
      long anchorEndNs,
      int anchors,
      int best,
      Calibration calibration) {
    long anchorMidNs() {
      return anchorStartNs + (anchorEndNs - anchorStartNs) / 2;
    }
  }

  /**
   * The anchor ops run just before a segment ends, bracketed in {@code System.nanoTime()} terms as
   * at the start. With both ends the writer maps the segment's clock onto Java's linearly: on some
   * VMs libtorch's clock runs a fraction of a percent off Java's, about 1 ms over a 150 ms segment.
   */
  record End(long anchorStartNs, long anchorEndNs, int anchors, int best) {
    long anchorMidNs() {
      return anchorStartNs + (anchorEndNs - anchorStartNs) / 2;
    }
  }

  /** Runs the end anchors of the running segment (call right before it is stopped or restarted). */
  static End endAnchors() {
    if (!LOCK.isHeldByCurrentThread()) {
      throw new IllegalStateException("end anchors without start");
    }
    long[] bracket = tightestAnchor();
    return new End(bracket[0], bracket[1], (int) bracket[2], (int) bracket[3]);
  }

  /**
   * The profiler's own cost per recorded op, measured right after each (re)start: {@code ops}
   * one-element {@code add_} calls timed with the profiler on against the same calls just before it
   * started. They are recorded after the anchors and dropped from the trace like them; their
   * recorded durations tell how much of the cost falls inside an op's span (docs/profiler-cost.md).
   */
  record Calibration(int ops, double plainNsPerOp, double profiledNsPerOp) {
    double perOpUs() {
      return Math.max(0, profiledNsPerOp - plainNsPerOp) / 1000.0;
    }
  }

  /**
   * Calibration ops per start: ~0.5-3 ms, long enough to average out a timer tick or a page fault.
   */
  static final int CALIBRATION_OPS = 512;

  /**
   * Enough tries to find a tight bracket beside a busy process (each is a few µs; a loaded 2-core
   * VM often preempts several in a row), stopping at the first tight one.
   */
  private static final int ANCHOR_TRIES = 32;

  private static final long TIGHT_NS = 20_000;

  /** Starts profiling. */
  static Start start(boolean recordShapes, boolean profileMemory) {
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
   * letting another session in between.
   */
  static Start restart(Path rawOut, boolean recordShapes, boolean profileMemory) {
    if (!LOCK.isHeldByCurrentThread()) {
      throw new IllegalStateException("restart without start");
    }
    JniUtils.stopProfile(rawOut.toAbsolutePath().toString());
    return timedStart(recordShapes, profileMemory);
  }

  private static Start timedStart(boolean recordShapes, boolean profileMemory) {
    if (anchorX == null) {
      NDManager process = NDManager.newBaseManager();
      anchorX = process.zeros(new Shape(1));
      anchorY = process.zeros(new Shape(1));
    }
    // the loop is JIT-compiled by the later passes; the fastest pass is the plain cost
    double plain = Math.min(addNsPerOp(), Math.min(addNsPerOp(), addNsPerOp()));
    long before = System.nanoTime();
    JniUtils.startProfile(false, recordShapes, profileMemory);
    long[] bracket = tightestAnchor();
    double profiled = addNsPerOp();
    return new Start(
        before,
        bracket[0],
        bracket[1],
        (int) bracket[2],
        (int) bracket[3],
        new Calibration(CALIBRATION_OPS, plain, profiled));
  }

  /**
   * Up to {@link #ANCHOR_TRIES} anchor ops, stopping at the first tight one: {@code {start ns, end
   * ns, tries, best}} of the tightest.
   */
  private static long[] tightestAnchor() {
    long bestStart = 0;
    long bestEnd = Long.MAX_VALUE;
    int best = 0;
    int tries = 0;
    while (tries < ANCHOR_TRIES && bestEnd - bestStart > TIGHT_NS) {
      long start = System.nanoTime();
      anchorX.addi(anchorY);
      long end = System.nanoTime();
      if (end - start < bestEnd - bestStart) {
        bestStart = start;
        bestEnd = end;
        best = tries;
      }
      tries++;
    }
    return new long[] {bestStart, bestEnd, tries, best};
  }

  /**
   * Mean ns of one anchor {@code add_} over {@link #CALIBRATION_OPS} calls (adding zero changes
   * nothing).
   */
  private static double addNsPerOp() {
    long t0 = System.nanoTime();
    for (int i = 0; i < CALIBRATION_OPS; i++) {
      anchorX.addi(anchorY);
    }
    return (System.nanoTime() - t0) / (double) CALIBRATION_OPS;
  }

  /** Stops profiling and writes DJL's raw trace to {@code rawOut}. */
  static void stop(Path rawOut) {
    try {
      JniUtils.stopProfile(rawOut.toAbsolutePath().toString());
    } finally {
      LOCK.unlock();
    }
  }
}
