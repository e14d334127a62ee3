package org.libreyolo.profile.internal.measure;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.function.Predicate;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.capture.CaptureOptions;
import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.internal.capture.JavaSampler;
import org.libreyolo.profile.options.Progress;

/**
 * The A/B loop of the measurement core: two iteration bodies in one process, warmed alike, then
 * {@code pairs} pairs of blocks of {@code blockRuns} iterations, the order alternating (AB, BA,
 * ...) so neither arm always runs first. Each pair gives two log-ratios: of the blocks' median
 * iterations (robust to one descheduled iteration) and of their mean iterations (what a user pays
 * per call, the collector's pauses included); either is the unit of the A/B statistic
 * (docs/statistics.md, "In-job A/B").
 */
public final class AlternatingBlocks {
  private AlternatingBlocks() {}

  /**
   * Per pair: the median ms of A's and of B's block and {@code ln(B / A)} of them; the mean ms of
   * each block and {@code ln(B / A)} of those; each arm's Java samples over its blocks of the pairs
   * ({@code java_samples}, null without Flight Recorder or when switched off).
   */
  public record Pairs(
      double[] aMs,
      double[] bMs,
      double[] logRatios,
      double[] aMeanMs,
      double[] bMeanMs,
      double[] meanLogRatios,
      Settling settling,
      ObjectNode aJavaSamples,
      ObjectNode bJavaSamples) {}

  /**
   * How the two arms were brought to the same compiled state before the pairs: alternating blocks
   * until the JIT compiled nothing for {@link #QUIET_ROUNDS} rounds in a row, or the time ran out.
   *
   * @param rounds the rounds of one block per arm run for it
   * @param settled whether the JIT went quiet (false: the pairs began while it still compiled)
   */
  public record Settling(int rounds, boolean settled) {
    /** No settling asked for. */
    public static final Settling NONE = new Settling(0, true);
  }

  /** Rounds without a compilation that count as the JIT having settled. */
  public static final int QUIET_ROUNDS = 3;

  /**
   * How long, at least, those rounds must last, in ms. The JVM adds a compilation's time when it
   * ends: a large method's C2 compilation, in flight for tens of ms on a busy machine, looks quiet
   * to rounds of short blocks, and lands (with its deoptimizations) inside the pairs. Measured on a
   * 0.06 ms Jackson call: 3 quiet rounds took 9 ms, and solo JVMs then ran whole blocks 5-8 times
   * slower for tens of ms (docs/benchmarks.md, "As it runs alone").
   */
  public static final double QUIET_MS = 250;

  /**
   * Iterations of each arm the settling runs at least (time allowing): HotSpot compiles a method
   * with a hot loop at its top tier only after about 600 calls ({@code
   * Tier4MinInvocationThreshold}); before that each copy runs its loop as on-stack-replacement
   * code, compiled when only the first arm's classes had been seen by the code both share, and the
   * switch to the full compilation would fall inside the pairs at a different moment for each arm.
   */
  public static final int MIN_SETTLE_RUNS = 600;

