package org.libreyolo.profile.internal.measure;

import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.capture.CaptureOptions;
import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.options.Progress;

/**
 * The A/B loop of the measurement core: two iteration bodies in one process, warmed alike, then
 * {@code pairs} pairs of blocks of {@code blockRuns} iterations, the order alternating (AB, BA,
 * ...) so neither arm always runs first. A block's value is its median iteration; each pair gives
 * one log-ratio, the unit of the A/B statistic (docs/statistics.md, "In-job A/B").
 */
public final class AlternatingBlocks {
  private AlternatingBlocks() {}

  /** Per pair, the median ms of A's and of B's block, and {@code ln(B / A)}. */
  public record Pairs(double[] aMs, double[] bMs, double[] logRatios) {}

  public static Pairs run(
      StepTimer.Iteration a,
      StepTimer.Iteration b,
      int warmup,
      int pairs,
      int blockRuns,
      Progress progress) {
    PhaseClock clock = new PhaseClock(CaptureSession.start(CaptureOptions.off()));
    int[] index = {0};
    for (int i = 0; i < warmup; i++) {
      block(a, 1, clock, index);
      block(b, 1, clock, index);
      progress.update("warmup", i + 1, warmup);
    }
    double[] aMs = new double[pairs];
    double[] bMs = new double[pairs];
    double[] logRatios = new double[pairs];
    for (int k = 0; k < pairs; k++) {
      if (k % 2 == 0) {
        aMs[k] = block(a, blockRuns, clock, index);
        bMs[k] = block(b, blockRuns, clock, index);
      } else {
        bMs[k] = block(b, blockRuns, clock, index);
        aMs[k] = block(a, blockRuns, clock, index);
      }
      logRatios[k] = Math.log(bMs[k] / aMs[k]);
      progress.update("pairs", k + 1, pairs);
    }
    return new Pairs(aMs, bMs, logRatios);
  }

  /** Median ms of {@code runs} iterations: robust to one descheduled iteration. */
  private static double block(StepTimer.Iteration body, int runs, PhaseClock clock, int[] index) {
    double[] ms = new double[runs];
    for (int i = 0; i < runs; i++) {
      ms[i] = StepTimer.iterate(body, clock, index[0]++).totalMs();
    }
    return LatencyStats.median(ms);
  }
}
