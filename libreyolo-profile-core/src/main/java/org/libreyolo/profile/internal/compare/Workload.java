package org.libreyolo.profile.internal.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * What was measured, as opposed to where (the environment) and how long (the settings): model name
 * and size, input size and shape, batch, task, postprocess thresholds, precision, source, dataset,
 * step. Two profiles of different workloads have no timing verdict: a baseline at imgsz 160 says
 * nothing about a run at 224. The model file's content hash is shown but does not block: a changed
 * model under the same name is what the gate is for (docs/statistics.md, "The gate").
 */
public final class Workload {
  /** {@code config} keys that define the workload; compared only when both profiles record them. */
  public static final List<String> KEYS =
      List.of(
          ProfileSchema.MODE,
          ProfileSchema.MODEL,
          ProfileSchema.SIZE,
          ProfileSchema.IMGSZ,
          ProfileSchema.BATCH,
          ProfileSchema.CONF,
          ProfileSchema.IOU,
          ProfileSchema.MAX_DET,
          ProfileSchema.HALF,
          ProfileSchema.AMP_DTYPE,
          ProfileSchema.SOURCE,
          ProfileSchema.DATA,
          ProfileSchema.WORKERS,
          ProfileSchema.STEP,
          ProfileSchema.TASK,
          ProfileSchema.INPUT_SHAPE);

  /** Shown when it differs, never blocking. */
  static final String MODEL_HASH = ProfileSchema.WEIGHTS_SHA256;

  private Workload() {}

  /** {@code "imgsz 160 -> 224"} for each workload field the two profiles record differently. */
  public static List<String> differences(Profile baseline, Profile current) {
    return differences(baseline, current, KEYS);
  }

  /** The model file's hash change, if both record one and it changed (informational). */
  public static List<String> modelFileChange(Profile baseline, Profile current) {
    List<String> out = differences(baseline, current, List.of(MODEL_HASH));
    // the model is what a change may change: a new parameter count is shown, and judged like any
    // change
    JsonNode pa = baseline.environment().get(ProfileSchema.MODEL_PARAMS);
    JsonNode pb = current.environment().get(ProfileSchema.MODEL_PARAMS);
    if (pa != null && pb != null && !same(pa, pb)) {
      out.add("model_params " + pa.asText() + " -> " + pb.asText());
    }
    return out;
  }

  private static List<String> differences(Profile baseline, Profile current, List<String> keys) {
    Map<String, JsonNode> a = baseline.config();
    Map<String, JsonNode> b = current.config();
    List<String> out = new ArrayList<>();
    for (String key : keys) {
      JsonNode va = a.get(key);
      JsonNode vb = b.get(key);
      if (va != null && vb != null && !same(va, vb)) {
        out.add(key + " " + va.asText() + " -> " + vb.asText());
      }
    }
    return out;
  }

  private static boolean absent(JsonNode v) {
    return v.isMissingNode() || v.isNull();
  }

  /**
   * Equal values; numbers by value (a profile read from disk holds ints where a fresh one holds
   * longs).
   *
   * @param a one value (missing or null: absent)
   * @param b the other
   * @return whether they are the same
   */
  public static boolean same(JsonNode a, JsonNode b) {
    if (absent(a) && absent(b)) {
      return true; // null here and missing there (an older profile) is no difference
    }
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    return a.equals(b);
  }
}
