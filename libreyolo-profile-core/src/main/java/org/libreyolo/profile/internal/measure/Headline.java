package org.libreyolo.profile.internal.measure;

import java.util.List;
import java.util.Map;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.result.ProfileRows;

/**
 * Every headline figure of a measurement, computed once, one definition for every producer (one
 * process, pooled forks, a custom step): the latency percentiles and mean of its iterations, the
 * stage means, the mean step and the throughput as {@code items} over that mean (the reference's
 * definition, rounded as it rounds). The writers put these values under the profile's keys; none
 * computes a figure of its own.
 *
 * @param stats the iterations' latency statistics
 * @param meanMs the mean step the throughput is built on, ms
 * @param imgPerS items per second
 * @param latency {@code latency}: p50, p90, p99, mean, min, max, n
 * @param stages {@code stages_ms}: each stage's mean, 3 decimals
 */
public record Headline(
    LatencyStats stats,
    double meanMs,
    double imgPerS,
    ProfileRows.Latency latency,
    Map<String, Double> stages) {

  /**
   * @param latencyMs every measured iteration, pooled (forks in order)
   * @param stageMs every stage's iterations, pooled
   * @param items items one iteration processes (the batch)
   * @param parts the stages whose means add up to the step when no iteration was timed whole (none:
   *     the step is then 0)
   * @return the figures
   */
  public static Headline of(
      double[] latencyMs, Map<String, double[]> stageMs, int items, List<String> parts) {
    LatencyStats stats = LatencyStats.of(latencyMs);
    Map<String, Double> stages = ProfileAssembler.means(stageMs);
    double meanMs = stats.mean();
    if (stats.n() == 0) {
      meanMs = 0; // added in order, as a plain sum (no compensated stream sum)
      for (String part : parts) {
        meanMs += stages.getOrDefault(part, 0.0);
      }
    }
    return new Headline(
        stats,
        meanMs,
        ProfileAssembler.perSecond(items, meanMs),
        ProfileAssembler.latency(stats, meanMs),
        stages);
  }

  /**
   * @param stage a stage's name
   * @return its mean, 3 decimals; 0 when it was not measured
   */
  public double stageMs(String stage) {
    return stages.getOrDefault(stage, 0.0);
  }
}
