package org.libreyolo.profile.diff;

import org.libreyolo.profile.Api;

/**
 * The step's relative change with its interval, from the evidence that judged it (the gate's blocks
 * across processes): what tells a real change from noise in a diff.
 *
 * @param change the estimated change, a fraction (+0.10 = 10% slower)
 * @param low the interval's lower end, a fraction
 * @param high the interval's upper end, a fraction
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record StepChange(double change, double low, double high) {
  /**
   * Half-widths beyond this cannot tell a row's change from noise: such an interval (two forks a
   * side, say) leaves the rows ranked, not judged.
   */
  public static final double WIDEST_JUDGED = 0.25;

  /** {@return whether the interval is narrow enough to judge rows against, or excludes 0} */
  public boolean judges() {
    return real() || Math.expm1(logHalfWidth()) <= WIDEST_JUDGED;
  }

  /** {@return whether the interval excludes no change} */
  public boolean real() {
    return low > 0 || high < 0;
  }

  /**
   * {@return the interval's half-width on the log scale it was computed on (a change of +500% has a
   * wide interval in percent, not in log)}
   */
  public double logHalfWidth() {
    return (Math.log1p(high) - Math.log1p(low)) / 2;
  }

  /**
   * The noise the step shows without a real change, in ms at a step of {@code stepMs}.
   *
   * @param stepMs the step, ms
   * @return the noise, ms
   */
  public double noiseMs(double stepMs) {
    return stepMs * Math.expm1(logHalfWidth());
  }
}
