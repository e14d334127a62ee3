package org.libreyolo.profile.history;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;
import org.libreyolo.profile.internal.compare.TrimmedMean;

/**
 * Yuen's two-sample test on 20%-trimmed means (Yuen, 1974; Wilcox, "Introduction to Robust
 * Estimation", 5.3), in its pooled form: for a sample of n with g = floor(0.2 n) trimmed from each
 * end and h = n - 2g left, the trimmed mean's variance is c s_w^2 with c = (n - 1) / (h (h - 1))
 * and s_w^2 the winsorized variance. A change point is a shift of level under the same noise, so
 * s_w^2 is pooled over both sides (weights n - 1): t = (mean_t2 - mean_t1) / sqrt(s_w^2 (c1 + c2)),
 * h1 + h2 - 2 degrees of freedom. Welch's unpooled form trusts a short segment's own spread, which
 * five runs underestimate often enough to make false change points at a series' end. One outlying
 * run moves neither the trimmed mean nor the winsorized variance much, where it widens Student's t
 * a lot.
 */
final class TrimmedT {

  private TrimmedT() {}

  /**
   * @param before the trimmed mean of the first sample
   * @param after the trimmed mean of the second
   * @param p the two-sided p-value
   */
  record Result(double before, double after, double p) {}

  /**
   * The test of {@code x[a0, a1)} against {@code x[b0, b1)}, {@code trim} of each end trimmed (0:
   * Student's t).
   */
  static Result test(double[] x, int a0, int a1, int b0, int b1, double trim) {
    TrimmedMean a = TrimmedMean.of(Arrays.copyOfRange(x, a0, a1), trim);
    TrimmedMean b = TrimmedMean.of(Arrays.copyOfRange(x, b0, b1), trim);
    double pooled = (a.ss() + b.ss()) / (a.n() - 1 + b.n() - 1);
    double var = pooled * (a.c() + b.c());
    if (!(var > 0)) { // identical runs on both sides: no spread to test against
      return new Result(a.mean(), b.mean(), a.mean() == b.mean() ? 1 : 0);
    }
    double t = (b.mean() - a.mean()) / Math.sqrt(var);
    double df = a.h() + b.h() - 2;
    double p = 2 * new TDistribution(null, Math.max(1, df)).cumulativeProbability(-Math.abs(t));
    return new Result(a.mean(), b.mean(), p);
  }
}
