package org.libreyolo.profile.gate;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.analysis.LatencyStats;

/**
 * Whether JVMs holding both versions measured each side as it runs alone (docs/versions.md, "As it
 * runs alone"). Two class loaders' copies of one program share the JDK's code, its profiles, the
 * code cache and the inlining budgets: a side can run slower or faster there than in the program
 * the user ships, and the two sides unequally. Each side's time per call in the shared JVMs (the
 * median of its block medians, one figure per JVM) is set beside the same side's time in JVMs of
 * its own (one figure per solo JVM); the process is the unit. A side is distorted when the
 * difference is beyond the step's noise (the between-JVM spread of the same figures, pooled, at the
 * gate's alpha) and larger than the gate's threshold: then the pairs do not measure the program the
 * user runs, and the step is judged by forks instead.
 *
 * @param baseline the baseline side (A)
 * @param candidate this build's side (B)
 * @param noise the between-JVM standard deviation of a side's log time per call, pooled
 * @param df its degrees of freedom
 * @param tolerance the largest difference accepted whatever the noise: the gate's threshold
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record SoloCheck(Side baseline, Side candidate, double noise, int df, double tolerance) {

  /**
   * One side, in the shared JVMs and alone.
   *
   * @param sharedMs its time per call in each shared JVM, ms
   * @param soloMs its time per call in each JVM of its own, ms
   * @param change shared against alone ({@code +0.5} = half as slow again in the shared JVMs)
   * @param ciLow the change's interval, low end
   * @param ciHigh its high end
   * @param distorted beyond the noise and beyond the tolerance
   */
  public record Side(
      double[] sharedMs,
      double[] soloMs,
      double change,
      double ciLow,
      double ciHigh,
      boolean distorted) {
    /**
     * @return the median time per call in the shared JVMs, ms
     */
    public double sharedMedianMs() {
      return LatencyStats.median(sharedMs);
    }

    /**
     * @return the median time per call alone, ms
     */
    public double soloMedianMs() {
      return LatencyStats.median(soloMs);
    }
  }

  /**
   * Judges both sides.
   *
   * @param sharedA the baseline's time per call per shared JVM, ms
   * @param soloA the baseline's time per call per solo JVM, ms
   * @param sharedB this build's per shared JVM
   * @param soloB this build's per solo JVM
   * @param alpha the gate's significance level
   * @param tolerance the gate's threshold: a smaller difference never counts
   * @return the check, or null when it cannot be made (a side without a figure, no spread to
   *     measure the noise by)
   */
  public static SoloCheck of(
      double[] sharedA,
      double[] soloA,
      double[] sharedB,
      double[] soloB,
      double alpha,
      double tolerance) {
    double[][] groups = {logs(sharedA), logs(soloA), logs(sharedB), logs(soloB)};
    double squares = 0;
    int df = 0;
    for (double[] g : groups) {
      if (g.length == 0) {
        return null;
      }
      double mean = LatencyStats.mean(g);
      for (double x : g) {
        squares += (x - mean) * (x - mean);
      }
      df += g.length - 1;
    }
    if (df < 1) {
      return null;
    }
    double noise = Math.sqrt(squares / df);
    double t = new TDistribution(null, df).inverseCumulativeProbability(1 - alpha / 2);
    return new SoloCheck(
        side(sharedA, soloA, groups[0], groups[1], noise, t, tolerance),
        side(sharedB, soloB, groups[2], groups[3], noise, t, tolerance),
        noise,
        df,
        tolerance);
  }

  private static Side side(
      double[] shared,
      double[] solo,
      double[] sharedLogs,
      double[] soloLogs,
      double noise,
      double t,
      double tolerance) {
    double d = LatencyStats.mean(sharedLogs) - LatencyStats.mean(soloLogs);
    double half = t * noise * Math.sqrt(1.0 / sharedLogs.length + 1.0 / soloLogs.length);
    double change = Math.expm1(d);
    boolean beyondNoise = Math.abs(d) > half;
    return new Side(
        shared.clone(),
        solo.clone(),
        change,
        Math.expm1(d - half),
        Math.expm1(d + half),
        beyondNoise && Math.abs(change) > tolerance);
  }

  /**
   * @return whether either side ran in the shared JVMs unlike itself alone
   */
  public boolean distorted() {
    return baseline.distorted() || candidate.distorted();
  }

  /**
   * The check in words: each side's time per call in the shared JVMs against alone.
   *
   * @param baselineLabel the baseline's name
   * @param candidateLabel this build's name
   * @return {@code as alone, a call: 1.0 +1.2% [-3.0, +5.6], this build ...}, or where distorted
   *     each side's times
   */
  public String why(String baselineLabel, String candidateLabel) {
    String noiseAndThreshold =
        String.format(
            Locale.ROOT,
            " (noise %.1f%% between JVMs, threshold %.1f%%)",
            100 * Math.expm1(noise),
            100 * tolerance);
    if (!distorted()) {
      return "a call shared against alone: "
          + change(baselineLabel, baseline)
          + ", "
          + change(candidateLabel, candidate)
          + noiseAndThreshold;
    }
    return "the JVMs holding both versions did not run it as it runs alone: "
        + side(baselineLabel, baseline)
        + "; "
        + side(candidateLabel, candidate)
        + noiseAndThreshold;
  }

  private static String change(String label, Side s) {
    return String.format(
        Locale.ROOT,
        "%s %+.1f%% [%+.1f, %+.1f]",
        label,
        100 * s.change(),
        100 * s.ciLow(),
        100 * s.ciHigh());
  }

  private static String side(String label, Side s) {
    return String.format(
        Locale.ROOT,
        "%s %s ms a call shared, %s ms alone (%+.1f%% [%+.1f, %+.1f]%s)",
        label,
        ms(s.sharedMedianMs()),
        ms(s.soloMedianMs()),
        100 * s.change(),
        100 * s.ciLow(),
        100 * s.ciHigh(),
        s.distorted() ? ", distorted" : "");
  }

  /** Three significant digits: 0.683, 12.4, 1234. */
  private static String ms(double v) {
    return v >= 100
        ? String.format(Locale.ROOT, "%.0f", v)
        : new java.math.BigDecimal(v)
            .round(new java.math.MathContext(3))
            .stripTrailingZeros()
            .toPlainString();
  }

  private static double[] logs(double[] v) {
    return v == null
        ? new double[0]
        : Arrays.stream(v).filter(x -> x > 0 && Double.isFinite(x)).map(Math::log).toArray();
  }
}
