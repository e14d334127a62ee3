package org.libreyolo.profile.internal.measure;

import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.capture.CaptureOptions;
import org.libreyolo.profile.internal.capture.CaptureSession;
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
   * each block and {@code ln(B / A)} of those.
   */
  public record Pairs(
      double[] aMs,
      double[] bMs,
      double[] logRatios,
      double[] aMeanMs,
      double[] bMeanMs,
      double[] meanLogRatios) {}

  /**
   * @param a one iteration of arm A
   * @param b one iteration of arm B
   * @param warmup warm-up iterations of each arm, alternating, before the pairs
   * @param pairs pairs of blocks
   * @param blockRuns iterations per block
   * @param bFirst whether B leads (the warm-up and the first pair): the A/B across versions draws
   *     it per JVM, so neither side is always compiled first
   * @param progress where progress goes
   * @return the blocks, in A/B terms whichever led
   */
  public static Pairs run(
      StepTimer.Iteration a,
      StepTimer.Iteration b,
      int warmup,
      int pairs,
      int blockRuns,
      boolean bFirst,
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
    double[][] x = new double[2][];
    double[][] y = new double[2][];
    double[] aMs = new double[pairs];
    double[] bMs = new double[pairs];
    double[] aMean = new double[pairs];
    double[] bMean = new double[pairs];
    double[] logRatios = new double[pairs];
    double[] meanLogRatios = new double[pairs];
    for (int k = 0; k < pairs; k++) {
      boolean aLeads = (k % 2 == 0) != bFirst;
      if (aLeads) {
        x[0] = block(a, blockRuns, clock, index);
        y[0] = block(b, blockRuns, clock, index);
      } else {
        y[0] = block(b, blockRuns, clock, index);
        x[0] = block(a, blockRuns, clock, index);
      }
      aMs[k] = LatencyStats.median(x[0]);
      bMs[k] = LatencyStats.median(y[0]);
      aMean[k] = mean(x[0]);
      bMean[k] = mean(y[0]);
      logRatios[k] = Math.log(bMs[k] / aMs[k]);
      meanLogRatios[k] = Math.log(bMean[k] / aMean[k]);
      progress.update("pairs", k + 1, pairs);
    }
    return new Pairs(aMs, bMs, logRatios, aMean, bMean, meanLogRatios);
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
