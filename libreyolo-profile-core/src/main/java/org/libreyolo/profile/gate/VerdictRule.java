package org.libreyolo.profile.gate;

import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.internal.python.PyRound;

/**
 * The one rule every gate applies (the stored-baseline rows, the in-job A/B, the JUnit gate), on
 * the estimated slowdown and its interval (positive: slower), against the threshold:
 *
 * <ul>
 *   <li>REGRESSION when the slowdown is significant (the interval's lower end above 0) and its
 *       estimate is at least the threshold;
 *   <li>IMPROVED when the speed-up is significant (the upper end below 0) and at least the
 *       threshold;
 *   <li>PASS when the interval's upper end is below the threshold (no slowdown of that size);
 *   <li>otherwise INCONCLUSIVE, naming what the measurement could detect.
 * </ul>
 *
 * As asv, Bencher and Perfherder flag a change: significant and at least the threshold, so a well
 * measured +10% fails at a 5% threshold without an interval narrower than 5%. Unchanged code fails
 * only when the interval misses 0 on the slow side, at most {@code alpha / 2} of the time, and then
 * only with an estimate of at least the threshold (docs/statistics.md, "The gate").
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class VerdictRule {
  private VerdictRule() {}

  /**
   * The rule in words, one sentence per verdict, for every report (text, markdown, JSON, HTML).
   *
   * @param verdict REGRESSION, IMPROVED or PASS
   * @param threshold the threshold as the report names it ("threshold", "5.0% threshold")
   * @return the sentence; empty for INCONCLUSIVE, whose reason names what the run could detect
   */
  public static String sentence(Verdict verdict, String threshold) {
    return switch (verdict) {
      case REGRESSION -> "significantly slower, by at least the " + threshold;
      case IMPROVED -> "significantly faster, by at least the " + threshold;
      case PASS -> "the interval excludes a slowdown of the " + threshold;
      default -> "";
    };
  }

  /**
   * The level of a two-sided interval at {@code alpha}, as every report names it.
   *
   * @param alpha the significance level
   * @return "99%" for 0.01, "95%" for 0.05
   */
  public static String confidence(double alpha) {
    return PyRound.format((1 - alpha) * 100, 0) + "%";
  }

  /**
   * A verdict and its reason in words.
   *
   * @param verdict the verdict
   * @param why the reason
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Call(Verdict verdict, String why) {}

  /**
   * @param slow the estimated slowdown, a fraction
   * @param slowLow the lower end of its interval
   * @param slowHigh its upper end
   * @param threshold the slowdown tolerated, a fraction
   * @param mde the smallest change this measurement detects four times in five
   * @param remedy what would narrow the interval, for the INCONCLUSIVE reason
   * @return the verdict and its reason
   */
  public static Call judge(
      double slow, double slowLow, double slowHigh, double threshold, double mde, String remedy) {
    if (slowLow > 0 && slow >= threshold) {
      return new Call(Verdict.REGRESSION, sentence(Verdict.REGRESSION, "threshold"));
    }
    if (slowHigh < 0 && slow <= -threshold) {
      return new Call(Verdict.IMPROVED, sentence(Verdict.IMPROVED, "threshold"));
    }
    if (slowHigh < threshold) {
      return new Call(Verdict.PASS, sentence(Verdict.PASS, "threshold"));
    }
    return new Call(
        Verdict.INCONCLUSIVE,
        "underpowered: could detect ~"
            + Percentages.percent(mde)
            + ", threshold "
            + Percentages.percent(threshold)
            + "; "
            + remedy);
  }
}
