package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.libreyolo.profile.result.OpCalls;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * What a forked profile keeps per fork beside the pooled iterations (docs/profile-schema.md, {@code
 * samples.forks} and {@code trace_from}).
 */
final class ForkSamples {
  private ForkSamples() {}

  /** {@code samples.forks}: per fork its index, its own blocks and its environment. */
  static ArrayNode perFork(List<ForkReply> forks) {
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    for (int k = 0; k < forks.size(); k++) {
      ObjectNode f = out.addObject();
      f.put(ProfileSchema.INDEX, k);
      ForkReply fork = forks.get(k);
      if (fork.iterations().blocks() != null) {
        f.set(ProfileSchema.BLOCKS, fork.iterations().blocks().json());
      }
      f.set(ProfileSchema.ENVIRONMENT, fork.environment().deepCopy());
    }
    return out;
  }

  /**
   * The op calls of the forks that traced their steps, but the last (whose trace the profile
   * analyses itself), in the order they ran; null when none did.
   */
  static OpCalls otherTraced(List<ForkReply> forks) {
    OpCalls out = null;
    for (ForkReply fork : forks.subList(0, forks.size() - 1)) {
      OpCalls calls = OpCalls.of(fork.opCalls());
      if (calls != null) {
        out = out == null ? calls : out.plus(calls);
      }
    }
    return out;
  }

  /**
   * {@code trace_from}: which fork recorded the trace (1-based, the last) and that fork's own step
   * and throughput, so a reader can tell the trace's per-step figures from the pooled headline.
   */
  static ObjectNode traceFrom(List<ForkReply> forks) {
    ForkReply last = forks.get(forks.size() - 1);
    return new ProfileRows.TraceFrom(forks.size(), forks.size(), last.stepMs(), last.imgPerS())
        .json();
  }
}
