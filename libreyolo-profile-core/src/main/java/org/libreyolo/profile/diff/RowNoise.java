package org.libreyolo.profile.diff;

import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;

/**
 * The noise rule of a diff's rows (docs/diff.md, "Explained, unexplained, noise"): the change a row
 * shows between two unchanged jobs, in ms per step. One rule for the tables, the op-call timeline
 * and the differential flame graph: a row or frame counts as changed only beyond it.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class RowNoise {
  private RowNoise() {}

  /**
   * The noise of a traced row (an op call, a kernel, an op by name) of this size between two
   * unchanged jobs, at the gate's alpha over its table ({@link #familywiseZ}): its log time's
   * spread between jobs ({@link Defaults.Diff#JOB_ROW_NOISE}) and the time any op can absorb
   * ({@link Defaults.Diff#JOB_ROW_ABS_MS}: a time slice the scheduler gave a busy neighbour, page
   * faults of an allocation the other process served from its heap), both sides; at least the
   * profiler's resolution.
   *
   * @param sizeMs the row's larger side, ms per step
   * @param rows how many rows its table judges
   * @return its noise, ms per step
   */
  public static double job(double sizeMs, int rows) {
    double z = familywiseZ(rows) * Math.sqrt(2);
    double rel = sizeMs * -Math.expm1(-z * Defaults.Diff.JOB_ROW_NOISE);
    double abs = z * Defaults.Diff.JOB_ROW_ABS_MS;
    return Math.max(Defaults.Diff.ROW_FLOOR_MS, Math.sqrt(rel * rel + abs * abs));
  }

  /**
   * The noise of a Java method's time (its share of the step's samples times the step) between two
   * unchanged JVMs, one a side, at the gate's alpha over its table ({@link #familywiseZ}): both
   * sides' counting error (binomial shares), the spread of a method's time between JVMs ({@link
   * Defaults.Diff#JAVA_JOB_ROW_NOISE}: the code the JIT compiled differs between them, and a busy
   * neighbour slows some methods more than others) and the share of the step a method takes or
   * gives between them ({@link Defaults.Diff#JAVA_JOB_SHARE_NOISE}: what the JIT inlined moves
   * samples between a method and its callers).
   *
   * @param stepBeforeMs the step before, ms
   * @param stepAfterMs the step after, ms
   * @param beforeMs the row before, ms per step
   * @param afterMs the row after, ms per step
   * @param samplesBefore every sample before
   * @param samplesAfter every sample after
   * @param rows how many rows its table judges ({@link #familywiseZ})
   * @return its noise, ms per step
   */
  public static double javaRow(
      double stepBeforeMs,
      double stepAfterMs,
      double beforeMs,
      double afterMs,
      double samplesBefore,
      double samplesAfter,
      int rows) {
    double pb = share(beforeMs, stepBeforeMs);
    double pa = share(afterMs, stepAfterMs);
    // each side's spread at its own size: with the larger side's taken for both, a method made five
    // times heavier stayed within its noise wherever z >= 3.5 (a flame graph of hundreds of frames)
    double relB = Defaults.Diff.JAVA_JOB_ROW_NOISE * Math.abs(beforeMs);
    double relA = Defaults.Diff.JAVA_JOB_ROW_NOISE * Math.abs(afterMs);
    double absB = Defaults.Diff.JAVA_JOB_SHARE_NOISE * stepBeforeMs;
    double absA = Defaults.Diff.JAVA_JOB_SHARE_NOISE * stepAfterMs;
    double counting =
        stepBeforeMs * stepBeforeMs * pb * (1 - pb) / samplesBefore
            + stepAfterMs * stepAfterMs * pa * (1 - pa) / samplesAfter;
    return Math.max(
        Defaults.Diff.ROW_FLOOR_MS,
        familywiseZ(rows)
            * Math.sqrt(counting + relB * relB + relA * relA + absB * absB + absA * absA));
  }

  /**
   * The z a row of a table of {@code rows} must pass so that an unchanged pair names no row of it
   * at the gate's alpha (Bonferroni): {@link Defaults.Diff#ROW_Z} for one row, 3.3 for 20, 3.7 for
   * 100, 4.6 for 2,800. A row's time between processes has heavy tails (a JIT decision moves a
   * method's samples to its caller; a busy neighbour's time slice lands inside one op), so at
   * {@code ROW_Z} alone most unchanged pairs named a row (docs/diff.md).
   *
   * @param rows the rows judged
   * @return the z
   */
  public static double familywiseZ(int rows) {
    double alpha = 2 * (1 - NORMAL.cumulativeProbability(Defaults.Diff.ROW_Z));
    return NORMAL.inverseCumulativeProbability(1 - alpha / (2.0 * Math.max(1, rows)));
  }

  private static final org.apache.commons.math3.distribution.NormalDistribution NORMAL =
      new org.apache.commons.math3.distribution.NormalDistribution(null, 0, 1);

  private static double share(double ms, double stepMs) {
    return Math.min(1, Math.max(0, ms / Math.max(1e-12, stepMs)));
  }
}
