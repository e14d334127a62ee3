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
    return switch (p.verdict()) {
      case PASS -> true;
      case REGRESSION -> p.ciLow() >= threshold / 2;
      case IMPROVED -> p.ciHigh() <= -threshold / 2;
      default -> false;
    };
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
  public double quantile(int look, int df) {
    if (at.length == 1) { // the fixed-length interval, as it always was
      return new TDistribution(null, df).inverseCumulativeProbability(1 - alpha / 2);
    }
    double tail = new NormalDistribution(null, 0, 1).cumulativeProbability(-z[look]);
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
