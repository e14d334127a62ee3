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
   * The log ratio a traced row's time reaches between two unchanged jobs at the gate's alpha: both
   * sides' job spread, at {@link Defaults.Diff#ROW_Z}.
   */
  public static final double JOB_LOG_RATIO =
      Defaults.Diff.ROW_Z * Math.sqrt(2) * Defaults.Diff.JOB_ROW_NOISE;

  /** {@return the factor a row's time must change by to count on its job spread alone} */
  public static double jobFactor() {
    return Math.exp(JOB_LOG_RATIO);
  }

  /**
   * The spread between two jobs of a row of this size, and at least the profiler's resolution.
   *
   * @param sizeMs the row's larger side, ms per step
   * @return its noise, ms per step
   */
  public static double job(double sizeMs) {
    return Math.max(Defaults.Diff.ROW_FLOOR_MS, sizeMs * -Math.expm1(-JOB_LOG_RATIO));
  }

  /**
   * The counting error of a row estimated from samples: two binomial shares, two standard errors,
   * as ms of the larger step; a row seen on one side only is one sample's worth.
   *
   * @param stepBeforeMs the step before, ms
   * @param stepAfterMs the step after, ms
   * @param beforeMs the row before, ms per step (its share of the step times the step)
   * @param afterMs the row after, ms per step
   * @param samplesBefore every sample before
   * @param samplesAfter every sample after
   * @return its noise, ms per step
   */
  public static double sampling(
      double stepBeforeMs,
      double stepAfterMs,
      double beforeMs,
      double afterMs,
      double samplesBefore,
      double samplesAfter) {
    double pb = Math.min(1, beforeMs / Math.max(1e-12, stepBeforeMs));
    double pa = Math.min(1, afterMs / Math.max(1e-12, stepAfterMs));
    return 2
        * Math.max(stepBeforeMs, stepAfterMs)
        * Math.sqrt(
            pb * (1 - pb) / samplesBefore
                + pa * (1 - pa) / samplesAfter
                + 1 / (samplesBefore + samplesAfter));
  }

  /**
   * A row of Java samples: the larger of its job spread and its counting error.
   *
   * @param stepBeforeMs the step before, ms
   * @param stepAfterMs the step after, ms
   * @param beforeMs the row before, ms per step
   * @param afterMs the row after, ms per step
   * @param samplesBefore every sample before
   * @param samplesAfter every sample after
   * @return its noise, ms per step
   */
  public static double javaRow(
      double stepBeforeMs,
      double stepAfterMs,
      double beforeMs,
      double afterMs,
      double samplesBefore,
      double samplesAfter) {
    return Math.max(
        job(Math.max(Math.abs(beforeMs), Math.abs(afterMs))),
        sampling(stepBeforeMs, stepAfterMs, beforeMs, afterMs, samplesBefore, samplesAfter));
  }
}
