package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.libreyolo.profile.internal.measure.Iterations;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileKeys;

/**
 * What every forked producer merges the same way (docs/profile-schema.md, {@code samples.forks}):
 * the forks' iterations appended in fork order, and per fork its blocks and environment for the
 * gate.
 */
final class ForkSamples {
  private ForkSamples() {}

  /** Every fork's iterations, appended in fork order (typed: nothing is rewritten). */
  static Iterations appended(List<? extends JsonNode> forks) {
    return Iterations.appended(
        forks.stream().map(f -> Iterations.read(new Profile((ObjectNode) f))).toList());
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
}
