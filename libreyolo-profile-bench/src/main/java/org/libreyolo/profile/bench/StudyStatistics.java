package org.libreyolo.profile.bench;

import org.libreyolo.profile.gate.Verdict;

/**
 * The gate study's tallies: verdict counts and the interval of a rate (tested: the tables use
 * these).
 */
final class StudyStatistics {
  private StudyStatistics() {}

  /**
   * Counts a verdict: index 0 REGRESSION, 1 INCONCLUSIVE, 2 PASS or IMPROVED.
   *
   * @param counts the three counters
   * @param v the verdict
   */
  static void count(int[] counts, Verdict v) {
    counts[v == Verdict.REGRESSION ? 0 : v == Verdict.INCONCLUSIVE ? 1 : 2]++;
  }

  /** Wilson score interval at 95% for k successes in n trials ([0, 1] for none). */
  static double[] wilson(int k, int n) {
    if (n == 0) {
      return new double[] {0, 1};
    }
    double z = 1.959963984540054;
    double p = (double) k / n;
    double denominator = 1 + z * z / n;
    double centre = (p + z * z / (2 * n)) / denominator;
    double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / denominator;
    return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
  }
}
