package org.libreyolo.profile.compare;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.Variance;
import org.apache.commons.math3.stat.descriptive.rank.Median;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.apache.commons.math3.stat.inference.TTest;
import org.libreyolo.profile.Api;

/**
 * Statistics of two samples of a time-like metric (docs/statistics.md): Welch's t-test on log
 * values (ratio of geometric means with a 95% CI), Mann-Whitney U with the Hodges-Lehmann shift, a
 * seeded bootstrap CI of the relative change in the median, and the minimum detectable effect at
 * the observed noise. Needs at least 2 samples per side.
 *
 * @param nBefore the earlier side's samples
 * @param nAfter the later side's samples
 * @param ratio the ratio of the geometric means, after over before
 * @param ratioLow its 95% interval's low end
 * @param ratioHigh its high end
 * @param welchP Welch's two-sided p on the log values
 * @param mannWhitneyP Mann-Whitney U's two-sided p
 * @param hodgesLehmann the Hodges-Lehmann shift, after less before, in the metric's unit
 * @param medianChange the relative change in the median
 * @param medianChangeLow its bootstrap 95% interval's low end
 * @param medianChangeHigh its high end
 * @param mde the minimum detectable relative effect at the observed noise (power 0.8)
 * @param cv the pooled coefficient of variation
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record SampleStatistics(
    int nBefore,
    int nAfter,
    double ratio,
    double ratioLow,
    double ratioHigh,
    double welchP,
    double mannWhitneyP,
    double hodgesLehmann,
    double medianChange,
    double medianChangeLow,
    double medianChangeHigh,
    double mde,
    double cv) {

  /** The bootstrap's resamples (seeded: the same samples give the same interval). */
  public static final int BOOTSTRAP_RESAMPLES = 10_000;

  private static final long SEED = 20261202L;

  /**
   * {@return whether both samples can be tested: at least 2 values each, all positive and finite}
   *
   * @param a one sample
   * @param b the other
   */
  public static boolean applicable(double[] a, double[] b) {
    return a.length >= 2 && b.length >= 2 && positive(a) && positive(b);
  }

  private static boolean positive(double[] values) {
    for (double v : values) {
      if (!(v > 0) || Double.isInfinite(v)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Tests two samples.
   *
   * @param before the earlier side's values (each positive)
   * @param after the later side's values
   * @param alpha significance level used for the MDE (power 0.8)
   * @return the statistics
   */
  public static SampleStatistics of(double[] before, double[] after, double alpha) {
    double[] la = log(before);
    double[] lb = log(after);
    Mean mean = new Mean();
    Variance var = new Variance();
    double ma = mean.evaluate(la);
    double mb = mean.evaluate(lb);
    double va = var.evaluate(la);
    double vb = var.evaluate(lb);
    double se = Math.sqrt(va / la.length + vb / lb.length);
    double diff = mb - ma;
    double welchP;
    double low;
    double high;
    if (se == 0) {
      welchP = diff == 0 ? 1.0 : 0.0;
      low = diff;
      high = diff;
    } else {
      double df =
          Math.pow(va / la.length + vb / lb.length, 2)
              / (Math.pow(va / la.length, 2) / (la.length - 1)
                  + Math.pow(vb / lb.length, 2) / (lb.length - 1));
      double t = new TDistribution(null, df).inverseCumulativeProbability(0.975);
      welchP = new TTest().tTest(la, lb);
      low = diff - t * se;
      high = diff + t * se;
    }
    double mwP = new MannWhitneyUTest().mannWhitneyUTest(before, after);
    double[] bootstrap = bootstrapMedianChange(before, after);
    double cv = Math.sqrt(va); // sd of log values ~ coefficient of variation
    double z =
        new NormalDistribution(null, 0, 1).inverseCumulativeProbability(1 - alpha / 2)
            + new NormalDistribution(null, 0, 1).inverseCumulativeProbability(0.8);
    double mde = z * cv * Math.sqrt(1.0 / la.length + 1.0 / lb.length);
    return new SampleStatistics(
        before.length,
        after.length,
        Math.exp(diff),
        Math.exp(low),
        Math.exp(high),
        welchP,
        mwP,
        hodgesLehmann(before, after),
        bootstrap[0],
        bootstrap[1],
        bootstrap[2],
        mde,
        cv);
  }

  private static double[] log(double[] values) {
    double[] out = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = Math.log(values[i]);
    }
    return out;
  }

  /** Median of all pairwise differences after - before. */
  static double hodgesLehmann(double[] before, double[] after) {
    double[] d = new double[before.length * after.length];
    int k = 0;
    for (double b : after) {
      for (double a : before) {
        d[k++] = b - a;
      }
    }
    return new Median().evaluate(d);
  }

  /** {point, 2.5%, 97.5%} of median(after)/median(before) - 1 over seeded resamples. */
  static double[] bootstrapMedianChange(double[] before, double[] after) {
    Median median = new Median();
    double point = median.evaluate(after) / median.evaluate(before) - 1;
    SplittableRandom random = new SplittableRandom(SEED);
    double[] changes = new double[BOOTSTRAP_RESAMPLES];
    double[] ra = new double[before.length];
    double[] rb = new double[after.length];
    for (int r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
      for (int i = 0; i < ra.length; i++) {
        ra[i] = before[random.nextInt(before.length)];
      }
      for (int i = 0; i < rb.length; i++) {
        rb[i] = after[random.nextInt(after.length)];
      }
      changes[r] = median.evaluate(rb) / median.evaluate(ra) - 1;
    }
    Arrays.sort(changes);
    return new double[] {
      point,
      changes[(int) (0.025 * (BOOTSTRAP_RESAMPLES - 1))],
      changes[(int) Math.ceil(0.975 * (BOOTSTRAP_RESAMPLES - 1))]
    };
  }
}
