package org.libreyolo.profile.gate;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.internal.analysis.LatencyStats;

/**
 * Whether JVMs holding both versions measured each side as it runs alone (docs/versions.md, "As it
 * runs alone"). Two class loaders' copies of one program share the JDK's code, its profiles, the
 * code cache and the inlining budgets: a side can run slower or faster there than in the program
 * the user ships, and the two sides unequally. Each side's time per call in the shared JVMs (the
 * median of its block medians, one figure per JVM) is set beside the same side's time in JVMs of
 * its own (one figure per solo JVM); the process is the unit.
 *
 * <p>The two kinds of JVM spread differently (a solo JVM settles into its own compiled state, the
 * shared ones into a common one), so each gets its own noise: the shared JVMs' from their spread,
 * pooled over the sides but credited with one side's degrees of freedom (the sides of one JVM move
 * together); the solo JVMs' from their spread within each side, or with one solo JVM a side from
 * how far the two sides' solo times differ by more than the shared JVMs say they differ. A side's
 * difference is judged against both (Welch, with Satterthwaite's degrees of freedom) at half the
 * given level (two sides). A side is distorted when the difference is beyond that noise and larger
 * than the gate's threshold: then the pairs do not measure the program the user runs, and the step
 * is judged by forks instead.
 *
 * @param baseline the baseline side (A)
 * @param candidate this build's side (B)
 * @param sharedNoise the between-JVM standard deviation of a side's log time per call in the shared
 *     JVMs
 * @param soloNoise the same for a side alone
 * @param tolerance the largest difference accepted whatever the noise: the gate's threshold
 * @param worthAnotherRound whether one more JVM of each side alone could call a side distorted
 *     should its difference stay as it is now (always, while one JVM a side gives no spread of its
 *     own); false means another round could not tell it from the noise (futility)
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record SoloCheck(
    Side baseline,
    Side candidate,
    double sharedNoise,
    double soloNoise,
    double tolerance,
    boolean worthAnotherRound) {

  /**
   * One side, in the shared JVMs and alone.
   *
   * @param sharedMs its time per call in each shared JVM, ms
   * @param soloMs its time per call in each JVM of its own, ms
   * @param change shared against alone ({@code +0.5} = half as slow again in the shared JVMs)
   * @param ciLow the change's interval, low end
   * @param ciHigh its high end
   * @param df the interval's degrees of freedom (Welch-Satterthwaite)
   * @param distorted beyond the noise and beyond the tolerance
   */
  public record Side(
      double[] sharedMs,
      double[] soloMs,
      double change,
      double ciLow,
      double ciHigh,
      double df,
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

  /** The normal quantile of the futility rule's power: a round's reach beyond the estimate. */
  private static final double FUTILITY_Z =
      new NormalDistribution(null, 0, 1)
          .inverseCumulativeProbability(1 - Defaults.Versions.FUTILITY_POWER);

  /** How a distorted check begins in words. */
  private static final String DISTORTED =
      "the JVMs holding both versions did not run it as it runs alone";

  /**
   * Judges both sides.
   *
   * @param sharedA the baseline's time per call per shared JVM, ms
   * @param soloA the baseline's time per call per solo JVM, ms
   * @param sharedB this build's per shared JVM
   * @param soloB this build's per solo JVM
   * @param alpha the level for both sides together (each side is judged at half)
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
    double[] hA = logs(sharedA);
    double[] oA = logs(soloA);
    double[] hB = logs(sharedB);
    double[] oB = logs(soloB);
    if (hA.length == 0 || oA.length == 0 || hB.length == 0 || oB.length == 0) {
      return null;
    }
    int soloDf = oA.length + oB.length - 2;
    Noise alone =
        soloDf > 0
            ? new Noise((squares(oA) + squares(oB)) / soloDf, soloDf, true)
            : new Noise(contrast(hA, oA, hB, oB), 1, false);
    int sharedDf = hA.length + hB.length - 2;
    Noise shared =
        sharedDf > 0
            ? new Noise(
                (squares(hA) + squares(hB)) / sharedDf, Math.max(hA.length, hB.length) - 1, true)
            : alone; // one shared JVM: its figure spreads as a solo JVM's does
    if (shared.variance() + alone.variance() <= 0) {
      return null;
    }
    // one more solo JVM a side: its noise as now, one more degree of freedom a side. From one a
    // side the solo JVMs have no spread of their own; the shared JVMs' stands in, and the question
    // is whether all the rounds left could call it (a model step whose JVMs spread by 20% or more
    // cannot be told from its noise in three JVMs a side: measured, docs/benchmarks.md)
    boolean worthAnotherRound;
    if (alone.ownSpread()) {
      Noise more = new Noise(alone.variance(), alone.df() + 2, true);
      worthAnotherRound =
          couldCall(hA, oA, 1, shared, more, alpha / 2, tolerance)
              || couldCall(hB, oB, 1, shared, more, alpha / 2, tolerance);
    } else if (shared.ownSpread() && shared.df() >= 2.0 * Defaults.Versions.SOLO_ROUNDS - 2) {
      // the shared spread as the solo JVMs' own, with its degrees of freedom, where it is known
      // at least as well as every round left would know theirs (two shared JVMs: not)
      int left = Math.max(1, Defaults.Versions.SOLO_ROUNDS - oA.length);
      worthAnotherRound =
          couldCall(hA, oA, left, shared, shared, alpha / 2, tolerance)
              || couldCall(hB, oB, left, shared, shared, alpha / 2, tolerance);
    } else {
      worthAnotherRound = true;
    }
    return new SoloCheck(
        side(sharedA, soloA, hA, oA, shared, alone, alpha / 2, tolerance),
        side(sharedB, soloB, hB, oB, shared, alone, alpha / 2, tolerance),
        Math.sqrt(shared.variance()),
        Math.sqrt(alone.variance()),
        tolerance,
        worthAnotherRound);
  }

  /**
   * Whether one more round could call a side distorted with at least {@link
   * Defaults.Versions#FUTILITY_POWER} probability, should the side's true difference be the present
   * estimate (conditional power under the current trend): the next solo JVM moves the solo mean by
   * {@code (x - mean) / (n + 1)}, whose spread is {@code σ √(1 + 1/n) / (n + 1)}; the rule stops
   * rounds that cannot decide (a between-JVM noise of 15% does not narrow below a 4% difference in
   * one round).
   */
  private static boolean couldCall(
      double[] sharedLogs,
      double[] soloLogs,
      int extra,
      Noise sharedNoise,
      Noise soloNoise,
      double alpha,
      double tolerance) {
    int n = soloLogs.length;
    double d = LatencyStats.mean(sharedLogs) - LatencyStats.mean(soloLogs);
    double move = Math.sqrt(soloNoise.variance() * (1 + 1.0 / n)) * extra / (n + extra);
    double reach = Math.abs(d) + FUTILITY_Z * move;
    return Math.expm1(reach) > tolerance
        && reach > Welch.of(sharedNoise, sharedLogs.length, soloNoise, n + extra, alpha).half();
  }

  /** Welch's half-width of a difference of two means of logs, with Satterthwaite's df. */
  private record Welch(double half, double df) {
    static Welch of(Noise sharedNoise, int nShared, Noise soloNoise, int nSolo, double alpha) {
      double a = sharedNoise.variance() / nShared;
      double b = soloNoise.variance() / nSolo;
      double df =
          sharedNoise == soloNoise
              ? soloNoise.df()
              : (a + b) * (a + b) / (a * a / sharedNoise.df() + b * b / soloNoise.df());
      double t =
          new TDistribution(null, Math.max(df, 1)).inverseCumulativeProbability(1 - alpha / 2);
      return new Welch(t * Math.sqrt(a + b), df);
    }
  }

  /**
   * With one solo JVM a side, their spread read from how far the sides' solo times differ beyond
   * the shared JVMs' (paired, precise) difference: one degree of freedom, enough to say whether to
   * look again, not to call a distortion. From two on, each side's own JVMs give it, so a side
   * distorted alone cannot pass for noise.
   */
  private static double contrast(double[] hA, double[] oA, double[] hB, double[] oB) {
    double e =
        (LatencyStats.mean(oB) - LatencyStats.mean(oA))
            - (LatencyStats.mean(hB) - LatencyStats.mean(hA));
    return e * e / 2;
  }

  /**
   * A variance of log times between JVMs and its degrees of freedom; {@code ownSpread} false where
   * it was read from one degree of freedom of a contrast: that can say "look again", never
   * "distorted" (a contrast that happens near zero would make any difference look beyond it).
   */
  private record Noise(double variance, double df, boolean ownSpread) {}

  private static Side side(
      double[] shared,
      double[] solo,
      double[] sharedLogs,
      double[] soloLogs,
      Noise sharedNoise,
      Noise soloNoise,
      double alpha,
      double tolerance) {
    double d = LatencyStats.mean(sharedLogs) - LatencyStats.mean(soloLogs);
    Welch w = Welch.of(sharedNoise, sharedLogs.length, soloNoise, soloLogs.length, alpha);
    double half = w.half();
    double change = Math.expm1(d);
    boolean beyondNoise = Math.abs(d) > half;
    return new Side(
        shared.clone(),
        solo.clone(),
        change,
        Math.expm1(d - half),
        Math.expm1(d + half),
        w.df(),
        soloNoise.ownSpread() && beyondNoise && Math.abs(change) > tolerance);
  }

  /**
   * @return whether either side ran in the shared JVMs unlike itself alone
   */
  public boolean distorted() {
    return baseline.distorted() || candidate.distorted();
  }

  /**
   * Whether more JVMs alone could decide: not distorted, but a side's difference is beyond the
   * threshold, within a noise that one more solo JVM a side would narrow enough, should the
   * difference stay ({@link #worthAnotherRound()}).
   *
   * @return true where another JVM of each side alone is worth its time
   */
  public boolean undecided() {
    return beyondThreshold() && worthAnotherRound;
  }

  /**
   * Whether a side's difference is beyond the threshold, within the noise, and one more round could
   * not change that should the difference stay: the check stops there, its words say so.
   *
   * @return true where the rounds stopped for futility
   */
  public boolean futile() {
    return beyondThreshold() && !worthAnotherRound;
  }

  private boolean beyondThreshold() {
    return !distorted()
        && (Math.abs(baseline.change()) > tolerance || Math.abs(candidate.change()) > tolerance);
  }

  /**
   * The check in words: each side's time per call in the shared JVMs against alone.
   *
   * @param baselineLabel the baseline's name
   * @param candidateLabel this build's name
   * @return {@code a call shared against alone: 1.0 +1.2% [-3.0, +5.6], this build ...}, or where
   *     distorted each side's times
   */
  public String why(String baselineLabel, String candidateLabel) {
    String noiseAndThreshold =
        String.format(
            Locale.ROOT,
            " (noise between JVMs %.1f%% shared, %.1f%% alone over %d; threshold %.1f%%)",
            100 * Math.expm1(sharedNoise),
            100 * Math.expm1(soloNoise),
            baseline.soloMs().length + candidate.soloMs().length,
            100 * tolerance);
    if (!distorted()) {
      return "a call shared against alone: "
          + change(baselineLabel, baseline)
          + ", "
          + change(candidateLabel, candidate)
          + noiseAndThreshold;
    }
    return DISTORTED
        + ": "
        + side(baselineLabel, baseline)
        + "; "
        + side(candidateLabel, candidate)
        + noiseAndThreshold;
  }

  private static String change(String label, Side s) {
    return String.format(
        Locale.ROOT,
        "%s %+.1f%% [%s, %s]",
        label,
        100 * s.change(),
        bound(s.ciLow()),
        bound(s.ciHigh()));
  }

  /** An interval's end; one beyond ten times slower, as few JVMs give, only as that. */
  private static String bound(double change) {
    return change > 9 ? ">+900" : String.format(Locale.ROOT, "%+.1f", 100 * change);
  }

  private static String side(String label, Side s) {
    return String.format(
        Locale.ROOT,
        "%s %s ms a call shared, %s ms alone (%+.1f%% [%s, %s]%s)",
        label,
        ms(s.sharedMedianMs()),
        ms(s.soloMedianMs()),
        100 * s.change(),
        bound(s.ciLow()),
        bound(s.ciHigh()),
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

  /** The sum of squared deviations from the mean. */
  private static double squares(double[] v) {
    return StatUtils.variance(v) * (v.length - 1);
  }

  private static double[] logs(double[] v) {
    return v == null
        ? new double[0]
        : Arrays.stream(v).filter(x -> x > 0 && Double.isFinite(x)).map(Math::log).toArray();
  }
}
