package org.libreyolo.profile.internal.capture;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.Category;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.StackTrace;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * Java samples of the measured iterations from JDK Flight Recorder (docs/measurement.md, "Java
 * samples"): {@code jdk.ExecutionSample} (threads running Java code) and {@code
 * jdk.NativeMethodSample} (threads inside a JNI call, the Java frame at the boundary) at one
 * period, kept for the measuring thread only and attributed to the phase each fell in. Phase ranges
 * are {@link System#nanoTime} pairs the {@code PhaseClock} keeps in a preallocated buffer (no
 * allocation inside the timed loop); a calibration event at start and stop maps them onto JFR's
 * clock.
 */
public final class JavaSampler {
  /**
   * The sampling period: JFR's "default" setting. At 10 ms (its "profile" setting) the samples cost
   * the timing about 2%, at 20 ms about half that (docs/measurement.md, "Java samples").
   */
  public static final Duration PERIOD = Duration.ofMillis(20);

  /**
   * The period inside the traced steps, whose samples go into the Chrome trace: finer than {@link
   * #PERIOD}, as a few traced steps need enough samples to draw, and their timing is not the one
   * the gate judges.
   */
  public static final Duration TRACE_PERIOD = Duration.ofMillis(5);

  /**
   * The period inside sampled steps: untimed steps after the measured ones that are there for their
   * samples (about 770 a second here), enough to tell a method's change of a third from its
   * counting error (docs/diff.md); the timing the gate judges is not sampled then.
   */
  public static final Duration SAMPLED_PERIOD = Duration.ofMillis(1);

  /**
   * One sample of the measuring thread inside an iteration.
   *
   * @param nanoTime when, on {@link System#nanoTime}'s clock
   * @param stack its methods, outermost first, the harness's frames cut
   * @param inNative whether the thread was inside a JNI call (the innermost frame is the native
   *     method)
   * @param thread the sampled thread's name, null for the measuring thread
   */
  public record Sample(long nanoTime, List<String> stack, boolean inNative, String thread) {
    boolean measuring() {
      return thread == null;
    }
  }

  /** Methods kept per phase, by self and by total samples. */
  public static final int TOP = 10;

  /**
   * Distinct stacks kept per phase for the flame graphs: the rest are a long tail of single
   * samples.
   */
  public static final int TOP_STACKS = 200;

  /** The phase given to samples inside an iteration but outside every named phase. */
  public static final String OUTSIDE = "(other)";

  @Name("libreyolo.ClockCalibration")
  @Label("libreyolo clock calibration")
  @Category("libreyolo")
  @StackTrace(false)
  static final class Calibration extends Event {
    @Label("System.nanoTime")
    long nanoTime;
  }

  private final Recording recording;
  private final Thread thread;
  private final Duration period;
  private final List<String> phaseNames = new ArrayList<>();
  private long[] ranges = new long[3 * 1024]; // phase index, start, end (System.nanoTime)
  private int used;
  private long[] iterations = new long[2 * 256]; // start, end
  private int iterationsUsed;

  private JavaSampler(Recording recording, Thread thread, Duration period) {
    this.recording = recording;
    this.thread = thread;
    this.period = period;
  }

  /**
   * Starts sampling; {@code expectedRanges} sizes the phase buffer so the timed loop never grows
   * it. Null where the JVM has no usable Flight Recorder (a measurement never fails for want of
   * samples).
   */
  public static JavaSampler start(int expectedRanges, int expectedIterations) {
    return start(expectedRanges, expectedIterations, PERIOD);
  }

  /** As {@link #start(int, int)}, sampling every {@code period}. */
  public static JavaSampler start(int expectedRanges, int expectedIterations, Duration period) {
    try {
      return started(expectedRanges, expectedIterations, period);
    } catch (RuntimeException e) { // IllegalStateException, SecurityException: JFR not available
      return null;
    }
  }

  private static JavaSampler started(int expectedRanges, int expectedIterations, Duration period) {
    Recording r = new Recording();
    r.setName("libreyolo-java-samples");
    r.enable("jdk.ExecutionSample").withPeriod(period);
    r.enable("jdk.NativeMethodSample").withPeriod(period);
    r.enable(Calibration.class).withoutStackTrace();
    r.setToDisk(true);
    JavaSampler s = new JavaSampler(r, Thread.currentThread(), period);
    s.ranges = new long[3 * Math.max(16, expectedRanges)];
    s.iterations = new long[2 * Math.max(16, expectedIterations)];
    r.start();
    calibrate();
    return s;
  }

  private static void calibrate() {
    Calibration c = new Calibration();
    c.begin();
    c.nanoTime = System.nanoTime();
    c.commit();
  }

  /** One phase range of the measuring thread. */
  public void phase(String name, long startNanos, long endNanos) {
    int index = phaseNames.indexOf(name);
    if (index < 0) {
      phaseNames.add(name);
      index = phaseNames.size() - 1;
    }
    if (used + 3 > ranges.length) {
      ranges = Arrays.copyOf(ranges, ranges.length * 2);
    }
    ranges[used++] = index;
    ranges[used++] = startNanos;
    ranges[used++] = endNanos;
  }

