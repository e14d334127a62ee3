package org.libreyolo.profile.bench;

import java.util.Arrays;
import java.util.List;

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

  /** {@return the median of a list, NaN when empty} */
  public static double of(List<Double> values) {
    return of(values.stream().mapToDouble(Double::doubleValue).toArray());
  }
}
