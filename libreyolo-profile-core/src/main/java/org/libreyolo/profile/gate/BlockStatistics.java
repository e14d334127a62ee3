package org.libreyolo.profile.gate;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.result.ProfileRows.Blocks;

/**
 * The stored-baseline gate's statistic (docs/statistics.md, "The stored-baseline gate"). The
 * unit is a block: its value is {@code ln(step block median / canary around it)} (plain
 * {@code ln(step block median)} for steps that do not run on the engine). The change is
 * the ratio of the two runs' mean block values, {@code exp(mean current - mean baseline) - 1}.
 * Its interval adds two parts: Welch's t over the blocks (the noise inside each run) and the
 * machine's noise between processes ({@code processNoise}, the standard deviation of a run's
 * mean log time across processes, which no single run can see and the gate study measures).
 *
 * @param machineChange the canary's change between the runs (machine speed, not the step)
 * @param drift the largest canary change inside either run (second half against first, {@link #drift})
 * @param rawChange the change of the step's own block times, before normalisation
 * @param normalised whether the step was divided by the canary (both runs asked for it)
 * @param blocksBefore blocks in the baseline run
 * @param blocksAfter blocks in the current run
 * @param change the estimated change, a fraction (+0.10 = 10% slower)
 * @param ciLow the interval's lower end, a fraction
 * @param ciHigh the interval's upper end, a fraction
 * @param mde the minimum detectable effect, a fraction
 */
@Api(status = Api.Status.EXPERIMENTAL)
public record BlockStatistics(int blocksBefore, int blocksAfter, double change, double ciLow, double ciHigh,
    double mde, double machineChange, double drift, double rawChange, boolean normalised) {
  /** Welch's t needs a spread on each side; fewer blocks cannot give one worth reading. */
  public static final int MIN_BLOCKS = 3;

  /**
   * Whether both profiles carry blocks of the same canary (otherwise the gate cannot judge time).
   *
   * @param before the baseline run's blocks
   * @param after the current run's blocks
   * @return whether the blocks can be compared
   */
  public static boolean applicable(Blocks before, Blocks after) {
    return before != null && after != null && before.valid() && after.valid() && before.canary().equals(after.canary())
        && before.stepMs().length >= MIN_BLOCKS && after.stepMs().length >= MIN_BLOCKS;
  }

  /**
   * @param alpha the interval is two-sided at {@code 1 - alpha}
   * @param processNoise the standard deviation of one run's mean log block value across processes
   * @param before the baseline run's blocks
   * @param after the current run's blocks
   * @return the change, its interval and the MDE
   */
  public static BlockStatistics of(Blocks before, Blocks after, double alpha, double processNoise) {
    boolean normalise = before.normalised() && after.normalised();
    double[] a = values(before, normalise);
    double[] b = values(after, normalise);
    double va = StatUtils.variance(a) / a.length;
    double vb = StatUtils.variance(b) / b.length;
    double within = Math.sqrt(va + vb);
    double df = within == 0 ? a.length + b.length - 2
        : (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
    TDistribution t = new TDistribution(null, Math.max(1, df));
    NormalDistribution z = new NormalDistribution(null, 0, 1);
    double between = Math.sqrt(2) * processNoise; // one process on each side
    double half = Math.hypot(t.inverseCumulativeProbability(1 - alpha / 2) * within,
        z.inverseCumulativeProbability(1 - alpha / 2) * between);
    double power = Math.hypot((t.inverseCumulativeProbability(1 - alpha / 2) + t.inverseCumulativeProbability(0.8))
        * within, (z.inverseCumulativeProbability(1 - alpha / 2) + z.inverseCumulativeProbability(0.8)) * between);
    double d = StatUtils.mean(b) - StatUtils.mean(a);
    return new BlockStatistics(a.length, b.length, Math.expm1(d), Math.expm1(d - half), Math.expm1(d + half),
        Math.expm1(power),
        Math.expm1(StatUtils.mean(logs(after.canaryMs())) - StatUtils.mean(logs(before.canaryMs()))),
        Math.max(drift(before.canaryMs()), drift(after.canaryMs())),
        Math.expm1(StatUtils.mean(logs(after.stepMs())) - StatUtils.mean(logs(before.stepMs()))), normalise);
  }

  /** Per block {@code ln(step / canary)}, or {@code ln(step)} when not normalised. */
  private static double[] values(Blocks blocks, boolean normalise) {
    double[] out = new double[blocks.stepMs().length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.log(normalise ? blocks.stepMs()[i] / blocks.canaryMs()[i] : blocks.stepMs()[i]);
    }
    return out;
  }

  private static double[] logs(double[] values) {
    double[] out = new double[values.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.log(values[i]);
    }
    return out;
  }

  /**
   * How far the machine's speed moved during a run: the canary's median over the second half of
   * the blocks against the first half, as a factor minus one in either direction. Medians of
   * halves, not max/min: one slow canary boundary (a neighbour's burst) is not a changed machine.
   */
  static double drift(double[] canary) {
    int half = canary.length / 2;
    if (half == 0) {
      return 0;
    }
    double first = median(java.util.Arrays.copyOfRange(canary, 0, half));
    double second = median(java.util.Arrays.copyOfRange(canary, canary.length - half, canary.length));
    return Math.expm1(Math.abs(Math.log(second / first)));
  }

  private static double median(double[] values) {
    return new org.apache.commons.math3.stat.descriptive.rank.Median().evaluate(values);
  }

}