  /** One measured iteration's range. */
  public void iteration(long startNanos, long endNanos) {
    if (iterationsUsed + 2 > iterations.length) {
      iterations = Arrays.copyOf(iterations, iterations.length * 2);
    }
    iterations[iterationsUsed++] = startNanos;
    iterations[iterationsUsed++] = endNanos;
  }

  /**
   * Stops sampling and summarises: per phase the samples, and the top methods by self (the sample's
   * top Java frame) and by total (any frame, once per sample).
   *
   * @return the {@code java_samples} object, or null when JFR recorded nothing readable
   */
  public ObjectNode stop() {
    List<Sample> samples = stopAllSamples();
    return samples == null ? null : summarise(samples);
  }

  /** The sampling period. */
  public Duration period() {
    return period;
  }

  /** The sampled thread's name. */
  public String threadName() {
    return thread.getName();
  }

  /**
   * Stops sampling and returns the measuring thread's samples inside the iterations, in time order;
   * null when JFR recorded nothing readable.
   */
  public List<Sample> stopSamples() {
    List<Sample> all = stopAllSamples();
    return all == null ? null : all.stream().filter(Sample::measuring).toList();
  }

  /**
   * As {@link #stopSamples()}, with the samples of the process's other Java threads inside the
   * iterations (a step that starts its own threads), but not JFR's own.
   */
  private List<Sample> stopAllSamples() {
    calibrate();
    Path file = null;
    try {
      recording.stop();
      file = Files.createTempFile("libreyolo-java-samples", ".jfr");
      recording.dump(file);
      return samples(RecordingFile.readAllEvents(file));
    } catch (IOException | RuntimeException e) {
      return null; // no samples is not a failed measurement
    } finally {
      recording.close();
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException ignored) {
          // a temp file left behind
        }
      }
    }
  }

  private List<Sample> samples(List<RecordedEvent> events) {
    List<Long> offsets = new ArrayList<>(); // JFR epoch nanos - System.nanoTime
    for (RecordedEvent e : events) {
      if (e.getEventType().getName().equals("libreyolo.ClockCalibration")) {
        offsets.add(epochNanos(e.getStartTime()) - e.getLong("nanoTime"));
      }
    }
    if (offsets.isEmpty()) {
      return null;
    }
    long offset = (long) offsets.stream().mapToLong(Long::longValue).average().orElse(0);
    List<Sample> out = new ArrayList<>();
    for (RecordedEvent e : events) {
      String type = e.getEventType().getName();
      boolean isNative = type.equals("jdk.NativeMethodSample");
      if (!isNative && !type.equals("jdk.ExecutionSample")) {
        continue;
      }
      var sampled = e.getThread("sampledThread");
      if (sampled == null || e.getStackTrace() == null) {
        continue;
      }
      boolean measuring = sampled.getJavaThreadId() == thread.getId();
      String name = sampled.getJavaName() == null ? "?" : sampled.getJavaName();
      if (!measuring && (isNative || name.startsWith("JFR "))) {
        // another thread in a native call is as often idle (blocked reading a pipe) as busy; and
        // Flight Recorder's own threads are not the step's
        continue;
      }
      long at = epochNanos(e.getStartTime()) - offset;
      if (insideIteration(at)) {
        out.add(
            new Sample(
                at, stack(e.getStackTrace().getFrames()), isNative, measuring ? null : name));
      }
    }
    out.sort(java.util.Comparator.comparingLong(Sample::nanoTime));
    return out;
  }

  private ObjectNode summarise(List<Sample> samples) {
    Map<String, Tally> byPhase = new LinkedHashMap<>();
    phaseNames.forEach(p -> byPhase.put(p, new Tally()));
    Tally others = new Tally();
    Map<String, Integer> otherThreads = new java.util.TreeMap<>();
    int nativeSamples = 0;
    int total = 0;
    for (Sample sample : samples) {
      if (!sample.measuring()) {
        others.add(sample.stack(), sample.inNative());
        otherThreads.merge(sample.thread(), 1, Integer::sum);
        continue;
      }
      byPhase
          .computeIfAbsent(phaseAt(sample.nanoTime()), k -> new Tally())
          .add(sample.stack(), sample.inNative());
      nativeSamples += sample.inNative() ? 1 : 0;
      total++;
    }
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put(ProfileSchema.SOURCE, "jfr");
    out.put(ProfileSchema.PERIOD_MS, period.toMillis());
    out.put(ProfileSchema.THREAD, thread.getName());
    out.put(ProfileSchema.SAMPLES, total);
    out.put(ProfileSchema.NATIVE_SAMPLES, nativeSamples);
    ObjectNode phases = out.putObject(ProfileSchema.PHASES);
    for (Map.Entry<String, Tally> e : byPhase.entrySet()) {
      if (e.getValue().samples > 0) {
        phases.set(e.getKey(), e.getValue().json(total));
      }
    }
    if (others.samples > 0) { // not attributed to a phase: another thread's time is not the step's
      ObjectNode o = others.json(others.samples);
      o.remove(ProfileSchema.SHARE);
      ObjectNode threads = o.putObject(ProfileSchema.THREADS);
      otherThreads.forEach(threads::put);
      out.set(ProfileSchema.OTHER_THREADS, o);
    }
    return out;
  }

  /**
   * A sample's Java methods, outermost first: the measuring loop and its callers cut (in every
   * sample, they say nothing), and our frames between the loop and the user's code skipped.
   */
  private static List<String> stack(List<RecordedFrame> frames) {
    List<String> innermostFirst = new ArrayList<>();
    for (RecordedFrame f : frames) {
      if (!f.isJavaFrame()) {
        continue;
      }
      String type = f.getMethod().getType().getName();
      if (type.equals(LOOP)) {
        break;
      }
      if (HARNESS.stream().noneMatch(type::startsWith)) {
        innermostFirst.add(type + "." + f.getMethod().getName());
      }
    }
    java.util.Collections.reverse(innermostFirst);
    return java.util.Collections.unmodifiableList(innermostFirst);
  }

  private boolean insideIteration(long at) {
    for (int i = 0; i < iterationsUsed; i += 2) {
      if (at >= iterations[i] && at <= iterations[i + 1]) {
        return true;
      }
    }
    return false;
  }

  /** The innermost (latest-starting) phase containing {@code at}, else {@link #OUTSIDE}. */
  private String phaseAt(long at) {
    int best = -1;
    long bestStart = Long.MIN_VALUE;
    for (int i = 0; i < used; i += 3) {
      if (at >= ranges[i + 1] && at <= ranges[i + 2] && ranges[i + 1] >= bestStart) {
        best = (int) ranges[i];
        bestStart = ranges[i + 1];
      }
    }
    return best < 0 ? OUTSIDE : phaseNames.get(best);
  }

  private static long epochNanos(Instant t) {
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }

  /** The measuring loop's class: frames from it down are cut from every sample. */
  private static final String LOOP = "org.libreyolo.profile.internal.measure.StepTimer";

  /**
   * Our own frames between the loop and the user's code, by class-name prefix: the measuring
   * package's, and those each surface registers for its wrappers ({@link #harness}).
   */
  private static final Set<String> HARNESS =
      new java.util.concurrent.CopyOnWriteArraySet<>(
          List.of("org.libreyolo.profile.internal.measure."));

  /**
   * Registers a class whose frames sit between the measuring loop and the user's code (a surface's
   * wrapper of the step): they are skipped in every sample, its nested classes too.
   *
   * @param type the class
   */
  public static void harness(Class<?> type) {
    HARNESS.add(type.getName());
  }

  /** Samples of one phase: counts per method, self and total. */
  private static final class Tally {
    int samples;
    int nativeSamples;
    final Map<String, Integer> self = new HashMap<>();
    final Map<String, Integer> total = new HashMap<>();
    final Map<String, Integer> stacks = new HashMap<>();

    /** One sample: {@code stack} outermost first. */
    void add(List<String> stack, boolean isNative) {
      samples++;
      if (!stack.isEmpty()) {
        stacks.merge(String.join(";", stack), 1, Integer::sum);
      }
      nativeSamples += isNative ? 1 : 0;
      if (!stack.isEmpty()) {
        self.merge(stack.get(stack.size() - 1), 1, Integer::sum);
      }
      for (String method : new HashSet<>(stack)) {
        total.merge(method, 1, Integer::sum);
      }
    }

    ObjectNode json(int all) {
      ObjectNode n = JsonNodeFactory.instance.objectNode();
      n.put(ProfileSchema.SAMPLES, samples);
      n.put(ProfileSchema.SHARE, all == 0 ? 0.0 : PyRound.round((double) samples / all, 4));
      n.put(ProfileSchema.NATIVE_SAMPLES, nativeSamples);
      n.set(ProfileSchema.SELF, top(self, samples));
      n.set(ProfileSchema.TOTAL, top(total, samples));
      ArrayNode flame = n.putArray(ProfileSchema.STACKS);
      stacks.entrySet().stream()
          .sorted(
              Map.Entry.<String, Integer>comparingByValue()
                  .reversed()
                  .thenComparing(Map.Entry.comparingByKey()))
          .limit(TOP_STACKS)
          .forEach(
              e -> {
                ObjectNode row = flame.addObject();
                row.put(ProfileSchema.STACK, e.getKey());
                row.put(ProfileSchema.SAMPLES, e.getValue());
              });
      return n;
    }

    private static ArrayNode top(Map<String, Integer> counts, int samples) {
      ArrayNode rows = JsonNodeFactory.instance.arrayNode();
      counts.entrySet().stream()
          .sorted(
              Map.Entry.<String, Integer>comparingByValue()
                  .reversed()
                  .thenComparing(Map.Entry.comparingByKey()))
          .limit(TOP)
          .forEach(
              e -> {
                ObjectNode row = rows.addObject();
                row.put(ProfileSchema.METHOD, e.getKey());
                row.put(ProfileSchema.SAMPLES, e.getValue());
                row.put(ProfileSchema.SHARE, PyRound.round((double) e.getValue() / samples, 4));
              });
      return rows;
    }
  }
}
