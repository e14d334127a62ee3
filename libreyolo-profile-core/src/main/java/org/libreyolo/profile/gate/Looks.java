package org.libreyolo.profile.gate;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.compare.GroupSequential;

/**
 * When an in-job A/B looks at its pairs, and how wide its interval is at each look: {@code count}
 * looks at equal shares of the pairs (each after an even number, so every look sees as many AB as
 * BA pairs), the interval at look {@code k} a repeated confidence interval on O'Brien and Fleming's
 * boundary (docs/statistics.md, "Stopping when decided"). The A/B stops at the first look whose
 * verdict is decided ({@link #stops}); all the looks' intervals cover the change at once with
 * probability {@code 1 - alpha}, so stopping early costs no error rate. Early looks are wide (a
 * quarter of the pairs: twice the last look's boundary), so they stop a clear change and leave a
 * close call to the end, whose boundary is within about 1% of the fixed-length one.
 *
 * @param at the units measured at each look (pairs; JVMs across versions), increasing, the last the
 *     A/B's most
 * @param z the boundary at each look on the normal scale
 * @param alpha the level the looks share
 * @param boundary the boundaries' shape, as the estimator names it ({@code O'Brien-Fleming
 *     boundary})
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record Looks(int[] at, double[] z, double alpha, String boundary) {
  /** More looks than this gain almost nothing and cost the last look's width. */
  public static final int MAX = 10;

  /** The standard normal the boundaries are drawn on. */
  private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

  public Looks {
    at = at.clone();
    z = z.clone();
  }

  /**
   * The looks of an A/B of {@code pairs} pairs.
   *
   * @param count looks, 1 (only at the end: a fixed-length A/B) to {@link #MAX}
   * @param pairs the pairs the A/B measures at most
   * @param alpha the significance level, within (0, 1)
   * @return the looks; fewer than {@code count} when the pairs are too few to share
   */
  public static Looks of(int count, int pairs, double alpha) {
    checkCount(count);
    int[] at = new int[count];
    int n = 0;
    for (int k = 1; k <= count; k++) {
      int even = Math.max(PairedBlocks.MIN_PAIRS, 2 * (int) Math.round(pairs * k / (2.0 * count)));
      int look = k == count ? pairs : Math.min(even, pairs);
      if (n == 0 || look > at[n - 1]) {
        at[n++] = look;
      }
    }
    at = Arrays.copyOf(at, n);
    double[] fractions = new double[n];
    for (int k = 0; k < n; k++) {
      fractions[k] = (double) at[k] / pairs;
    }
    return new Looks(
        at, GroupSequential.obrienFleming(fractions, alpha), alpha, "O'Brien-Fleming boundary");
  }

  /**
   * The share of the level the versions A/B spends by information fraction {@code t}: {@code t^RHO}
   * of it (Kim and DeMets' power family, Biometrika 74, 1987), front-loaded so that its first look,
   * at the JVMs it always ran, is within about 6% of the fixed-length width (two looks at 0.05:
   * 0.042 spent there).
   */
  static final double JVM_SPENDING_RHO = 0.25;

  /**
   * The looks of an A/B across versions, whose unit is the JVM: the first after {@code jvms} JVMs
   * (what a fixed-length A/B runs), each later one after {@code jvms} more, which only the steps
   * still undecided run. A decided step costs what it did, an undecided one gets more JVMs instead
   * of an INCONCLUSIVE, and the looks' intervals still cover at once at {@code 1 - alpha}.
   *
   * @param count looks, 1 (a fixed-length A/B) to {@link #MAX}
   * @param jvms the JVMs per look
   * @param alpha the significance level, within (0, 1)
   * @return the looks, {@code at} counting JVMs
   */
  public static Looks overJvms(int count, int jvms, double alpha) {
    checkJvmLooks(count);
    int[] at = new int[count];
    double[] fractions = new double[count];
    double[] spent = new double[count];
    for (int k = 0; k < count; k++) {
      at[k] = (k + 1) * jvms;
      fractions[k] = (k + 1.0) / count;
      spent[k] = alpha * Math.pow(fractions[k], JVM_SPENDING_RHO);
    }
    return new Looks(
        at,
        GroupSequential.spending(fractions, spent),
        alpha,
        "Kim-DeMets boundary, alpha spent as (share of the JVMs)^" + JVM_SPENDING_RHO + ",");
  }

  /**
   * Refuses a count of looks outside 1 to {@link #MAX}, naming the option.
   *
   * @param count the looks asked for
   */
  public static void checkCount(int count) {
    checkWithin(count, "{looks} must be within 1 (only at the end)");
  }

  /**
   * Refuses a count of looks across versions outside 1 to {@link #MAX}, naming the option.
   *
   * @param count the looks asked for
   */
  public static void checkJvmLooks(int count) {
    checkWithin(count, "{abLooks} must be within 1 (only after abJvms JVMs)");
  }

  private static void checkWithin(int count, String mustBe) {
    if (count < 1 || count > MAX) {
      throw LibreYoloException.badInput(mustBe + " and " + MAX + ", got " + count);
    }
  }

  /**
   * @return the looks
   */
  public int count() {
    return at.length;
  }

  /**
   * The look made after {@code pairs} pairs.
   *
   * @param pairs pairs measured so far
   * @return its index (0 the first), or -1 when no look falls there
   */
  public int lookAfter(int pairs) {
    for (int k = 0; k < at.length; k++) {
      if (at[k] == pairs) {
        return k;
      }
    }
    return -1;
  }

  /**
   * Whether an A/B stops at a look before the last: PASS stops it; a REGRESSION or IMPROVED only
   * when the interval's near end lies beyond half the threshold. An early look's estimate is
   * noisier than the last one's, and a change below the threshold would more often overshoot it
   * there: in simulation, a +1% change at a 2% threshold read REGRESSION in 5.3% of sequential A/Bs
   * on the plain rule against 2.4% at fixed length; with the half-threshold margin, 2.4% again,
   * while a +5% change still stopped after 1.9 looks of 4 on average (docs/statistics.md).
   *
   * @param p the verdict at the look
   * @param threshold the relative change that counts
   * @return whether the A/B stops there
   */
  public static boolean stops(PairedBlocks p, double threshold) {
    return stops(p.verdict(), p.ciLow(), p.ciHigh(), threshold);
  }

  /**
   * {@link #stops(PairedBlocks, double)} for any interval's verdict (the forks' gate).
   *
   * @param verdict the verdict at the look
   * @param ciLow its interval's lower end, a fraction
   * @param ciHigh its upper end
   * @param threshold the relative change that counts
   * @return whether the A/B stops there
   */
  public static boolean stops(Verdict verdict, double ciLow, double ciHigh, double threshold) {
    return switch (verdict) {
      case PASS -> true;
      case REGRESSION -> ciLow >= threshold / 2;
      case IMPROVED -> ciHigh <= -threshold / 2;
      default -> false;
    };
  }

  /**
   * The chance that the last look decides (REGRESSION, IMPROVED or PASS) a step undecided after
   * {@code measured} units: its predictive power (Spiegelhalter, Freedman and Blackburn, Controlled
   * Clinical Trials 7, 1986), the chance under the present estimate with its own uncertainty
   * averaged in. With {@code N} units at the last look and {@code s = measured / N}, the last
   * estimate of the log-ratio is then normal around the present one with a spread of {@code se √(1
   * - s)}, its half-width {@code q √s se} on the last look's boundary; the rule decides where the
   * estimate lies beyond {@code max(q √s se, ln(1 + threshold))} (slower) or below {@code ln(1 +
   * threshold) - q √s se} (no slowdown of that size, or faster). The last look alone counts (a look
   * between stops only what it would decide anyway). Power under the present estimate taken as the
   * truth (conditional power) stops more: in simulation it gave up 3% of the A/Bs that found a real
   * +6% change at a wide first look, this rule 1% (docs/statistics.md, "Looks across versions").
   *
   * @param change the estimated change now, a fraction
   * @param logSe the standard error of its log now
   * @param lastDf the degrees of freedom the last look's interval will have
   * @param measured the units the estimate rests on (JVMs, or forks a side, for {@link #overJvms})
   * @param threshold the relative change that counts
   * @return the probability, within [0, 1]; 0 where no unit remains to measure
   */
  public double chanceToDecide(
      double change, double logSe, double lastDf, int measured, double threshold) {
    int last = at[at.length - 1];
    if (measured >= last || !(logSe > 0)) {
      return 0;
    }
    double s = (double) measured / last;
    double m = Math.log1p(change);
    double spread = logSe * Math.sqrt(1 - s);
    double half = quantile(at.length - 1, lastDf) * logSe * Math.sqrt(s);
    double up = Math.log1p(threshold);
    return 1
        - NORMAL.cumulativeProbability((Math.max(half, up) - m) / spread)
        + NORMAL.cumulativeProbability((up - half - m) / spread);
  }

  /**
   * {@link #chanceToDecide(double, double, double, int, double)} for the pairs of an A/B's JVMs:
   * each JVM to come adds a degree of freedom.
   *
   * @param p the step's verdict at the present look
   * @param threshold the relative change that counts
   * @return the probability, within [0, 1]
   */
  public double chanceToDecide(PairedBlocks p, double threshold) {
    int more = at[at.length - 1] - p.jvms();
    return chanceToDecide(p.change(), p.logSe(), p.df() + more, p.jvms(), threshold);
  }

  /**
   * The level of a fixed-length interval as wide as the one at look {@code look} (on the normal
   * scale): what a gate that takes a level, not a boundary, is handed at that look.
   *
   * @param look the look's index
   * @return {@code 2 (1 - Φ(z))}; {@code alpha} itself with one look
   */
  public double levelAt(int look) {
    return at.length == 1 ? alpha : 2 * NORMAL.cumulativeProbability(-z[look]);
  }

  /**
   * The interval's quantile at a look on {@code df} degrees of freedom: the t quantile with the
   * same tail as the look's normal boundary (the variance is estimated at each look; Jennison and
   * Turnbull, "Group Sequential Methods", 2000, ch. 11, take the same step).
   *
   * @param look the look's index
   * @param df the degrees of freedom of its interval
   * @return the quantile; with one look, {@code t(1 - alpha / 2, df)}, the fixed-length interval's
   */
  public double quantile(int look, double df) {
    if (at.length == 1) { // the fixed-length interval, as it always was
      return new TDistribution(null, df).inverseCumulativeProbability(1 - alpha / 2);
    }
    double tail = NORMAL.cumulativeProbability(-z[look]);
    return new TDistribution(null, df).inverseCumulativeProbability(1 - tail);
  }

  /**
   * What an interval at a look is, for the estimator's description; empty with one look.
   *
   * @param look the look's index
   * @return {@code "; look 2 of 4, a repeated confidence interval (... z = 2.86)"}, or empty
   */
  public String describe(int look) {
    return at.length == 1
        ? ""
        : String.format(
            Locale.ROOT,
            "; look %d of %d, a repeated confidence interval (%s z = %.2f)",
            look + 1,
            at.length,
            boundary,
            z[look]);
  }
}
