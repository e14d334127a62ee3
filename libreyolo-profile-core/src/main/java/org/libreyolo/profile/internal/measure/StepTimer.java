package org.libreyolo.profile.internal.measure;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.analysis.TraceAnalyzer;
import org.libreyolo.profile.internal.capture.CaptureOptions;
import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.internal.capture.JavaSampler;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * The one measurement loop of every producer: warmup iterations, measured iterations timed by a
 * {@link PhaseClock}, then (with a trace file) {@link TraceAnalyzer#TRACE_STEPS} extra traced
 * iterations. Tracing runs after the timed iterations, never during them: DJL's operator profiler
 * costs about as much as the step it records (docs/measurement.md). A producer supplies only the
 * body of one iteration.
 */
public final class StepTimer {
  private StepTimer() {}

  /**
   * One iteration of the measured step. {@code index} counts every call, warmup and traced
   * included.
   */
  @FunctionalInterface
  public interface Iteration {
    void run(PhaseClock clock, int index) throws Exception;

    /**
     * Per-iteration setup, run before the clock starts (JMH's {@code Level.Invocation}): not timed.
     */
    default void prepare(int index) throws Exception {}

    /** Per-iteration teardown, run after the clock stops: not timed. */
    default void finish(int index) throws Exception {}

    /**
     * Before the traced iterations: a model whose engine has its own profiler starts it (ONNX
     * Runtime). Not timed.
     */
    default void traceStarting(CaptureSession session) throws Exception {}

    /**
     * After the traced iterations, before the trace is written: that profiler's ops go to {@code
     * session}.
     */
    default void traceStopping(CaptureSession session) throws Exception {}
  }

  /**
   * @param warmup discarded iterations
   * @param runs measured iterations
   * @param traceFile where the trace of the extra steps goes, or null for no trace
   * @param traceSteps traced extra iterations (ignored without a trace file)
   * @param runsLabel what the progress bar calls the measured iterations ("runs", "steps")
   * @param stagePrefix progress prefix, e.g. "trial 2/3 "
   * @param javaSamples whether Java samples are taken
   * @param sampledMs with Java samples: how long extra untimed steps after the measured ones are
   *     sampled at {@link JavaSampler#SAMPLED_PERIOD} instead of sampling the measured ones at
   *     {@link JavaSampler#PERIOD} (0: the measured ones), for enough samples to tell a method's
   *     change from its counting error (docs/diff.md)
   */
  public record Plan(
      int warmup,
      int runs,
      Path traceFile,
      int traceSteps,
      String runsLabel,
      String stagePrefix,
      boolean javaSamples,
      double sampledMs) {
    /** Java samples of the measured steps, or none. */
    public Plan(
        int warmup,
        int runs,
        Path traceFile,
        int traceSteps,
        String runsLabel,
        String stagePrefix,
        boolean javaSamples) {
      this(warmup, runs, traceFile, traceSteps, runsLabel, stagePrefix, javaSamples, 0);
    }

    /**
     * {@return this plan, its Java samples taken in {@code ms} of sampled steps after the measured
     * ones}
     *
     * @param ms how long the sampled steps run (0: none, the measured steps are sampled)
     */
    public Plan withSampledMs(double ms) {
      return new Plan(warmup, runs, traceFile, traceSteps, runsLabel, stagePrefix, javaSamples, ms);
    }

    /** Java samples of every measured step, unless switched off (docs/measurement.md). */
    public Plan(
        int warmup,
        int runs,
        Path traceFile,
        int traceSteps,
        String runsLabel,
        String stagePrefix) {
      this(
          warmup,
          runs,
          traceFile,
          traceSteps,
          runsLabel,
          stagePrefix,
          org.libreyolo.profile.Properties.javaSamples());
    }

    public Plan {
      if (warmup < 0 || runs < 1 || traceSteps < 0 || !(sampledMs >= 0)) {
        throw new IllegalArgumentException(
            "warmup >= 0, runs >= 1 and traceSteps >= 0 needed, got "
                + warmup
                + ", "
                + runs
                + ", "
                + traceSteps);
      }
      traceSteps = traceFile == null ? 0 : traceSteps;
    }
  }

  /**
   * Traced extra steps by default: all the analysis window reads, fewer when fewer iterations were
   * measured.
   */
  public static int traceSteps(int runs) {
    return Math.min(runs, TraceAnalyzer.TRACE_STEPS);
  }

  /**
   * The measured iterations as the gate's unit of evidence: consecutive blocks of {@code
   * runsPerBlock} iterations, with {@code canaryRuns} calls of the canary before the first block
   * and after every block (docs/statistics.md, "Blocks and the canary").
   */
  public record Blocks(int runsPerBlock, int canaryRuns, Canary canary, boolean normalised) {
    /** Measured iterations per block, as every producer times them. */
    public static final int RUNS_PER_BLOCK = 5;

    /** Canary calls at each block boundary. */
    public static final int CANARY_RUNS = 3;

    /**
     * The blocks every producer times: {@link #RUNS_PER_BLOCK} iterations, {@link #CANARY_RUNS}
     * canary calls around each.
     *
     * @param canary the canary
     * @param normalised whether the gate divides the step by the canary
     * @return the plan
     */
    public static Blocks standard(Canary canary, boolean normalised) {
      return new Blocks(RUNS_PER_BLOCK, CANARY_RUNS, canary, normalised);
    }

    public Blocks {
      if (runsPerBlock < 1 || canaryRuns < 1) {
        throw new IllegalArgumentException(
            "runsPerBlock >= 1 and canaryRuns >= 1 needed, got "
                + runsPerBlock
                + ", "
                + canaryRuns);
      }
    }
  }

  public static Measurement run(Plan plan, Iteration body, Progress progress) {
    return run(plan, body, null, progress);
  }

  /**
   * With {@code blocks} (may be null) the canary runs between blocks and the measurement carries
   * its series.
   */
  public static Measurement run(Plan plan, Iteration body, Blocks blocks, Progress progress) {
    CaptureSession untraced = CaptureSession.start(CaptureOptions.off());
    PhaseClock clock = new PhaseClock(untraced);
    int index = 0;
    double warmupMs = 0;
    for (int i = 0; i < plan.warmup(); i++) {
      warmupMs += iterate(body, clock, index++).totalMs();
      if (blocks != null) {
        blocks.canary().run();
      }
      progress.update(plan.stagePrefix() + "warmup", i + 1, plan.warmup());
    }
    double[] total = new double[plan.runs()];
    double[] allocated = new double[plan.runs()];
    HostMemory memory = HostMemory.start();
    // Flight Recorder's first start costs ~0.4 s: not for runs too short to give a few samples
    double expectedMs = plan.warmup() == 0 ? Double.NaN : warmupMs / plan.warmup() * plan.runs();
    boolean tooShort = expectedMs < MIN_SAMPLED_PERIODS * JavaSampler.PERIOD.toMillis();
    // sampled steps where the measured ones, at the coarse period, would give fewer samples
    boolean sampledSteps =
        plan.javaSamples()
            && JFR
            && plan.sampledMs() > 0
            && !(expectedMs / JavaSampler.PERIOD.toMillis()
                >= plan.sampledMs() / JavaSampler.SAMPLED_PERIOD.toMillis());
    JavaSampler sampler =
        plan.javaSamples() && JFR && !tooShort && !sampledSteps
            ? JavaSampler.start(plan.runs() * 8, plan.runs())
            : null;
    clock.sampleInto(sampler);
    Map<String, double[]> phases = new LinkedHashMap<>();
    Map<String, double[]> phaseAllocated = new LinkedHashMap<>();
    int blockCount = blocks == null ? 0 : Math.max(1, plan.runs() / blocks.runsPerBlock());
    double[] canaryMs = new double[blockCount + 1];
    if (blocks != null) {
      canaryMs[0] = canaryBlock(blocks);
    }
    for (int m = 0; m < plan.runs(); m++) {
      PhaseClock.Lap lap = iterate(body, clock, index++);
      total[m] = lap.totalMs();
      allocated[m] = lap.allocatedBytes();
      for (Map.Entry<String, Double> e : lap.phaseMs().entrySet()) {
        phases.computeIfAbsent(e.getKey(), k -> new double[plan.runs()])[m] = e.getValue();
      }
      for (Map.Entry<String, Long> e : lap.phaseAllocatedBytes().entrySet()) {
        phaseAllocated.computeIfAbsent(e.getKey(), k -> new double[plan.runs()])[m] = e.getValue();
      }
      boolean blockEnds =
          blocks != null && BlockSeries.endsBlock(m, plan.runs(), blocks.runsPerBlock());
      if (blockEnds) {
        canaryMs[BlockSeries.blockOf(m, plan.runs(), blocks.runsPerBlock()) + 1] =
            canaryBlock(blocks);
      }
      // stderr stays quiet inside a timed block: progress where the canary runs, between blocks
      if (blocks == null || blockEnds) {
        progress.update(plan.stagePrefix() + plan.runsLabel(), m + 1, plan.runs());
      }
    }
    clock.sampleInto(null);
    org.libreyolo.profile.result.ProfileRows.HostMemory hostMemory = memory.stop(plan.runs());
    ObjectNode javaSamples = sampler == null ? null : sampler.stop();
    if (sampledSteps) {
      int[] next = {index};
      javaSamples = sampledSteps(plan, body, total, next, progress);
      index = next[0];
    }
    if (plan.javaSamples() && javaSamples == null) {
      javaSamples =
          noSamples(
              !JFR
                  ? NO_JFR
                  : tooShort
                      ? String.format(
                          java.util.Locale.ROOT,
                          "the measured runs last about %.0f ms, under %d sampling periods of %d ms",
                          expectedMs,
                          MIN_SAMPLED_PERIODS,
                          JavaSampler.PERIOD.toMillis())
                      : "Flight Recorder recorded nothing readable");
    }
    BlockSeries series =
        blocks == null
            ? null
            : BlockSeries.of(
                total,
                blocks.runsPerBlock(),
                canaryMs,
                blocks.canary().name(),
                blocks.normalised());
    Path trace = null;
    int steps = plan.traceSteps();
    if (steps > 0) {
      try (CaptureSession session =
          CaptureSession.start(CaptureOptions.tracing(plan.traceFile())).firstStepNumber(index)) {
        PhaseClock traced = new PhaseClock(session);
        JavaSampler java =
            plan.javaSamples() && JFR
                ? JavaSampler.start(steps * 8, steps, JavaSampler.TRACE_PERIOD)
                : null;
        traced.sampleInto(java);
        engineProfiler(() -> body.traceStarting(session));
        for (int m = 0; m < steps; m++) {
          session.nextStep();
          iterate(body, traced, index++);
          progress.update(plan.stagePrefix() + "trace", m + 1, steps);
        }
        traced.sampleInto(null);
        engineProfiler(() -> body.traceStopping(session));
        session.javaSamples(java);
        trace = session.stop();
      }
    }
    return new Measurement(
        total, phases, trace, series, allocated, javaSamples, hostMemory, phaseAllocated);
  }

  /**
   * Java samples of extra untimed steps after the measured ones, at the fine period: about {@code
   * plan.sampledMs()} of steps (at least one), from {@code next[0]} on. The measured steps' mean
   * sizes the sampler's buffers; the loop watches the clock, as its steps are not timed.
   */
  private static ObjectNode sampledSteps(
      Plan plan, Iteration body, double[] measuredMs, int[] next, Progress progress) {
    double meanMs = java.util.Arrays.stream(measuredMs).average().orElse(1);
    int expected = (int) Math.min(MAX_SAMPLED_STEPS, Math.ceil(plan.sampledMs() / meanMs) + 1);
    JavaSampler sampler = JavaSampler.start(expected * 8, expected, JavaSampler.SAMPLED_PERIOD);
    if (sampler == null) {
      return null;
    }
    PhaseClock clock = new PhaseClock(CaptureSession.start(CaptureOptions.off()));
    clock.sampleInto(sampler);
    long until = System.nanoTime() + (long) (plan.sampledMs() * 1e6);
    int steps = 0;
    do {
      iterate(body, clock, next[0]++);
      steps++;
      if (steps % 16 == 0) {
        progress.update(plan.stagePrefix() + "samples", steps, expected);
      }
    } while (System.nanoTime() < until && steps < MAX_SAMPLED_STEPS);
    progress.update(plan.stagePrefix() + "samples", steps, steps);
    clock.sampleInto(null);
    ObjectNode samples = sampler.stop();
    if (samples != null) {
      samples.put(ProfileSchema.SAMPLED_STEPS, steps);
    }
    return samples;
  }

  /** Sampled steps at most: a step of microseconds is sampled for fewer than the planned ms. */
  static final int MAX_SAMPLED_STEPS = 100_000;

  /**
   * Whether this JVM has Flight Recorder: checked without touching {@link JavaSampler}, whose
   * classes cannot load without the module (docs/measurement.md, "Java samples").
   */
  static final boolean JFR = ModuleLayer.boot().findModule("jdk.jfr").isPresent();

  /** Fewer expected samples than this: not worth Flight Recorder's start. */
  static final int MIN_SAMPLED_PERIODS = 2;

  private static final String NO_JFR = "this JVM has no Flight Recorder (module jdk.jfr)";

  /** The {@code java_samples} of a run that wanted samples and got none, saying why. */
  private static ObjectNode noSamples(String why) {
    ObjectNode out = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    out.put(ProfileSchema.SOURCE, "none");
    out.put(ProfileSchema.WHY, why);
    out.put(ProfileSchema.SAMPLES, 0);
    return out;
  }

  /** Median ms of one canary block. */
  private static double canaryBlock(Blocks blocks) {
    double[] ms = new double[blocks.canaryRuns()];
    for (int i = 0; i < ms.length; i++) {
      long start = System.nanoTime();
      blocks.canary().run();
      ms[i] = (System.nanoTime() - start) / 1e6;
    }
    return LatencyStats.median(ms);
  }

  private interface Hook {
    void run() throws Exception;
  }

  private static void engineProfiler(Hook hook) {
    try {
      hook.run();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new StepFailedException(e);
    }
  }

  /** One timed call of {@code body}; the A/B loop times its blocks with it too. */
  static PhaseClock.Lap iterate(Iteration body, PhaseClock clock, int index) {
    try {
      body.prepare(index);
      clock.start();
      body.run(clock, index);
      PhaseClock.Lap lap = clock.stop();
      body.finish(index);
      return lap;
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new StepFailedException(e);
    }
  }

  /**
   * A checked exception thrown by a measured step, carried out of the loop unchanged as the cause.
   */
  public static final class StepFailedException extends RuntimeException {
    StepFailedException(Exception cause) {
      super("the measured step threw " + cause, cause);
    }
  }
}
