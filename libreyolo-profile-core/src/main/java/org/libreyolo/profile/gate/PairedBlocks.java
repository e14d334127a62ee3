package org.libreyolo.profile.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.compare.TrimmedMean;

/**
 * The in-job A/B statistic: A and B measured in the same process in alternating blocks (ABBA), each
 * pair of blocks giving one log-ratio. In one process the pairs are the independent unit: a pair
 * shares the process and its minute on the machine, so slow drift cancels inside it. The change is
 * {@code exp(mean log-ratio) - 1} with a t interval over the pairs, and the verdict has three
 * outcomes (docs/statistics.md, "In-job A/B").
 *
 * <p>Across several JVMs ({@link #acrossJvms}) each JVM's trimmed mean log-ratio is one subject of
 * an AB/BA cross-over over the order the sides went in: a JVM can carry a bias of its own (two
 * class loaders' copies of one class compiled differently) that no number of pairs inside it
 * removes, so the interval includes the variation between JVMs (docs/statistics.md, "Across JVMs").
 *
 * @param pairs A/B pairs, at least 4 (in all JVMs together)
 * @param change the estimated change, a fraction (+0.10 = 10% slower)
 * @param ciLow the interval's lower end, a fraction
 * @param ciHigh the interval's upper end, a fraction
 * @param mde the minimum detectable effect, a fraction
 * @param verdict the verdict
 * @param why the reason, in words
 * @param jvms the JVMs the pairs ran in
 * @param jvmChanges each JVM's own change, a fraction, in the order they ran
 * @param jvmCandidateFirst per JVM in the same order, whether this build's side went first there
 *     (what a replay of the cross-over needs; empty for one process)
 * @param medianChange the same combination over the log-ratios of block medians (a second figure,
 *     robust to a descheduled iteration, blind to what the collector's pauses cost), or NaN
 * @param disagree whether the JVMs disagree beyond what their pairs' spread and the order explain
 *     (Cochran's Q significant at {@code alpha})
 * @param orderEffect how much faster the side that went first ran, a fraction (+0.12: the second
 *     side's blocks took 12% longer), cancelled by the balanced order; NaN when not estimated
 * @param estimator how the estimate was made, in words
 * @param logSe the standard error of the estimate's log-ratio (what the looks to come project)
 * @param df the degrees of freedom of its interval
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record PairedBlocks(
    int pairs,
    double change,
    double ciLow,
    double ciHigh,
    double mde,
    Verdict verdict,
    String why,
    int jvms,
    List<Double> jvmChanges,
    List<Boolean> jvmCandidateFirst,
    double medianChange,
    boolean disagree,
    double orderEffect,
    String estimator,
    double logSe,
    int df) {
  /** A t interval needs a spread: fewer pairs cannot give one worth reading. */
  public static final int MIN_PAIRS = 4;

  /**
   * The share of each JVM's pairs trimmed from each end before averaging their log-ratios: a block
   * that a busy neighbour stalled for tens of ms reads as one outlying pair; a collector that runs
   * in most blocks still counts (docs/statistics.md, "Across JVMs").
   */
  public static final double TRIM = 0.2;

  /** More pairs than this would run for hours: a typo, not a measurement. */
  public static final int MAX_PAIRS = 100_000;

  public PairedBlocks {
    jvmChanges = List.copyOf(jvmChanges);
    jvmCandidateFirst = List.copyOf(jvmCandidateFirst);
  }

  /**
   * Refuses fewer pairs than a paired interval needs, or absurdly many, naming the option.
   *
   * @param pairs the pairs asked for
   */
  public static void checkPairs(int pairs) {
    if (pairs < MIN_PAIRS) {
      throw LibreYoloException.badInput(
          "{pairs} must be >= " + MIN_PAIRS + " for a paired interval, got " + pairs);
    }
    if (pairs > MAX_PAIRS) {
      throw LibreYoloException.badInput(
          "{pairs} must be at most "
              + MAX_PAIRS
              + " (each pair is two blocks of the step: more is a typo, not a measurement), got "
              + pairs);
    }
  }

  /**
   * One process's pairs.
   *
   * @param logRatios per pair, {@code ln(B / A)} of the two blocks
   * @param alpha the interval is two-sided at {@code 1 - alpha}
   * @param threshold the relative change that counts (0.02 = 2%)
   * @return the verdict with its interval and MDE
   */
  public static PairedBlocks of(double[] logRatios, double alpha, double threshold) {
    return atLook(logRatios, Looks.of(1, logRatios.length, alpha), 0, threshold);
  }

  /**
   * One process's pairs at one of an A/B's looks: the interval at that look's boundary ({@link
   * Looks}), which holds at {@code 1 - alpha} whichever look the A/B stops at.
   *
   * @param logRatios per pair so far, {@code ln(B / A)} of the two blocks
   * @param looks the A/B's looks
   * @param look the look's index
   * @param threshold the relative change that counts (0.02 = 2%)
   * @return the verdict with its interval and MDE at that look
   */
  public static PairedBlocks atLook(double[] logRatios, Looks looks, int look, double threshold) {
    int k = logRatios.length;
    checkPairs(k);
    double mean = mean(logRatios);
    double se = Math.sqrt(variance(logRatios, mean) / k);
    double t = looks.quantile(look, k - 1);
    double tPower = new TDistribution(null, k - 1).inverseCumulativeProbability(0.8);
    double low = Math.expm1(mean - t * se);
    double high = Math.expm1(mean + t * se);
    double mde = Math.expm1((t + tPower) * se);
    VerdictRule.Call call =
        VerdictRule.judge(Math.expm1(mean), low, high, threshold, mde, "add pairs");
    String estimator =
        "mean log-ratio of the pairs, t interval over the pairs" + looks.describe(look);
    return new PairedBlocks(
        k,
        Math.expm1(mean),
        low,
        high,
        mde,
        call.verdict(),
        call.why(),
        1,
        List.of(Math.expm1(mean)),
        List.of(),
        Double.NaN,
        false,
        Double.NaN,
        estimator,
        se,
        k - 1);
  }

  /**
   * Several JVMs' pairs, the JVM the unit. Which side loads, warms and leads first is drawn per
   * JVM, balanced; going first can be worth a fixed advantage inside a JVM (shared code's type
   * profiles see the first side's classes alone when it compiles), so the JVMs are analysed as an
   * AB/BA cross-over trial: the change is the mean of the two order groups' means, which cancels
   * the order effect, with a t interval on {@code jvms - 2} degrees of freedom from the spread of
   * the JVMs inside each group (Jones and Kenward, "Design and Analysis of Cross-Over Trials", ch.
   * 2), never narrower than the pairs themselves allow. With fewer than two JVMs of an order the
   * JVMs are combined by random effects instead (DerSimonian-Laird, with Hartung and Knapp's t
   * interval on {@code jvms - 1} degrees of freedom, modified never to be narrower than the
   * fixed-effect one); with one JVM this is {@link #of}.
   *
   * @param meanLogRatios per JVM, per pair, {@code ln(B / A)} of the blocks' means (the estimate:
   *     each JVM's {@link #TRIM}-trimmed mean of them)
   * @param medianLogRatios per JVM, the same of the blocks' medians (the second figure), or empty
   * @param candidateFirst per JVM, whether B went first there
   * @param alpha the interval is two-sided at {@code 1 - alpha}
   * @param threshold the relative change that counts (0.02 = 2%)
   * @return the verdict with its interval, MDE and each JVM's change
   */
  public static PairedBlocks acrossJvms(
      List<double[]> meanLogRatios,
      List<double[]> medianLogRatios,
      List<Boolean> candidateFirst,
      double alpha,
      double threshold) {
    Looks once = Looks.overJvms(1, meanLogRatios.size(), alpha);
    return acrossJvms(meanLogRatios, medianLogRatios, candidateFirst, once, 0, threshold);
  }

  /**
   * The same at one of an A/B's looks over its JVMs ({@link Looks#overJvms}): the interval at that
   * look's boundary, which holds at {@code 1 - alpha} whichever look the A/B stops at.
   *
   * @param meanLogRatios per JVM so far, per pair, {@code ln(B / A)} of the blocks' means
   * @param medianLogRatios per JVM, the same of the blocks' medians, or empty
   * @param candidateFirst per JVM, whether B went first there
   * @param looks the A/B's looks
   * @param look the look's index
   * @param threshold the relative change that counts (0.02 = 2%)
   * @return the verdict with its interval, MDE and each JVM's change at that look
   */
  public static PairedBlocks acrossJvms(
      List<double[]> meanLogRatios,
      List<double[]> medianLogRatios,
      List<Boolean> candidateFirst,
      Looks looks,
      int look,
      double threshold) {
    double alpha = looks.alpha();
    List<Integer> kept = new ArrayList<>();
    for (int j = 0; j < meanLogRatios.size(); j++) {
      if (meanLogRatios.get(j).length >= MIN_PAIRS) {
        kept.add(j);
      }
    }
    if (kept.isEmpty()) {
      throw LibreYoloException.badInput(
          "{pairs} must be >= " + MIN_PAIRS + " per JVM for a paired interval");
    }
    List<double[]> jvms = kept.stream().map(meanLogRatios::get).toList();
    List<Boolean> order = kept.stream().map(candidateFirst::get).toList();
    int pairs = jvms.stream().mapToInt(r -> r.length).sum();
    Combined c = combine(jvms, order);
    double medianChange =
        medianLogRatios.size() != meanLogRatios.size()
            ? Double.NaN
            : Math.expm1(combine(kept.stream().map(medianLogRatios::get).toList(), order).mean());
    List<Double> each = new ArrayList<>();
    for (double y : c.jvmMeans()) {
      each.add(Math.expm1(y));
    }
    int df = jvms.size() == 1 ? pairs - 1 : c.df();
    double t = looks.quantile(look, df);
    double tPower = new TDistribution(null, df).inverseCumulativeProbability(0.8);
    double low = Math.expm1(c.mean() - t * c.se());
    double high = Math.expm1(c.mean() + t * c.se());
    double mde = Math.expm1((t + tPower) * c.se());
    double change = Math.expm1(c.mean());
    boolean disagree =
        c.df() > 0
            && jvms.size() > 1
            && 1 - new ChiSquaredDistribution(null, c.df()).cumulativeProbability(c.q()) < alpha;
    String remedy = jvms.size() == 1 ? "add pairs" : "add JVMs (abJvms)";
    VerdictRule.Call call = VerdictRule.judge(change, low, high, threshold, mde, remedy);
    String why = call.why();
    if (call.verdict() == Verdict.INCONCLUSIVE && disagree) {
      why =
          "the JVMs disagree, "
              + String.join(
                  " / ",
                  each.stream().map(x -> String.format(Locale.ROOT, "%+.1f%%", 100 * x)).toList())
              + ": the code compiled differently from one JVM to the next; "
              + remedy;
    }
    return new PairedBlocks(
        pairs,
        change,
        low,
        high,
        mde,
        call.verdict(),
        why,
        jvms.size(),
        each,
        order,
        medianChange,
        disagree,
        Double.isNaN(c.orderEffect()) ? Double.NaN : Math.expm1(c.orderEffect()),
        "each JVM's "
            + Math.round(100 * TRIM)
            + "%-trimmed mean log-ratio of block means; "
            + c.method()
            + looks.describe(look),
        c.se(),
        df);
  }

  /**
   * A combination's mean log-ratio, its standard error and degrees of freedom, the heterogeneity
   * statistic left after the model (Cochran's Q, on {@code df} degrees of freedom), and the order
   * effect in log terms (half the difference of the order groups; NaN when not estimated).
   */
  private record Combined(
      double mean,
      double se,
      int df,
      double q,
      double orderEffect,
      String method,
      double[] jvmMeans) {}

  private static Combined combine(List<double[]> jvms, List<Boolean> candidateFirst) {
    int k = jvms.size();
    double[] y = new double[k];
    double[] v = new double[k];
    for (int j = 0; j < k; j++) {
      // a pair whose block a neighbour stalled is one outlying log-ratio: trimmed, not averaged in
      TrimmedMean t = TrimmedMean.of(jvms.get(j), TRIM);
      y[j] = t.mean();
      // a JVM whose pairs agree exactly still has a timer's resolution worth of doubt
      v[j] = Math.max(t.variance(), 1e-12);
    }
    if (k == 1) {
      return new Combined(y[0], Math.sqrt(v[0]), 0, 0, Double.NaN, "one JVM: t over its pairs", y);
    }
    long late = candidateFirst.stream().filter(b -> b).count();
    return late >= 2 && k - late >= 2 ? crossOver(y, v, candidateFirst) : randomEffects(y, v);
  }

  /** The AB/BA cross-over: the order groups' means averaged, their inner spread the error. */
  private static Combined crossOver(double[] y, double[] v, List<Boolean> candidateFirst) {
    int k = y.length;
    double[] sum = new double[2];
    double[] sumV = new double[2];
    int[] n = new int[2];
    for (int j = 0; j < k; j++) {
      int g = candidateFirst.get(j) ? 1 : 0;
      sum[g] += y[j];
      sumV[g] += v[j];
      n[g]++;
    }
    double m0 = sum[0] / n[0];
    double m1 = sum[1] / n[1];
    double ss = 0;
    double q = 0;
    for (int j = 0; j < k; j++) {
      double d = y[j] - (candidateFirst.get(j) ? m1 : m0);
      ss += d * d;
      q += d * d / v[j];
    }
    double s2 = ss / (k - 2);
    double seCross = Math.sqrt(s2 / 4 * (1.0 / n[0] + 1.0 / n[1]));
    double sePairs =
        Math.sqrt((sumV[0] / ((double) n[0] * n[0]) + sumV[1] / ((double) n[1] * n[1])) / 4);
    // baseline first: ln(B/A) = change + order effect; this build first: change - order effect
    return new Combined(
        (m0 + m1) / 2,
        Math.max(seCross, sePairs),
        k - 2,
        q,
        (m0 - m1) / 2,
        "AB/BA cross-over over the JVMs, t on jvms - 2 df",
        y);
  }

  /** DerSimonian-Laird's between-JVM variance, Hartung-Knapp's spread, never below the model's. */
  private static Combined randomEffects(double[] y, double[] v) {
    int k = y.length;
    double sw = 0;
    double sw2 = 0;
    double swy = 0;
    for (int j = 0; j < k; j++) {
      sw += 1 / v[j];
      sw2 += 1 / (v[j] * v[j]);
      swy += y[j] / v[j];
    }
    double fixed = swy / sw;
    double q = 0;
    for (int j = 0; j < k; j++) {
      q += (y[j] - fixed) * (y[j] - fixed) / v[j];
    }
    double tau2 = Math.max(0, (q - (k - 1)) / (sw - sw2 / sw));
    double rw = 0;
    double rwy = 0;
    for (int j = 0; j < k; j++) {
      rw += 1 / (v[j] + tau2);
      rwy += y[j] / (v[j] + tau2);
    }
    double mu = rwy / rw;
    double hk = 0;
    for (int j = 0; j < k; j++) {
      hk += (y[j] - mu) * (y[j] - mu) / (v[j] + tau2);
    }
    hk /= k - 1;
    return new Combined(
        mu,
        Math.sqrt(Math.max(1, hk) / rw),
        k - 1,
        q,
        Double.NaN,
        "random effects over the JVMs (DerSimonian-Laird, Hartung-Knapp t on jvms - 1 df)",
        y);
  }

  private static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  private static double variance(double[] v, double mean) {
    double ss = 0;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
    }
    return ss / (v.length - 1);
  }
}
