package org.libreyolo.profile.internal.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.io.IoErrors;
import org.libreyolo.profile.internal.io.Leftovers;
import org.libreyolo.profile.internal.trace.TraceConventions;
import org.libreyolo.profile.runtime.EngineOp;

/**
 * A profiling session: start, then steps made of named phases, then stop. It drives libtorch's
 * operator profiler and records the Java-side spans itself ({@code ProfilerStep#N} and {@code
 * step/<phase>}), then merges both into one Kineto-convention trace. Input shapes are recorded on
 * the first {@link CaptureOptions#shapeSteps()} steps only: at that step boundary the profiler is
 * restarted without them (a segment), and the segments are merged on one timeline. With tracing off
 * every call is a no-op returning {@link Span#NONE}.
 */
public final class CaptureSession implements AutoCloseable {
  private final CaptureOptions options;
  private final long origin;

  /** Finished profiler segments: DJL raw files, each with its own zero. */
  private final List<KinetoTraceWriter.Segment> segments = new ArrayList<>();

  private OperatorProfiler.Start segmentStart;
  private final boolean enabled;
  private final List<String> names = new ArrayList<>();
  private long[] spans = new long[3 * 256]; // (nameId, startNs, endNs)
  private int spanCount;
  private int stepIndex = -1;
  private int firstStepNumber;
  private long stepStart;
  private boolean stopped;
  private JavaSampler javaSampler;
  private List<JavaSampler.Sample> javaSamples;
  private final List<EngineOp> engineOps = new ArrayList<>();

  private CaptureSession(CaptureOptions options, OperatorProfiler.Start start, boolean enabled) {
    this.options = options;
    this.origin = start == null ? 0 : start.beforeNs();
    this.segmentStart = start;
    this.enabled = enabled;
  }

  /** Starts a session; with {@code options.trace()} off nothing is recorded. */
  public static CaptureSession start(CaptureOptions options) {
    if (!options.trace()) {
      return new CaptureSession(options, null, false);
    }
    return new CaptureSession(
        options, OperatorProfiler.start(options.shapeSteps() > 0, options.profileMemory()), true);
  }

  public boolean enabled() {
    return enabled;
  }

  /** Numbers the first step's marker (torch numbers from the profiler's own step counter). */
  public CaptureSession firstStepNumber(int number) {
    this.firstStepNumber = number;
    return this;
  }

  /** Ends the current step (if any) and begins the next {@code ProfilerStep#N}. */
  public void nextStep() {
    if (!enabled) {
      return;
    }
    long now = System.nanoTime();
    closeStep(now);
    stepIndex++;
    // shapes were on from the start (shapeSteps > 0); steps only count up, so this runs once
    if (options.shapeSteps() > 0 && stepIndex == options.shapeSteps()) {
      // between two markers, so the cost of writing the segment falls in no step
      Leftovers.guard(
          () -> {
            Path raw = rawFile();
            segments.add(segment(raw, OperatorProfiler.endAnchors()));
            segmentStart = OperatorProfiler.restart(raw, false, false);
          });
      now = System.nanoTime();
    }
    stepStart = now;
  }

  private void closeStep(long now) {
    if (stepIndex >= 0) { // MIN_VALUE once closed for good
      record(TraceConventions.STEP_MARKER_PREFIX + (firstStepNumber + stepIndex), stepStart, now);
    }
  }

  /**
   * Puts the Java samples of the traced steps into the trace when it is written: call after the
   * last step, before {@link #stop()}. Null (JFR unavailable) adds nothing.
   */
  public void javaSamples(JavaSampler sampler) {
    if (enabled && sampler != null) {
      closeStep(System.nanoTime()); // reading the recording is no part of the last step
      stepIndex = Integer.MIN_VALUE;
      javaSampler = sampler;
      javaSamples = sampler.stopSamples();
    }
  }

  /** {@code nanoTime} ({@link System#nanoTime}) in the trace's µs. */
  public double traceUs(long nanoTime) {
    return (nanoTime - origin) / 1000.0;
  }

  /**
   * Ops another engine's profiler recorded in the traced steps (ONNX Runtime's kernels), already on
   * the trace's clock: written beside libtorch's.
   */
  public void engineOps(List<EngineOp> ops) {
    if (enabled) {
      engineOps.addAll(ops);
    }
  }

