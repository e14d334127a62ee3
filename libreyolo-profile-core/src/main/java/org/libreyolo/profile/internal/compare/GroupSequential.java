package org.libreyolo.profile.internal.compare;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Group-sequential boundaries of O'Brien and Fleming's shape (Biometrics 35, 1979) for looks at
 * given information fractions {@code t_1 < ... < t_K = 1}: the look at {@code t_k} rejects when
 * {@code |Z_k| >= C / sqrt(t_k)}, the constant chosen so that, with no effect, the chance that any
 * look rejects is exactly {@code alpha}. On the score scale {@code S(t) = Z sqrt(t)}, a Brownian
 * motion under the null, the boundary is the constant {@code C}, so the chance of never crossing is
 * the mass the recursion of Armitage, McPherson and Rowe (JRSS A 132, 1969) carries from look to
 * look: the density of {@code S(t_1)} on {@code (-C, C)}, convolved with each Gaussian increment
 * and cut at {@code +-C} again, integrated on a grid by Simpson's rule.
 *
 * <p>Intervals at these boundaries are repeated confidence intervals (Jennison and Turnbull, JRSS B
 * 51, 1989): all of them cover the true change at once with probability {@code 1 - alpha}, so a run
 * may stop at whichever look decides and its interval still holds at {@code 1 - alpha}.
 */
public final class GroupSequential {
  private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

  /** Grid intervals on {@code (-C, C)}, even for Simpson's rule: the level to about 1e-7. */
  private static final int GRID = 400;

  private GroupSequential() {}

  /**
   * @param fractions the looks' information fractions, increasing, the last 1
   * @param alpha the chance that any look rejects with no effect, two-sided, within (0, 1)
   * @return the boundary on the Z scale at each look
   */
  public static double[] obrienFleming(double[] fractions, double alpha) {
    if (fractions.length == 1) {
      return new double[] {NORMAL.inverseCumulativeProbability(1 - alpha / 2)};
    }
    // the single last look's boundary is the least C can be; Bonferroni's split is a safe most
    double lo = NORMAL.inverseCumulativeProbability(1 - alpha / 2);
    double hi = NORMAL.inverseCumulativeProbability(1 - alpha / (2 * fractions.length)) + 1;
    for (int i = 0; i < 60 && hi - lo > 1e-7; i++) {
      double c = (lo + hi) / 2;
      if (crossing(fractions, c) > alpha) {
        lo = c;
      } else {
        hi = c;
      }
    }
    double c = (lo + hi) / 2;
    double[] z = new double[fractions.length];
    for (int k = 0; k < z.length; k++) {
      z[k] = c / Math.sqrt(fractions[k]);
    }
    return z;
  }

  /** The chance that the score crosses {@code +-c} at one of the looks, with no effect. */
  static double crossing(double[] fractions, double c) {
    int n = GRID + 1;
    double h = 2 * c / GRID;
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = -c + i * h;
    }
    double[] f = new double[n];
    double sd = Math.sqrt(fractions[0]);
    for (int i = 0; i < n; i++) {
      f[i] = phi(x[i] / sd) / sd;
    }
    for (int k = 1; k < fractions.length; k++) {
      double step = Math.sqrt(fractions[k] - fractions[k - 1]);
      // the grid is even, so the increment's density depends on j - i alone
      double[] kernel = new double[2 * n - 1];
      for (int d = 0; d < kernel.length; d++) {
        kernel[d] = phi((d - (n - 1)) * h / step);
      }
      double[] next = new double[n];
      for (int j = 0; j < n; j++) {
        double s = 0;
        for (int i = 0; i < n; i++) {
          s += simpson(i, n) * f[i] * kernel[j - i + n - 1];
        }
        next[j] = s * h / 3 / step;
      }
      f = next;
    }
    double kept = 0;
    for (int i = 0; i < n; i++) {
      kept += simpson(i, n) * f[i];
    }
    return 1 - kept * h / 3;
  }

  private static double simpson(int i, int n) {
    return i == 0 || i == n - 1 ? 1 : i % 2 == 1 ? 4 : 2;
  }

  private static double phi(double z) {
    return Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
  }
}