  /**
   * @param a one iteration of arm A
   * @param b one iteration of arm B
   * @param warmup warm-up iterations of each arm, alternating, before the pairs
   * @param pairs pairs of blocks
   * @param blockRuns iterations per block
   * @param bFirst whether B leads (the warm-up and the first pair): the A/B across versions draws
   *     it per JVM, so neither side is always compiled first
   * @param settleMs after the warm-up, alternating blocks until the JIT compiled nothing for {@link
   *     #QUIET_ROUNDS} rounds, for at most this long (0: no settling)
   * @param looks after how many pairs {@code decided} is asked whether to stop (empty: never)
   * @param decided given the log-ratios of block medians so far at a look, whether the A/B is
   *     decided and stops there
   * @param progress where progress goes
   * @return the blocks, in A/B terms whichever led; fewer than {@code pairs} when a look decided
   */
  public static Pairs run(
      StepTimer.Iteration a,
      StepTimer.Iteration b,
      int warmup,
      int pairs,
      int blockRuns,
      boolean bFirst,
      double settleMs,
      int[] looks,
      Predicate<double[]> decided,
      Progress progress) {
    PhaseClock clock = new PhaseClock(CaptureSession.start(CaptureOptions.off()));
    int[] index = {0};
    StepTimer.Iteration first = bFirst ? b : a;
    StepTimer.Iteration second = bFirst ? a : b;
    for (int i = 0; i < warmup; i++) {
      block(first, 1, clock, index);
      block(second, 1, clock, index);
      progress.update("warmup", i + 1, warmup);
    }
    Settling settling =
        settleMs > 0 ? settle(first, second, blockRuns, settleMs, clock, index) : Settling.NONE;
    // each arm's own clock over the pairs, each handing its ranges to its own sampler: two Flight
    // Recorder recordings at once, each keeping the samples inside its arm's iterations
    PhaseClock clockA = new PhaseClock(CaptureSession.start(CaptureOptions.off()));
    PhaseClock clockB = new PhaseClock(CaptureSession.start(CaptureOptions.off()));
    boolean sample = StepTimer.JFR && org.libreyolo.profile.Properties.javaSamples();
    JavaSampler samplerA =
        sample ? JavaSampler.start(pairs * blockRuns * 8, pairs * blockRuns) : null;
    JavaSampler samplerB =
        sample ? JavaSampler.start(pairs * blockRuns * 8, pairs * blockRuns) : null;
    clockA.sampleInto(samplerA);
    clockB.sampleInto(samplerB);
    double[] aMs = new double[pairs];
    double[] bMs = new double[pairs];
    double[] aMean = new double[pairs];
    double[] bMean = new double[pairs];
    double[] logRatios = new double[pairs];
    double[] meanLogRatios = new double[pairs];
    int measured = pairs;
    for (int k = 0; k < pairs; k++) {
      double[] aBlock;
      double[] bBlock;
      if ((k % 2 == 0) != bFirst) { // A leads this pair
        aBlock = block(a, blockRuns, clockA, index);
        bBlock = block(b, blockRuns, clockB, index);
      } else {
        bBlock = block(b, blockRuns, clockB, index);
        aBlock = block(a, blockRuns, clockA, index);
      }
      aMs[k] = LatencyStats.median(aBlock);
      bMs[k] = LatencyStats.median(bBlock);
      aMean[k] = mean(aBlock);
      bMean[k] = mean(bBlock);
      logRatios[k] = Math.log(bMs[k] / aMs[k]);
      meanLogRatios[k] = Math.log(bMean[k] / aMean[k]);
      progress.update("pairs", k + 1, pairs);
      if (k + 1 < pairs && isLook(looks, k + 1) && decided.test(Arrays.copyOf(logRatios, k + 1))) {
        measured = k + 1;
        break;
      }
    }
    clockA.sampleInto(null);
    clockB.sampleInto(null);
    return new Pairs(
        Arrays.copyOf(aMs, measured),
        Arrays.copyOf(bMs, measured),
        Arrays.copyOf(logRatios, measured),
        Arrays.copyOf(aMean, measured),
        Arrays.copyOf(bMean, measured),
        Arrays.copyOf(meanLogRatios, measured),
        settling,
        samplerA == null ? null : samplerA.stop(),
        samplerB == null ? null : samplerB.stop());
  }

  private static boolean isLook(int[] looks, int pairs) {
    for (int at : looks) {
      if (at == pairs) {
        return true;
      }
    }
    return false;
  }

  /**
   * Alternating blocks until each arm ran {@link #MIN_SETTLE_RUNS} iterations and the JIT has
   * compiled nothing for {@link #QUIET_ROUNDS} rounds and {@link #QUIET_MS}: both arms' code (and
   * the shared code they call) then runs as it will run in the pairs. On a busy machine the
   * compiler threads get less of the CPU and finish later; pairs that began earlier would compare
   * one arm's compiled code with the other's interpreted or C1 code.
   */
  private static Settling settle(
      StepTimer.Iteration first,
      StepTimer.Iteration second,
      int blockRuns,
      double settleMs,
      PhaseClock clock,
      int[] index) {
    java.lang.management.CompilationMXBean jit =
        java.lang.management.ManagementFactory.getCompilationMXBean();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
      return new Settling(0, false);
    }
    long start = System.nanoTime();
    long quietSince = start;
    long compiled = jit.getTotalCompilationTime();
    int quiet = 0;
    int rounds = 0;
    int runs = 0;
    while (!quiet(quiet, quietSince) || runs < MIN_SETTLE_RUNS) {
      if ((System.nanoTime() - start) / 1e6 >= settleMs) {
        break;
      }
      block(rounds % 2 == 0 ? first : second, blockRuns, clock, index);
      block(rounds % 2 == 0 ? second : first, blockRuns, clock, index);
      rounds++;
      runs += blockRuns;
      long now = jit.getTotalCompilationTime();
      if (now == compiled) {
        quiet++;
      } else {
        quiet = 0;
        quietSince = System.nanoTime();
      }
      compiled = now;
    }
    return new Settling(rounds, quiet(quiet, quietSince));
  }

  /** {@link #QUIET_ROUNDS} rounds and {@link #QUIET_MS} without a compilation. */
  private static boolean quiet(int rounds, long quietSince) {
    return rounds >= QUIET_ROUNDS && (System.nanoTime() - quietSince) / 1e6 >= QUIET_MS;
  }

  /** The ms of {@code runs} iterations. */
  private static double[] block(StepTimer.Iteration body, int runs, PhaseClock clock, int[] index) {
    double[] ms = new double[runs];
    for (int i = 0; i < runs; i++) {
      ms[i] = StepTimer.iterate(body, clock, index[0]++).totalMs();
    }
    return ms;
  }

  private static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }
}