  /** Opens a {@code step/<phase>} span; close it (try-with-resources) when the phase ends. */
  public Span phase(String phase) {
    if (!enabled) {
      return Span.NONE;
    }
    String name = TraceConventions.PHASE_PREFIX + phase;
    long start = System.nanoTime();
    return () -> record(name, start, System.nanoTime());
  }

  private void record(String name, long start, long end) {
    int id = names.indexOf(name);
    if (id < 0) {
      id = names.size();
      names.add(name);
    }
    if (3 * spanCount + 3 > spans.length) {
      spans = Arrays.copyOf(spans, spans.length * 2);
    }
    spans[3 * spanCount] = id;
    spans[3 * spanCount + 1] = start;
    spans[3 * spanCount + 2] = end;
    spanCount++;
  }

  /**
   * Stops the profiler and writes the merged trace atomically; returns its path, or null when
   * tracing was off.
   */
  public Path stop() {
    if (stopped) {
      throw new IllegalStateException("session already stopped");
    }
    stopped = true;
    if (!enabled) {
      return null;
    }
    closeStep(System.nanoTime());
    Path target = options.traceFile();
    Path raw;
    try {
      raw = Leftovers.guarded(this::rawFile);
    } catch (LibreYoloException e) {
      stopped = false;
      close();
      throw e;
    }
    try {
      Leftovers.guard(
          () -> {
            segments.add(segment(raw, OperatorProfiler.endAnchors()));
            OperatorProfiler.stop(raw);
          });
      List<KinetoTraceWriter.Annotation> annotations = new ArrayList<>(spanCount);
      for (int i = 0; i < spanCount; i++) {
        annotations.add(
            new KinetoTraceWriter.Annotation(
                names.get((int) spans[3 * i]),
                (spans[3 * i + 1] - origin) / 1000.0,
                (spans[3 * i + 2] - spans[3 * i + 1]) / 1000.0));
      }
      KinetoTraceWriter.merge(
          segments,
          annotations,
          javaSamples == null
              ? null
              : JavaSampleTrack.of(
                  javaSamples, origin, javaSampler.period(), javaSampler.threadName()),
          engineOps,
          target);
      return target;
    } finally {
      deleteSegments();
    }
  }

  /**
   * The running segment, to be written to {@code raw}, with its clock marks relative to the origin.
   */
  private KinetoTraceWriter.Segment segment(Path raw, OperatorProfiler.End end) {
    // half the wider bracket: how far the anchors' middles can be from where libtorch stamped them
    double alignmentUs =
        Math.max(
                segmentStart.anchorEndNs() - segmentStart.anchorStartNs(),
                end.anchorEndNs() - end.anchorStartNs())
            / 2000.0;
    return new KinetoTraceWriter.Segment(
        raw,
        segmentStart.anchors(),
        segmentStart.best(),
        (segmentStart.anchorMidNs() - origin) / 1000.0,
        (segmentStart.beforeNs() - origin) / 1000.0,
        segmentStart.calibration(),
        end.anchors(),
        end.best(),
        (end.anchorMidNs() - origin) / 1000.0,
        alignmentUs);
  }

  /**
   * A temp file for one raw DJL segment, beside the trace (same file system as the final rename).
   */
  private Path rawFile() {
    Path parent = options.traceFile().toAbsolutePath().getParent();
    try {
      Files.createDirectories(parent);
      Path raw = Files.createTempFile(parent, ".djl-raw-", ".json");
      Leftovers.track(raw); // deleted if the JVM stops mid-trace (Ctrl-C)
      return raw;
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot write the trace under " + parent + ": " + IoErrors.why(e), e);
    }
  }

  private void deleteSegments() {
    for (KinetoTraceWriter.Segment segment : segments) {
      try {
        Files.deleteIfExists(segment.raw());
        Leftovers.forget(segment.raw());
      } catch (IOException ignored) {
        // a leftover temp file is harmless; the trace itself was written atomically
      }
    }
    segments.clear();
  }

  /** Stops without writing anything if {@link #stop()} was not called (e.g. on an error). */
  @Override
  public void close() {
    if (!stopped) {
      stopped = true;
      if (enabled) {
        Path discard =
            Path.of(
                System.getProperty("java.io.tmpdir"),
                "libreyolo-discarded-" + System.nanoTime() + ".json");
        OperatorProfiler.stop(discard);
        try {
          Files.deleteIfExists(discard);
        } catch (IOException e) {
          // nothing to keep
        }
        deleteSegments();
      }
    }
  }
}
