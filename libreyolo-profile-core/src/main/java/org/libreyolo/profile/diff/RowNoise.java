package org.libreyolo.profile.diff;

import org.libreyolo.profile.Api;

/**
 * The noise rule of a diff's rows (docs/diff.md, "Explained, unexplained, noise"): the change a row
 * shows between two unchanged jobs, in ms per step. One rule for the tables, the op-call timeline
 * and the differential flame graph: a row or frame counts as changed only beyond it.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class RowNoise {
  private RowNoise() {}

  /**
   * The standard deviation of a traced row's log time between two unchanged jobs, one process a
   * side (docs/diff.md, measured: 12 and 10 one-process jobs of two models, half beside a busy
   * process).
   */
  public static final double JOB_ROW_NOISE = 0.4;

  /**
   * The standard deviation of the time any traced row can absorb between two unchanged jobs, ms per
   * step: a busy neighbour's time slice inside one op, page faults the other process did not take
   * (docs/diff.md, measured with {@link #JOB_ROW_NOISE}).
   */
  public static final double JOB_ROW_ABS_MS = 0.3;

  /**
   * How far beyond its noise one row must move to count: the gate's alpha (0.01), two-sided; a
   * table's rows are judged together at that alpha ({@link #familywiseZ}).
   */
  public static final double ROW_Z = 2.576;

  /**
   * The standard deviation of a Java method's log time between two unchanged JVMs, beyond its
   * samples' counting error (docs/diff.md, measured: the code the JIT compiled differs between
   * processes, a busy neighbour slows some methods more than others).
   */
  public static final double JAVA_JOB_ROW_NOISE = 0.16;

  /**
   * The standard deviation of the share of the step a Java method takes or gives between two
   * unchanged JVMs (docs/diff.md, measured: what the JIT inlined moves samples between a method and
   * its callers).
   */
  public static final double JAVA_JOB_SHARE_NOISE = 0.022;

  /** The least change of a traced row that can count, ms per step (profiler resolution). */
  public static final double ROW_FLOOR_MS = 0.01;

  /**
   * The noise of a traced row (an op call, a kernel, an op by name) of this size between two
   * unchanged jobs, at the gate's alpha over its table ({@link #familywiseZ}): its log time's
   * spread between jobs ({@link #JOB_ROW_NOISE}) and the time any op can absorb ({@link
   * #JOB_ROW_ABS_MS}: a time slice the scheduler gave a busy neighbour, page faults of an
   * allocation the other process served from its heap), both sides; at least the profiler's
   * resolution.
   *
   * @param sizeMs the row's larger side, ms per step
   * @param rows how many rows its table judges
   * @return its noise, ms per step
   */
  public static double job(double sizeMs, int rows) {
    double z = familywiseZ(rows) * Math.sqrt(2);
    double rel = sizeMs * -Math.expm1(-z * JOB_ROW_NOISE);
    double abs = z * JOB_ROW_ABS_MS;
    return Math.max(ROW_FLOOR_MS, Math.sqrt(rel * rel + abs * abs));
  }

  /**
   * The noise of a Java method's time (its share of the step's samples times the step) between two
   * unchanged JVMs, one a side, at the gate's alpha over its table ({@link #familywiseZ}): both
   * sides' counting error (binomial shares), the spread of a method's time between JVMs ({@link
   * #JAVA_JOB_ROW_NOISE}: the code the JIT compiled differs between them, and a busy neighbour
   * slows some methods more than others) and the share of the step a method takes or gives between
   * them ({@link #JAVA_JOB_SHARE_NOISE}: what the JIT inlined moves samples between a method and
   * its callers).
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
    double relB = JAVA_JOB_ROW_NOISE * Math.abs(beforeMs);
    double relA = JAVA_JOB_ROW_NOISE * Math.abs(afterMs);
    double absB = JAVA_JOB_SHARE_NOISE * stepBeforeMs;
    double absA = JAVA_JOB_SHARE_NOISE * stepAfterMs;
    double counting =
        stepBeforeMs * stepBeforeMs * pb * (1 - pb) / samplesBefore
            + stepAfterMs * stepAfterMs * pa * (1 - pa) / samplesAfter;
    return Math.max(
        ROW_FLOOR_MS,
        familywiseZ(rows)
            * Math.sqrt(counting + relB * relB + relA * relA + absB * absB + absA * absA));
  }

  /**
   * The z a row of a table of {@code rows} must pass so that an unchanged pair names no row of it
   * at the gate's alpha (Bonferroni): {@link #ROW_Z} for one row, 3.3 for 20, 3.7 for 100, 4.6 for
   * 2,800. A row's time between processes has heavy tails (a JIT decision moves a method's samples
   * to its caller; a busy neighbour's time slice lands inside one op), so at {@code ROW_Z} alone
   * most unchanged pairs named a row (docs/diff.md).
   *
   * @param rows the rows judged
   * @return the z
   */
  public static double familywiseZ(int rows) {
    double alpha = 2 * (1 - NORMAL.cumulativeProbability(ROW_Z));
    return NORMAL.inverseCumulativeProbability(1 - alpha / (2.0 * Math.max(1, rows)));
  }

  private static final org.apache.commons.math3.distribution.NormalDistribution NORMAL =
      new org.apache.commons.math3.distribution.NormalDistribution(null, 0, 1);

  private static double share(double ms, double stepMs) {
    return Math.min(1, Math.max(0, ms / Math.max(1e-12, stepMs)));
  }
}
