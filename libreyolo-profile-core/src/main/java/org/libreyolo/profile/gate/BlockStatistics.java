package org.libreyolo.profile.gate;

import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.result.SampleRows.Blocks;

/**
 * The stored-baseline gate's statistic (docs/statistics.md, "The stored-baseline gate"). The unit
 * of evidence is the process: a fork's value is the mean over its blocks of {@code ln(step block
 * median / canary around it)} (plain {@code ln(step block median)} for steps that do not run on the
 * engine). The change is {@code exp(mean current - mean baseline) - 1} over the processes of each
 * side. A side measured in two or more forks brings its own between-process spread (Welch's t over
 * the forks) and the noise between jobs its forks cannot see ({@code jobNoise}, z); a side measured
 * in one process cannot, so it brings the spread of its blocks (t) and the between-process noise
 * the gate study measured ({@code processNoise}, z).
 *
 * @param blocksBefore blocks in the baseline run, over its forks
 * @param blocksAfter blocks in the current run, over its forks
 * @param forksBefore processes of the baseline run (1 without forks)
 * @param forksAfter processes of the current run
 * @param change the estimated change, a fraction (+0.10 = 10% slower)
 * @param ciLow the interval's lower end, a fraction
 * @param ciHigh the interval's upper end, a fraction
 * @param mde the minimum detectable effect (power 0.8), a fraction
 * @param machineChange the canary's change between the runs (machine speed, not the step)
 * @param drift the larger canary change inside either run, its forks in order (second half against
 *     first, {@link #drift})
 * @param rawChange the change of the step's own block times, before normalisation
 * @param normalised whether the step was divided by the canary (both runs asked for it)
 * @param logSe the standard error of the change's log that the sides' own spread gives (Welch's
 *     part of the interval; what more forks would narrow)
 * @param df its degrees of freedom (Welch-Satterthwaite)
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record BlockStatistics(
    int blocksBefore,
    int blocksAfter,
    int forksBefore,
    int forksAfter,
    double change,
    double ciLow,
    double ciHigh,
    double mde,
    double machineChange,
    double drift,
    double rawChange,
    boolean normalised,
    double logSe,
    double df) {
  /**
   * Welch's t needs a spread on each side; fewer blocks in one process cannot give one worth
   * reading.
   */
  public static final int MIN_BLOCKS = 3;

  /** Forks that estimate their own between-process spread. */
  public static final int MIN_FORKS = 2;

  /**
   * Whether both sides carry blocks of the same canary (otherwise the gate cannot judge time): a
   * forked side needs every fork valid, a one-process side {@link #MIN_BLOCKS} blocks.
   *
   * @param before the baseline's processes
   * @param after the current run's processes
   * @return whether the blocks can be compared
   */
  public static boolean applicable(List<Blocks> before, List<Blocks> after) {
    return usable(before) && usable(after) && before.get(0).canary().equals(after.get(0).canary());
  }

  private static boolean usable(List<Blocks> side) {
    if (side.isEmpty() || side.stream().anyMatch(b -> b == null || !b.valid())) {
      return false;
    }
    String canary = side.get(0).canary();
    return side.stream().allMatch(b -> b.canary().equals(canary))
        && (side.size() >= MIN_FORKS || side.get(0).stepMs().length >= MIN_BLOCKS);
  }

  /**
   * @param before the baseline's processes (its forks, or its one process)
   * @param after the current run's processes
   * @param alpha the interval is two-sided at {@code 1 - alpha}
   * @param processNoise the standard deviation of one process's mean log block value across
   *     processes, for a side that cannot estimate it
   * @param jobNoise the standard deviation between jobs that a forked side's forks cannot see
   * @return the change, its interval and the MDE
   */
  public static BlockStatistics of(
      List<Blocks> before, List<Blocks> after, double alpha, double processNoise, double jobNoise) {
    boolean normalise =
        before.stream().allMatch(Blocks::normalised) && after.stream().allMatch(Blocks::normalised);
    Side a = side(before, normalise, processNoise, jobNoise);
    Side b = side(after, normalise, processNoise, jobNoise);
    double tVar = a.tVar + b.tVar;
    double within = Math.sqrt(tVar);
    double dfDen =
        (a.tVar == 0 ? 0 : a.tVar * a.tVar / a.df) + (b.tVar == 0 ? 0 : b.tVar * b.tVar / b.df);
    double df = dfDen == 0 ? a.df + b.df : tVar * tVar / dfDen;
    TDistribution t = new TDistribution(null, Math.max(1, df));
    NormalDistribution z = new NormalDistribution(null, 0, 1);
    double between = Math.sqrt(a.zVar + b.zVar);
    double ta = t.inverseCumulativeProbability(1 - alpha / 2);
    double za = z.inverseCumulativeProbability(1 - alpha / 2);
    double half = Math.hypot(ta * within, za * between);
    double power =
        Math.hypot(
            (ta + t.inverseCumulativeProbability(0.8)) * within,
            (za + z.inverseCumulativeProbability(0.8)) * between);
    double d = b.mean - a.mean;
    // a run's forks in order are its timeline: a sustained change is its second half of canary
    // blocks against its first, over all its forks (a fork's own few blocks would be one boundary)
    double drift = Math.max(drift(canaries(before)), drift(canaries(after)));
    return new BlockStatistics(
        a.blocks,
        b.blocks,
        before.size(),
        after.size(),
        Math.expm1(d),
        Math.expm1(d - half),
        Math.expm1(d + half),
        Math.expm1(power),
        Math.expm1(meanLog(after, true) - meanLog(before, true)),
        drift,
        Math.expm1(meanLog(after, false) - meanLog(before, false)),
        normalise,
        within,
        df);
  }

  /**
   * One side: its mean of process values, the variance of that mean known from its own spread
   * ({@code tVar}, with {@code df}) and the part only the study's process noise can supply ({@code
   * zVar}).
   */
  private record Side(double mean, double tVar, double df, double zVar, int blocks) {}

  private static Side side(
      List<Blocks> processes, boolean normalise, double processNoise, double jobNoise) {
    int blocks = 0;
    double[] means = new double[processes.size()];
    for (int k = 0; k < means.length; k++) {
      means[k] = processValue(processes.get(k), normalise);
      blocks += processes.get(k).stepMs().length;
    }
    if (means.length >= MIN_FORKS) {
      // the forks' spread (t) and the job's own state, shared by all its forks (z)
      return new Side(
          StatUtils.mean(means),
          StatUtils.variance(means) / means.length,
          means.length - 1,
          jobNoise * jobNoise,
          blocks);
    }
    double[] v = values(processes.get(0), normalise);
    return new Side(
        means[0],
        StatUtils.variance(v) / v.length,
        v.length - 1,
        processNoise * processNoise,
        blocks);
  }

  /** Mean log time over every block of a side: the canary's ({@code canary}) or the step's own. */
  private static double meanLog(List<Blocks> processes, boolean canary) {
    double sum = 0;
    int n = 0;
    for (Blocks b : processes) {
      for (double v : canary ? b.canaryMs() : b.stepMs()) {
        sum += Math.log(v);
        n++;
      }
    }
    return sum / n;
  }

  private static double[] canaries(List<Blocks> processes) {
    return processes.stream().flatMapToDouble(b -> java.util.Arrays.stream(b.canaryMs())).toArray();
  }

  /**
   * One process's value, the gate's unit: the mean over its blocks of {@code ln(step / canary)}
   * ({@code ln(step)} when not normalised).
   *
   * @param blocks the process's blocks
   * @param normalise whether to divide by the canary
   * @return the mean log block value
   */
  public static double processValue(Blocks blocks, boolean normalise) {
    return StatUtils.mean(values(blocks, normalise));
  }

  /** Per block {@code ln(step / canary)}, or {@code ln(step)} when not normalised. */
  private static double[] values(Blocks blocks, boolean normalise) {
    double[] out = new double[blocks.stepMs().length];
    for (int i = 0; i < out.length; i++) {
      out[i] = Math.log(normalise ? blocks.stepMs()[i] / blocks.canaryMs()[i] : blocks.stepMs()[i]);
    }
    return out;
  }

  /**
   * How far the machine's speed moved during a run: the canary's median over the second half of the
   * blocks against the first half, as a factor minus one in either direction. Medians of halves,
   * not max/min: one slow canary boundary (a neighbour's burst) is not a changed machine.
   */
  static double drift(double[] canary) {
    int half = canary.length / 2;
    if (half == 0) {
      return 0;
    }
    double first = LatencyStats.median(java.util.Arrays.copyOfRange(canary, 0, half));
    double second =
        LatencyStats.median(
            java.util.Arrays.copyOfRange(canary, canary.length - half, canary.length));
    return Math.expm1(Math.abs(Math.log(second / first)));
  }
}
