package org.libreyolo.profile.bench;

import java.util.Arrays;

/** Median of a sample (benchmarks quote medians: these machines are noisy). */
public final class Medians {
  private Medians() {}

  public static double of(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n == 0
        ? Double.NaN
        : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
