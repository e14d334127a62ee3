package org.libreyolo.profile.internal.analysis;

import java.util.Arrays;
import org.libreyolo.profile.internal.python.PyRound;

/**
 * Latency statistics as the reference computes them: nearest-rank percentiles with the index {@code
 * min(n-1, round_half_even(q/100 * (n-1)))}, means and extremes rounded to 3 decimals.
 */
public record LatencyStats(
    Double p50, Double p90, Double p99, double mean, Double min, Double max, int n) {

  public static LatencyStats of(double[] samplesMs) {
    int n = samplesMs.length;
    if (n == 0) {
      return new LatencyStats(null, null, null, 0.0, null, null, 0);
    }
    double[] sorted = samplesMs.clone();
    Arrays.sort(sorted);
    return new LatencyStats(
        percentile(sorted, 50),
        percentile(sorted, 90),
        percentile(sorted, 99),
        PyRound.round(mean(samplesMs), 3),
        PyRound.round(sorted[0], 3),
        PyRound.round(sorted[n - 1], 3),
        n);
  }

  /** Nearest rank with banker's rounding of the index: n = 10 gives p50 index 4, not 5. */
  public static double percentile(double[] sorted, double q) {
    int n = sorted.length;
    int k = (int) Math.min(n - 1, PyRound.roundToLong(q / 100.0 * (n - 1)));
    return PyRound.round(sorted[k], 3);
  }

  /**
   * The middle value (the mean of the two middle ones for an even count): the one median of the
   * tool.
   */
  public static double median(double[] values) {
    double[] s = values.clone();
    java.util.Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  public static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return values.length == 0 ? 0.0 : sum / values.length;
  }

  /** Population standard deviation (Python's {@code statistics.pstdev}). */
  public static double pstdev(double[] values) {
    if (values.length == 0) {
      return 0.0;
    }
    double m = mean(values);
    double ss = 0;
    for (double v : values) {
      ss += (v - m) * (v - m);
    }
    return Math.sqrt(ss / values.length);
  }
}
