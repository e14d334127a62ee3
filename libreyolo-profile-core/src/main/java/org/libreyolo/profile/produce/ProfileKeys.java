package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.libreyolo.profile.analysis.TraceAnalyzer;

/** Our additions to the reference schema, kept after every reference key. */
final class ProfileKeys {
  static final List<String> OURS =
      List.of("device", "kernel_source", TraceAnalyzer.COMPENSATION_KEY, "environment", "samples");

  private ProfileKeys() {}

  static void moveOursToEnd(ObjectNode profile) {
    for (String key : OURS) {
      JsonNode value = profile.remove(key);
      if (value != null) {
        profile.set(key, value);
      }
    }
  }
}
