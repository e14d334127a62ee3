package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.internal.measure.BlockSeries;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileKeys;
import org.libreyolo.profile.result.ProfileRows.Blocks;

/**
 * What every forked producer merges the same way (docs/profile-schema.md, {@code samples.forks}):
 * the forks' samples pooled in fork order, their blocks in one series, and per fork its blocks and
 * environment for the gate.
 */
final class ForkSamples {
  private ForkSamples() {}

  /** {@code samples.<key>} of every fork, one after another. */
  static double[] pooled(List<? extends JsonNode> forks, String key) {
    return forks.stream()
        .flatMapToDouble(f -> Arrays.stream(values(f.path("samples").path(key))))
        .toArray();
  }

  /** {@code samples.stages_ms} of every fork, pooled per stage, in the stages' first order. */
  static Map<String, double[]> pooledStages(List<? extends JsonNode> forks) {
    Map<String, List<double[]>> parts = new LinkedHashMap<>();
    for (JsonNode f : forks) {
      f.path("samples")
          .path("stages_ms")
          .fields()
          .forEachRemaining(
              e ->
                  parts
                      .computeIfAbsent(e.getKey(), k -> new ArrayList<>())
                      .add(values(e.getValue())));
    }
    Map<String, double[]> out = new LinkedHashMap<>();
    parts.forEach((name, p) -> out.put(name, p.stream().flatMapToDouble(Arrays::stream).toArray()));
    return out;
  }

  /**
   * Every fork's blocks as one series, in fork order (the same canary and block length in each).
   */
  static BlockSeries blocks(List<? extends JsonNode> forks) {
    List<BlockSeries> parts = new ArrayList<>();
    for (JsonNode f : forks) {
      Blocks b = new Profile((ObjectNode) f).samples().blocks();
      if (b != null) {
        parts.add(
            new BlockSeries(
                b.runsPerBlock(),
                b.stepMs(),
                b.canaryMs(),
                b.canary(),
                b.normalised(),
                b.quantiles()));
      }
    }
    return BlockSeries.concat(parts);
  }

  /** {@code samples.forks}: per fork its index, its own blocks and its environment. */
  static ArrayNode perFork(List<? extends JsonNode> forks) {
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    for (int k = 0; k < forks.size(); k++) {
      ObjectNode f = out.addObject();
      f.put("index", k);
      f.set("blocks", forks.get(k).path("samples").path("blocks").deepCopy());
      f.set("environment", forks.get(k).path("environment").deepCopy());
    }
    return out;
  }

  /**
   * {@code trace_from}: which fork recorded the trace (1-based, the last) and that fork's own step
   * and throughput, so a reader can tell the trace's per-step figures from the pooled headline.
   */
  static ObjectNode traceFrom(List<? extends JsonNode> forks) {
    JsonNode last = forks.get(forks.size() - 1);
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("fork", forks.size());
    out.put("forks", forks.size());
    out.set(ProfileKeys.STEP_MS, last.path(ProfileKeys.STEP_MS).deepCopy());
    out.set(ProfileKeys.IMG_PER_S, last.path(ProfileKeys.IMG_PER_S).deepCopy());
    return out;
  }

  private static double[] values(JsonNode array) {
    double[] out = new double[array.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = array.get(i).asDouble();
    }
    return out;
  }
}
