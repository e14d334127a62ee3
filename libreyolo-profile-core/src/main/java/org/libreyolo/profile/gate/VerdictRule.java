package org.libreyolo.profile.gate;

/**
 * The one interval rule every gate applies (the stored-baseline rows, the in-job A/B, the JUnit
 * gate and compare): on the interval of the slowdown (positive: slower), REGRESSION when its
 * lower end is above the threshold, IMPROVED when its upper end is below minus the threshold,
 * PASS when its upper end is below the threshold, otherwise INCONCLUSIVE naming what the
 * measurement could detect (docs/statistics.md, "The gate").
 */
final class VerdictRule {
  private VerdictRule() {}

  /**
   * A verdict and its reason in words.
   *
   * @param verdict the verdict
   * @param why the reason
   */
  record Call(Verdict verdict, String why) {}

  /**
   * @param slowLow the lower end of the slowdown's interval, a fraction
   * @param slowHigh its upper end
   * @param threshold the slowdown tolerated, a fraction
   * @param mde the smallest change this measurement detects four times in five
   * @param remedy what would narrow the interval, for the INCONCLUSIVE reason
   */
  static Call judge(double slowLow, double slowHigh, double threshold, double mde, String remedy) {
    if (slowLow > threshold) {
      return new Call(Verdict.REGRESSION, "the whole interval is slower than the threshold");
    }
    if (slowHigh < -threshold) {
      return new Call(Verdict.IMPROVED, "the whole interval is faster than the threshold");
    }
    if (slowHigh < threshold) {
      return new Call(Verdict.PASS, "the interval excludes a slowdown of the threshold");
    }
    return new Call(Verdict.INCONCLUSIVE, "underpowered: could detect ~" + GateReport.percent(mde) + ", threshold "
        + GateReport.percent(threshold) + "; " + remedy);
  }
}
