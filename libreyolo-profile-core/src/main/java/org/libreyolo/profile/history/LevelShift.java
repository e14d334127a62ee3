package org.libreyolo.profile.history;

import java.util.Arrays;

/**
 * The least-squares split of {@code x[lo, hi)}: the {@code tau} maximising {@code m n / (m + n)
 * (mean_after - mean_before)^2}, the maximum-likelihood location of one shift in level under
 * Gaussian noise (Hinkley, 1970), on values clipped to the stretch's 10th and 90th percentiles.
 */
final class LevelShift {
  private LevelShift() {}

  static int bestSplit(double[] x, int lo, int hi, int minSegment) {
    int len = hi - lo;
    if (len < 2 * minSegment) {
      return -1;
    }
    double[] sorted = Arrays.copyOfRange(x, lo, hi);
    Arrays.sort(sorted);
    double low = sorted[(int) Math.floor(0.1 * (len - 1))];
    double high = sorted[(int) Math.ceil(0.9 * (len - 1))];
    double[] prefix = new double[len + 1];
    for (int i = 0; i < len; i++) {
      prefix[i + 1] = prefix[i] + Math.min(high, Math.max(low, x[lo + i]));
    }
    int best = -1;
    double bestScore = -1;
    for (int k = minSegment; k <= len - minSegment; k++) {
      double m = k;
      double n = len - k;
      double diff = (prefix[len] - prefix[k]) / n - prefix[k] / m;
      double score = m * n / (m + n) * diff * diff;
      if (score > bestScore) {
        bestScore = score;
        best = lo + k;
      }
    }
    return best;
  }
}
