package org.libreyolo.profile.internal.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** Our additions to the reference schema, always written after every reference key (docs/profile-schema.md). */
public final class ProfileKeys {
  /** The analyser's record of the profiler-cost compensation (docs/profiler-cost.md). */
  public static final String COMPENSATION = "profiler_compensation";
  /** Work counted from recorded input shapes (docs/profile-schema.md). */
  public static final String WORK = "work";
  /** When the producer finished, ISO-8601 UTC: lets the gate notice a baseline newer than the run it judges. */
  public static final String RECORDED_AT = "recorded_at";
  /** Bytes a step's iteration allocates on its thread, median over the measured iterations. */
  public static final String ALLOCATION = "allocation";
  /**
   * A forked profile's trace came from one fork: its number, the fork count and that fork's own step
   * and throughput (the headline figures pool every fork).
   */
  public static final String TRACE_FROM = "trace_from";
  public static final List<String> OURS = List.of("device", "kernel_source", COMPENSATION, "environment", WORK,
      ALLOCATION, TRACE_FROM, RECORDED_AT, "samples");

  private ProfileKeys() {}

  public static void moveOursToEnd(ObjectNode profile) {
    for (String key : OURS) {
      JsonNode value = profile.remove(key);
      if (value != null) {
        profile.set(key, value);
      }
    }
  }
}
