package org.libreyolo.profile.internal.measure;

import java.util.LinkedHashMap;
import java.util.Map;
import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.internal.capture.JavaSampler;
import org.libreyolo.profile.internal.capture.Span;

/**
 * Times one iteration and its named phases. A phase is a span: closing it adds its wall time to the
 * phase (a phase entered twice in one iteration sums) and, when the iteration is traced, writes the
 * {@code step/<phase>} annotation. One clock serves every producer, so inference, training and
 * users' steps are timed the same way (docs/measurement.md).
 */
public final class PhaseClock {
  private final CaptureSession session;
  private final Map<String, Double> phases = new LinkedHashMap<>();
  private long start;
  private long allocatedAtStart;
  private JavaSampler sampler;

  /** The running iteration's Java heap allocation per phase (bytes, on this thread). */
  private final Map<String, Long> phaseAllocated = new LinkedHashMap<>();

  /**
   * Per-iteration result: wall time of the whole body and of each phase, in ms, and the bytes the
   * body allocated on this thread (JMH's {@code gc.alloc.rate.norm}; -1 where the JVM cannot
   * count).
   */
  public record Lap(
      double totalMs,
      Map<String, Double> phaseMs,
      long allocatedBytes,
      Map<String, Long> phaseAllocatedBytes) {}

  /** HotSpot's per-thread allocation counter, or null on a JVM without it. */
  private static final com.sun.management.ThreadMXBean THREADS = threads();

  private static com.sun.management.ThreadMXBean threads() {
    java.lang.management.ThreadMXBean t = java.lang.management.ManagementFactory.getThreadMXBean();
    if (t instanceof com.sun.management.ThreadMXBean hotspot
        && hotspot.isThreadAllocatedMemorySupported()) {
      hotspot.setThreadAllocatedMemoryEnabled(true);
      return hotspot;
    }
    return null;
  }

  private static long allocated() {
    return THREADS == null ? -1 : THREADS.getCurrentThreadAllocatedBytes();
  }

  public PhaseClock(CaptureSession session) {
    this.session = session;
  }

  /**
   * Hands every phase and iteration range to {@code sampler} (null: none), so Java samples can be
   * attributed to phases.
   */
  public void sampleInto(JavaSampler sampler) {
    this.sampler = sampler;
  }

  /** Begins an iteration (clears the phases of the previous one). */
  public void start() {
    phases.clear();
    phaseAllocated.clear();
    allocatedAtStart = allocated();
    start = System.nanoTime();
  }

  /** Opens a phase; close it (try-with-resources) when the phase ends. */
  public Span phase(String name) {
    Span traced = session.phase(name);
    long a0 = allocated();
    long t0 = System.nanoTime();
    return () -> {
      long t1 = System.nanoTime();
      long a1 = allocated();
      traced.close();
      phases.merge(name, (t1 - t0) / 1e6, Double::sum);
      if (a0 >= 0 && a1 >= 0) {
        phaseAllocated.merge(name, a1 - a0, Long::sum);
      }
      if (sampler != null) {
        sampler.phase(name, t0, t1);
      }
    };
  }

  /**
   * Adds a phase time the step measured itself (DJL's Predictor metrics, say): no span and no trace
   * annotation, the same sum per phase and iteration.
   */
  public void add(String name, double ms) {
    phases.merge(name, ms, Double::sum);
  }

  /** Phase times of the running iteration so far (ms). */
  public Map<String, Double> current() {
    return phases;
  }

  /** Ends the iteration. */
  public Lap stop() {
    long end = System.nanoTime();
    double total = (end - start) / 1e6;
    if (sampler != null) {
      sampler.iteration(start, end);
    }
    long allocatedNow = allocated();
    return new Lap(
        total,
        new LinkedHashMap<>(phases),
        allocatedNow < 0 ? -1 : allocatedNow - allocatedAtStart,
        new LinkedHashMap<>(phaseAllocated));
  }
}
