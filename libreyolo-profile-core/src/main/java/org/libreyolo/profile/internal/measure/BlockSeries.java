package org.libreyolo.profile.internal.measure;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.SampleRows;

/**
 * Per block, the step's median iteration and the canary's time around it: the independent unit the
 * stored-baseline gate tests with (docs/statistics.md, "Blocks and the canary"). A block's canary
 * time is the geometric mean of the canary blocks just before and just after it, so a machine that
 * slows down during the block shows in both.
 *
 * @param runsPerBlock iterations per block (the last block takes the remainder)
 * @param stepMs per block, the median iteration in ms
 * @param quantiles per block, each other quantile a gated metric names ({@link
 *     Metric#blockQuantiles()}), by its key in {@code samples.blocks}
 * @param canaryMs per block, the canary's median call in ms around it
 * @param canary what the canary computes
 * @param normalised whether the gate divides the step by the canary: only for steps that run on the
 *     engine as the canary does (a sleeping or I/O-bound step does not follow its speed; the canary
 *     then serves only the noise sentinel)
 */
public record BlockSeries(
    int runsPerBlock,
    double[] stepMs,
    double[] canaryMs,
    String canary,
    boolean normalised,
    Map<String, double[]> quantiles) {

  /** Block index of iteration {@code m}: a remainder shorter than a block joins the last one. */
  static int blockOf(int m, int runs, int runsPerBlock) {
    int blocks = Math.max(1, runs / runsPerBlock);
    return Math.min(m / runsPerBlock, blocks - 1);
  }

  static boolean endsBlock(int m, int runs, int runsPerBlock) {
    return m == runs - 1 || (blockOf(m + 1, runs, runsPerBlock) != blockOf(m, runs, runsPerBlock));
  }

  /**
   * @param canaryBoundaries canary medians before the first block and after each block
   */
  static BlockSeries of(
      double[] totalMs,
      int runsPerBlock,
      double[] canaryBoundaries,
      String canary,
      boolean normalised) {
    int blocks = canaryBoundaries.length - 1;
    double[] step = new double[blocks];
    double[] around = new double[blocks];
    // the median is step_ms; every other quantile the registry names gets its own series
    List<Double> tails = Metric.blockQuantiles().stream().filter(q -> q != 0.5).toList();
    Map<String, double[]> quantiles = new LinkedHashMap<>();
    tails.forEach(q -> quantiles.put(Metric.blockKey(q), new double[blocks]));
    for (int k = 0; k < blocks; k++) {
      int from = k * runsPerBlock;
      int to = k == blocks - 1 ? totalMs.length : from + runsPerBlock;
      double[] sorted = Arrays.copyOfRange(totalMs, from, to);
      Arrays.sort(sorted);
      step[k] = LatencyStats.median(sorted);
      for (double q : tails) {
        // the headline's percentile (nearest rank), so a block's p90 reads as the profile's
        quantiles.get(Metric.blockKey(q))[k] = LatencyStats.percentile(sorted, q * 100);
      }
      around[k] = Math.sqrt(canaryBoundaries[k] * canaryBoundaries[k + 1]);
    }
    return new BlockSeries(runsPerBlock, step, around, canary, normalised, quantiles);
  }

  /**
   * A profile's blocks, read back (a fork's, a trial's).
   *
   * @param b the blocks as the profile reads them
   * @return the series
   */
  public static BlockSeries of(SampleRows.Blocks b) {
    return new BlockSeries(
        b.runsPerBlock(), b.stepMs(), b.canaryMs(), b.canary(), b.normalised(), b.quantiles());
  }

  /** Several trials' series as one (trials of one process are blocks of one measurement). */
  public static BlockSeries concat(List<BlockSeries> parts) {
    BlockSeries last = parts.get(parts.size() - 1);
    // a series some part lacks (recorded before it existed) is dropped, never left short
    Map<String, double[]> quantiles = new LinkedHashMap<>();
    for (String key : last.quantiles().keySet()) {
      if (parts.stream().allMatch(p -> p.quantiles().containsKey(key))) {
        quantiles.put(
            key,
            parts.stream().flatMapToDouble(p -> Arrays.stream(p.quantiles().get(key))).toArray());
      }
    }
    return new BlockSeries(
        last.runsPerBlock(),
        parts.stream().flatMapToDouble(p -> Arrays.stream(p.stepMs())).toArray(),
        parts.stream().flatMapToDouble(p -> Arrays.stream(p.canaryMs())).toArray(),
        last.canary(),
        last.normalised(),
        quantiles);
  }

  /** {@code samples.blocks} in the profile (docs/profile-schema.md). */
  public ObjectNode json() {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put(ProfileSchema.RUNS_PER_BLOCK, runsPerBlock);
    out.put(ProfileSchema.CANARY, canary);
    out.put(ProfileSchema.NORMALISED, normalised);
    out.set(ProfileSchema.STEP_MS, ProfileAssembler.samples(stepMs));
    out.set(ProfileSchema.CANARY_MS, ProfileAssembler.samples(canaryMs));
    quantiles.forEach((key, values) -> out.set(key, ProfileAssembler.samples(values)));
    return out;
  }
}
