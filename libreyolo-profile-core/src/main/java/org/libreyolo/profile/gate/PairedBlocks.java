package org.libreyolo.profile.gate;

import org.apache.commons.math3.distribution.TDistribution;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;

/**
 * The in-job A/B statistic: A and B measured in the same process in alternating blocks (ABBA), each
 * pair of blocks giving one log-ratio of block medians. The pairs, not the iterations, are the
 * independent unit: a pair shares the process and its minute on the machine, so slow drift cancels
 * inside it. The change is {@code exp(mean log-ratio) - 1} with a t interval over the pairs, and
 * the verdict has three outcomes (docs/statistics.md, "In-job A/B").
 *
 * @param pairs A/B pairs, at least 4
 * @param change the estimated change, a fraction (+0.10 = 10% slower)
 * @param ciLow the interval's lower end, a fraction
 * @param ciHigh the interval's upper end, a fraction
 * @param mde the minimum detectable effect, a fraction
 * @param verdict the verdict
 * @param why the reason, in words
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record PairedBlocks(
    int pairs,
    double change,
    double ciLow,
    double ciHigh,
    double mde,
    Verdict verdict,
    String why) {
  /** A t interval needs a spread: fewer pairs cannot give one worth reading. */
  public static final int MIN_PAIRS = 4;

  /** More pairs than this would run for hours: a typo, not a measurement. */
  public static final int MAX_PAIRS = 100_000;

  /**
   * Refuses fewer pairs than a paired interval needs, or absurdly many, naming the option.
   *
   * @param pairs the pairs asked for
   */
  public static void checkPairs(int pairs) {
    if (pairs < MIN_PAIRS) {
      throw LibreYoloException.badInput(
          "{pairs} must be >= " + MIN_PAIRS + " for a paired interval, got " + pairs);
    }
    if (pairs > MAX_PAIRS) {
      throw LibreYoloException.badInput(
          "{pairs} must be at most "
              + MAX_PAIRS
              + " (each pair is two blocks of the step: more is a typo, not a measurement), got "
              + pairs);
    }
  }

  /**
   * @param logRatios per pair, {@code ln(median B / median A)}
   * @param alpha the interval is two-sided at {@code 1 - alpha}
   * @param threshold the relative change that counts (0.02 = 2%)
   * @return the verdict with its interval and MDE
   */
  public static PairedBlocks of(double[] logRatios, double alpha, double threshold) {
    int k = logRatios.length;
    checkPairs(k);
    double mean = 0;
    for (double r : logRatios) {
      mean += r;
    }
    mean /= k;
    double ss = 0;
    for (double r : logRatios) {
      ss += (r - mean) * (r - mean);
    }
    double se = Math.sqrt(ss / (k - 1) / k);
    double t = new TDistribution(null, k - 1).inverseCumulativeProbability(1 - alpha / 2);
    double tPower = new TDistribution(null, k - 1).inverseCumulativeProbability(0.8);
    double low = Math.expm1(mean - t * se);
    double high = Math.expm1(mean + t * se);
    double mde = Math.expm1((t + tPower) * se);
    VerdictRule.Call call =
        VerdictRule.judge(Math.expm1(mean), low, high, threshold, mde, "add pairs");
    return new PairedBlocks(k, Math.expm1(mean), low, high, mde, call.verdict(), call.why());
  }
}
