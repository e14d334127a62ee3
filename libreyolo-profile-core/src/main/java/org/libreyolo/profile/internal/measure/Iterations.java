package org.libreyolo.profile.internal.measure;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.SampleRows;

/**
 * A measurement's samples as typed values: every measured iteration's time, each stage's, the
 * timing blocks and the bytes each iteration allocated. Forks only append theirs, in fork order;
 * nothing rewrites a sample (the headline figures are computed from them once: {@link Headline}).
 *
 * @param latencyMs every measured iteration, ms
 * @param stagesMs each stage's iterations, ms, in the stages' first order
 * @param blocks the timing blocks (null when none were measured)
 * @param allocatedBytes every measured iteration's allocation on the measuring thread
 */
public record Iterations(
    double[] latencyMs,
    Map<String, double[]> stagesMs,
    BlockSeries blocks,
    double[] allocatedBytes) {

  /**
   * A profile's samples, read back (a fork's, as it wrote them).
   *
   * @param profile the profile
   * @return its iterations
   */
  public static Iterations read(Profile profile) {
    SampleRows.Samples s = profile.samples();
    return new Iterations(
        s.latencyMs(),
        s.stagesMs(),
        s.blocks() == null ? null : BlockSeries.of(s.blocks()),
        s.allocatedBytes());
  }

  /**
   * Several measurements' iterations appended in order (forks in the order they ran).
   *
   * @param parts the parts
   * @return one measurement's iterations
   */
  public static Iterations appended(List<Iterations> parts) {
    Map<String, List<double[]>> stages = new LinkedHashMap<>();
    List<BlockSeries> blocks = new ArrayList<>();
    for (Iterations p : parts) {
      p.stagesMs().forEach((k, v) -> stages.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
      if (p.blocks() != null) {
        blocks.add(p.blocks());
      }
    }
    Map<String, double[]> pooled = new LinkedHashMap<>();
    stages.forEach((k, v) -> pooled.put(k, v.stream().flatMapToDouble(Arrays::stream).toArray()));
    return new Iterations(
        parts.stream().flatMapToDouble(p -> Arrays.stream(p.latencyMs())).toArray(),
        pooled,
        blocks.isEmpty() ? null : BlockSeries.concat(blocks),
        parts.stream().flatMapToDouble(p -> Arrays.stream(p.allocatedBytes())).toArray());
  }

  /**
   * Writes the iterations, the stages and the blocks into a profile's {@code samples}, 4 decimals
   * (what compare and the gate test with); the allocation is the process figures' to write.
   *
   * @param samples the {@code samples} node
   */
  public void write(ObjectNode samples) {
    samples.set(ProfileSchema.LATENCY_MS, ProfileAssembler.samples(latencyMs));
    samples.set(ProfileSchema.STAGES_MS, ProfileAssembler.samples(stagesMs));
    if (blocks != null) {
      samples.set(ProfileSchema.BLOCKS, blocks.json());
    }
  }
}
