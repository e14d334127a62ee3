package org.libreyolo.profile.internal.compare;

import java.util.Arrays;

/**
 * A trimmed mean with its winsorized spread (Yuen, 1974; Wilcox, "Introduction to Robust Estimation
 * and Hypothesis Testing", 3.3 and 5.3): {@code g = floor(trim n)} values cut from each end, {@code
 * h = n - 2g} left; the mean's variance is {@code c ss / (n - 1)} with {@code ss} the winsorized
 * sum of squares and {@code c = (n - 1) / (h (h - 1))}. One outlying value moves neither much.
 *
 * @param mean the trimmed mean
 * @param ss the winsorized sum of squares
 * @param n the values
 * @param h the values left after trimming
 * @param c the variance factor
 */
public record TrimmedMean(double mean, double ss, int n, int h, double c) {
  /**
   * @param values the sample (not changed)
   * @param trim the share cut from each end, within [0, 0.5)
   * @return its trimmed mean and spread
   */
  public static TrimmedMean of(double[] values, double trim) {
    double[] v = values.clone();
    Arrays.sort(v);
    int n = v.length;
    int g = (int) Math.floor(trim * n);
    int h = n - 2 * g;
    double mean = 0;
    for (int i = g; i < n - g; i++) {
      mean += v[i];
    }
    mean /= h;
    // winsorized: the g smallest set to the (g+1)-th, the g largest to the (n-g)-th
    double wMean = 0;
    for (int i = 0; i < n; i++) {
      wMean += v[Math.min(Math.max(i, g), n - g - 1)];
    }
    wMean /= n;
    double ss = 0;
    for (int i = 0; i < n; i++) {
      double w = v[Math.min(Math.max(i, g), n - g - 1)] - wMean;
      ss += w * w;
    }
    double c = h > 1 ? (n - 1) / (h * (double) (h - 1)) : 0;
    return new TrimmedMean(mean, ss, n, h, c);
  }

  /**
   * @return the variance of the trimmed mean
   */
  public double variance() {
    return n > 1 ? c * ss / (n - 1) : 0;
  }
}
