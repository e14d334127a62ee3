package org.libreyolo.profile.internal.compare;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Group-sequential boundaries for looks at given information fractions {@code t_1 < ... < t_K = 1},
 * on the score scale {@code S(t) = Z sqrt(t)}, a Brownian motion under the null. The chance of
 * never crossing the boundaries is the mass the recursion of Armitage, McPherson and Rowe (JRSS A
 * 132, 1969) carries from look to look: the density of {@code S(t_1)} inside the first boundary,
 * convolved with each Gaussian increment and cut at the next boundary, integrated on a grid by
 * Simpson's rule. Two shapes:
 *
 * <ul>
 *   <li>{@link #obrienFleming}: O'Brien and Fleming's (Biometrics 35, 1979), {@code |Z_k| >= C /
 *       sqrt(t_k)}, a constant {@code C} on the score scale chosen so that any look rejects with
 *       chance exactly {@code alpha}: early looks wide, the last near the fixed-length one.
 *   <li>{@link #spending}: Lan and DeMets' (Biometrika 70, 1983) alpha spent by a given function of
 *       the information: each look's boundary solved so that the chance of first crossing there is
 *       what the function adds at that look.
 * </ul>
 *
 * <p>Intervals at these boundaries are repeated confidence intervals (Jennison and Turnbull, JRSS B
 * 51, 1989): all of them cover the true change at once with probability {@code 1 - alpha}, so a run
 * may stop at whichever look decides and its interval still holds at {@code 1 - alpha}.
 */
public final class GroupSequential {
  private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

  /** Grid intervals inside a boundary, even for Simpson's rule: the level to about 1e-7. */
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

  /**
   * Boundaries that spend {@code spent[k]} of the level by look {@code k}.
   *
   * @param fractions the looks' information fractions, increasing, the last 1
   * @param spent the chance, with no effect, of rejecting at or before each look: increasing, the
   *     last the level
   * @return the boundary on the Z scale at each look
   */
  public static double[] spending(double[] fractions, double[] spent) {
    double[] z = new double[fractions.length];
    z[0] = NORMAL.inverseCumulativeProbability(1 - spent[0] / 2);
    Density f = Density.first(fractions[0], z[0] * Math.sqrt(fractions[0]));
    for (int k = 1; k < fractions.length; k++) {
      double s = Math.sqrt(fractions[k] - fractions[k - 1]);
      double wanted = spent[k] - spent[k - 1];
      // crossing at look k falls as its boundary rises: bisect on the score scale
      double lo = 0;
      double hi = f.edge() + 10 * s;
      for (int i = 0; i < 80 && hi - lo > 1e-9; i++) {
        double b = (lo + hi) / 2;
        if (f.crossing(s, b) > wanted) {
          lo = b;
        } else {
          hi = b;
        }
      }
      double b = (lo + hi) / 2;
      z[k] = b / Math.sqrt(fractions[k]);
      f = f.next(s, b);
    }
    return z;
  }

  /** The chance that the score crosses {@code +-c} at one of the looks, with no effect. */
  static double crossing(double[] fractions, double c) {
    Density f = Density.first(fractions[0], c);
    for (int k = 1; k < fractions.length; k++) {
      f = f.next(Math.sqrt(fractions[k] - fractions[k - 1]), c);
    }
    return 1 - f.mass();
  }

  /** The score's density at a look, on an even grid over {@code (-edge, edge)}, never crossed. */
  private record Density(double edge, double[] f) {
    static Density first(double fraction, double edge) {
      double sd = Math.sqrt(fraction);
      double[] f = new double[GRID + 1];
      for (int i = 0; i <= GRID; i++) {
        f[i] = phi(x(edge, i) / sd) / sd;
      }
      return new Density(edge, f);
    }

    static double x(double edge, int i) {
      return -edge + i * 2 * edge / GRID;
    }

    double mass() {
      double s = 0;
      for (int i = 0; i <= GRID; i++) {
        s += simpson(i) * f[i];
      }
      return s * (2 * edge / GRID) / 3;
    }

    /** The chance of going on to here and crossing {@code +-b} after an increment of sd s. */
    double crossing(double s, double b) {
      double sum = 0;
      for (int i = 0; i <= GRID; i++) {
        double x = x(edge, i);
        double out =
            NORMAL.cumulativeProbability((-b - x) / s) + NORMAL.cumulativeProbability((x - b) / s);
        sum += simpson(i) * f[i] * out;
      }
      return sum * (2 * edge / GRID) / 3;
    }

    /** The density one increment of sd s later, cut at {@code +-b}. */
    Density next(double s, double b) {
      double h = 2 * edge / GRID;
      double[] out = new double[GRID + 1];
      // on one grid the increment's density depends on j - i alone: GRID * 2 + 1 values, not
      // squared
      double[] same = b == edge ? new double[2 * GRID + 1] : null;
      for (int d = 0; same != null && d < same.length; d++) {
        same[d] = phi((d - GRID) * h / s);
      }
      for (int j = 0; j <= GRID; j++) {
        double y = x(b, j);
        double sum = 0;
        for (int i = 0; i <= GRID; i++) {
          double k = same != null ? same[j - i + GRID] : phi((y - x(edge, i)) / s);
          sum += simpson(i) * f[i] * k;
        }
        out[j] = sum * h / 3 / s;
      }
      return new Density(b, out);
    }
  }

  private static double simpson(int i) {
    return i == 0 || i == GRID ? 1 : i % 2 == 1 ? 4 : 2;
  }

  private static double phi(double z) {
    return Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
  }
}
