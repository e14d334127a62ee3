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
 * during them ({@link HostMemory}; null off Linux).
 */
public record Measurement(
    double[] totalMs,
    Map<String, double[]> phaseMs,
    Path trace,
    BlockSeries blocks,
    double[] allocatedBytes,
    ObjectNode javaSamples,
    ObjectNode hostMemory) {

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
