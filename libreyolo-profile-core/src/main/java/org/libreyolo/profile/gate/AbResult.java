package org.libreyolo.profile.gate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.diff.ProfileDiff;

/**
 * What an in-job A/B measured and decided: two arms in one process, alternating blocks, one
 * log-ratio of block medians per pair, judged by {@link PairedBlocks} (docs/statistics.md). The
 * report layer renders it (text, JSON); the producers hand it over.
 *
 * @param file where the A/B result ({@code ab.json}) is written
 * @param baseline the baseline arm's label (A)
 * @param candidate the candidate's label (B)
 * @param config what was measured (input size, batch, threads, ...), as JSON
 * @param settings how the A/B measured and decided
 * @param aMs the baseline's block medians, ms, one per pair
 * @param bMs the candidate's block medians, ms, one per pair
 * @param logRatios ln(b / a) per pair, the independent samples
 * @param verdict the paired-blocks verdict
 * @param aMeanMs the baseline's block means, ms, one per pair (what a call costs, GC included)
 * @param bMeanMs the candidate's block means, ms, one per pair
 * @param meanLogRatios ln(b / a) of the block means per pair
 * @param settleRounds rounds of alternating blocks run before the pairs until the JIT was quiet
 * @param settled whether the JIT was quiet when the pairs began (true when not asked to wait)
 * @param aJavaSamples the baseline arm's Java samples over its blocks ({@code java_samples}), or
 *     null without Flight Recorder
 * @param bJavaSamples the candidate arm's Java samples over its blocks, or null
 * @param diff what changed between the arms (each arm traced after the pairs), or null when the
 *     arms were not traced
 * @param looks when the A/B looked at its pairs; it stopped at the look after {@code
 *     verdict().pairs()} pairs
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record AbResult(
    Path file,
    String baseline,
    String candidate,
    ObjectNode config,
    Settings settings,
    double[] aMs,
    double[] bMs,
    double[] logRatios,
    PairedBlocks verdict,
    double[] aMeanMs,
    double[] bMeanMs,
    double[] meanLogRatios,
    int settleRounds,
    boolean settled,
    ObjectNode aJavaSamples,
    ObjectNode bJavaSamples,
    ProfileDiff diff,
    Looks looks) {
  /**
   * Writes the A/B's file ({@link #file()}): the report's writer, handed to the A/B by the surface,
   * so that measuring never renders.
   */
  @FunctionalInterface
  public interface Writer {
    /**
     * @param r the A/B as it stands
     */
    void write(AbResult r);
  }

  /**
   * The same A/B with what changed between its arms.
   *
   * @param d the diff
   * @return the A/B with the diff
   */
  public AbResult withDiff(ProfileDiff d) {
    return new AbResult(
        file,
        baseline,
        candidate,
        config,
        settings,
        aMs,
        bMs,
        logRatios,
        verdict,
        aMeanMs,
        bMeanMs,
        meanLogRatios,
        settleRounds,
        settled,
        aJavaSamples,
        bJavaSamples,
        d,
        looks);
  }

  /**
   * @return the index of the look the A/B stopped at (0 the first)
   */
  public int look() {
    return looks.lookAfter(verdict.pairs());
  }

  /**
   * @return whether a look before the last decided, so fewer pairs ran than the settings name
   */
  public boolean stoppedEarly() {
    return verdict.pairs() < settings.pairs();
  }

  /**
   * How an A/B measures and decides (the CLI, the Maven goal and the JUnit form share it).
   *
   * @param warmup discarded iterations before the measured ones, at least 0
   * @param pairs A/B pairs, at least 4
   * @param blockRuns iterations per A/B block
   * @param alpha the significance level, within (0, 1)
   * @param maxRegression the slowdown the gate tolerates, a fraction (0.05 = 5%)
   * @param looks how often the A/B looks at its pairs and stops once decided ({@link Looks}; 1:
   *     only at the end)
   */
  public record Settings(
      int warmup, int pairs, int blockRuns, double alpha, double maxRegression, int looks) {
    /**
     * A fixed-length A/B: it looks once, at the end.
     *
     * @param warmup discarded iterations before the measured ones
     * @param pairs A/B pairs
     * @param blockRuns iterations per block
     * @param alpha the significance level
     * @param maxRegression the slowdown the gate tolerates
     */
    public Settings(int warmup, int pairs, int blockRuns, double alpha, double maxRegression) {
      this(warmup, pairs, blockRuns, alpha, maxRegression, 1);
    }
  }
}
