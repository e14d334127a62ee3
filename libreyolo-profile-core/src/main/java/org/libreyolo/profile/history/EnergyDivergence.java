package org.libreyolo.profile.history;

/**
 * The E-divisive split statistic of Matteson and James (2014), moment index 1, for one dimension.
 * For a split of {@code x[lo, hi)} at {@code tau} into X (m runs) and Y (n runs):
 *
 * <pre>
 *   E = 2/(mn) sum|X_i - Y_j| - 2/(m(m-1)) sum_{i<k}|X_i - X_k| - 2/(n(n-1)) sum_{j<l}|Y_j - Y_l|
 *   Q = mn/(m+n) E
 * </pre>
 *
 * and the estimate is the {@code tau} that maximises Q. The within sums are updated run by run, so
 * one window costs O(L^2) for L runs (docs/history.md).
 */
final class EnergyDivergence {
  private EnergyDivergence() {}

  /**
   * The split maximising Q with at least {@code minSegment} runs each side, or -1 when none fits.
   */
  static int bestSplit(double[] x, int lo, int hi, int minSegment) {
    int len = hi - lo;
    if (len < 2 * minSegment) {
      return -1;
    }
    // left[k]: sum of |x_i - x_j| over lo <= i < j < lo + k; right[k]: the same over lo + k <= i <
    // j < hi
    double[] left = new double[len + 1];
    for (int k = 2; k <= len; k++) {
      double add = 0;
      int j = lo + k - 1;
      for (int i = lo; i < j; i++) {
        add += Math.abs(x[i] - x[j]);
      }
      left[k] = left[k - 1] + add;
    }
    double[] right = new double[len + 1];
    for (int k = len - 2; k >= 0; k--) {
      double add = 0;
      int i = lo + k;
      for (int j = i + 1; j < hi; j++) {
        add += Math.abs(x[i] - x[j]);
      }
      right[k] = right[k + 1] + add;
    }
    double total = left[len];
    int best = -1;
    double bestQ = Double.NEGATIVE_INFINITY;
    for (int k = minSegment; k <= len - minSegment; k++) {
      double m = k;
      double n = len - k;
      double between = total - left[k] - right[k];
      double e = 2 * between / (m * n) - 2 * left[k] / (m * (m - 1)) - 2 * right[k] / (n * (n - 1));
      double q = m * n / (m + n) * e;
      if (q > bestQ) {
        bestQ = q;
        best = lo + k;
      }
    }
    return best;
  }
}
