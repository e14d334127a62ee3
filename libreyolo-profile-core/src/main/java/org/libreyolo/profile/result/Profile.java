package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.trace.TraceConventions;

/**
 * The analysed, self-contained result ({@code libreyolo.profile.analysis/v1}): the reference's
 * keys in the reference's order, then ours ({@code device}, {@code kernel_source},
 * {@code environment}, {@code samples}). Backed by an ordered JSON tree so that writing it keeps
 * the key order byte for byte.
 */
public final class Profile {
  public static final String SCHEMA = "libreyolo.profile.analysis/v1";
  public static final String SCHEMA_PREFIX = "libreyolo.profile.analysis";

  private final ObjectNode root;

  public Profile(ObjectNode root) {
    this.root = root;
  }

  public ObjectNode json() {
    return root;
  }

  public JsonNode get(String key) {
    return root.path(key);
  }

  public String bound() {
    return root.path("bound").asText(null);
  }

  public JsonNode metrics() {
    return root.path("metrics");
  }

  /** True for profiles whose "kernels" are CPU ops' self times, not GPU kernels. */
  public boolean isCpu() {
    return TraceConventions.KERNEL_SOURCE_CPU.equals(root.path("kernel_source").asText());
  }

  /** True when the profile carries raw per-iteration latencies (what the gate tests with). */
  public boolean hasLatencySamples() {
    return root.path("samples").path("latency_ms").isArray();
  }

  public boolean isInference() {
    return "inference".equals(root.path("mode").asText());
  }
}
