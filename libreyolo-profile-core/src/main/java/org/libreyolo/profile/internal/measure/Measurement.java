package org.libreyolo.profile.internal.measure;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a {@link StepTimer} measured: per measured iteration the wall time of the whole step and of
 * each phase (a phase absent in an iteration counts 0 there), plus the trace of the extra traced
 * iterations (null when tracing was off), the block series (null when measured without blocks), and
 * the Java samples of the measured iterations (null when not sampled) and the process's memory
 * during them ({@link HostMemory}; null off Linux), and per phase each iteration's Java heap
 * allocation on the measuring thread (empty where the JVM does not count it).
 */
public record Measurement(
    double[] totalMs,
    Map<String, double[]> phaseMs,
    Path trace,
    BlockSeries blocks,
    double[] allocatedBytes,
    ObjectNode javaSamples,
    org.libreyolo.profile.result.ProfileRows.HostMemory hostMemory,
    Map<String, double[]> phaseAllocatedBytes) {

  public int iterations() {
    return totalMs.length;
  }

  /**
   * The reference's split point: the first half of the measured iterations gives end-to-end
   * latencies, the second half the per-phase composition (on a GPU that half is synchronised).
   */
  public int half() {
    return Math.max(1, totalMs.length / 2);
  }

  /**
   * Which measured iterations give the whole-step times and which the phase times: on a GPU the
   * reference's two halves (the second synchronises each phase, which costs time); on a CPU, where
   * nothing is synchronised, alternate iterations (odd: the whole step, even: the phases), so a
   * drift during the run (a neighbour starting, the clock slowing) touches both alike and the
   * stages add up to the latency beside them (docs/deviations.md). Same counts either way.
   *
   * @param whole the iterations whose whole-step time is the latency (or step time)
   * @param phases the iterations whose phases make the composition
   */
  public record Split(int[] whole, int[] phases) {}

  /**
   * The split of this measurement's iterations.
   *
   * @param halves true for the reference's halves (a GPU), false to alternate (a CPU)
   * @return the split
   */
  public Split split(boolean halves) {
    int n = iterations();
    int half = half();
    if (halves || n < 2) {
      return new Split(
          java.util.stream.IntStream.range(0, half).toArray(),
          java.util.stream.IntStream.range(half, n).toArray());
    }
    return new Split(
        java.util.stream.IntStream.range(0, n).filter(i -> i % 2 == 1).toArray(),
        java.util.stream.IntStream.range(0, n).filter(i -> i % 2 == 0).toArray());
  }

  /** Whole-step times of the iterations {@code at}. */
  public double[] total(int[] at) {
    return java.util.Arrays.stream(at).mapToDouble(i -> totalMs[i]).toArray();
  }

  /** Per-phase times of the iterations {@code at}, in first-seen phase order. */
  public Map<String, double[]> phases(int[] at) {
    Map<String, double[]> out = new LinkedHashMap<>();
    phaseMs.forEach(
        (name, values) ->
            out.put(name, java.util.Arrays.stream(at).mapToDouble(i -> values[i]).toArray()));
    return out;
  }

  /** Whole-step times of iterations {@code [from, to)}. */
  public double[] total(int from, int to) {
    return Arrays.copyOfRange(totalMs, from, to);
  }

  /** Per-phase times of iterations {@code [from, to)}, in first-seen phase order. */
  public Map<String, double[]> phases(int from, int to) {
    Map<String, double[]> out = new LinkedHashMap<>();
    phaseMs.forEach((name, values) -> out.put(name, Arrays.copyOfRange(values, from, to)));
    return out;
  }
}
