package org.libreyolo.profile.internal.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * What a {@code profile.json} must look like before any reader prints from it: this version's
 * schema, the headline figures as non-negative numbers (or null where the reference writes null),
 * the containers as objects and arrays. A hand-edited or damaged profile is refused naming the key
 * (exit 1), not printed as {@code step None ms} or a negative throughput.
 */
public final class ProfileShape {
  private ProfileShape() {}

  /** Figures no profile can hold negative: times, rates, counts, shares. */
  static final List<String> NON_NEGATIVE =
      List.of(
          ProfileSchema.STEP_MS,
          ProfileSchema.IMG_PER_S,
          ProfileSchema.DATALOAD_MS,
          ProfileSchema.DATALOAD_FRAC,
          ProfileSchema.GPU_UTIL,
          ProfileSchema.GPU_BUSY_MS_PER_STEP,
          ProfileSchema.MEAN_KERNEL_US,
          ProfileSchema.KERNELS_PER_STEP,
          ProfileSchema.UNIQUE_KERNELS,
          ProfileSchema.LAUNCHES_PER_STEP,
          ProfileSchema.CUDA_MALLOCS_PER_STEP,
          ProfileSchema.MEMCPY_MS_PER_STEP,
          ProfileSchema.TENSORCORE_PCT,
          ProfileSchema.PEAK_VRAM_MB);

  /** The containers readers walk, by kind. */
  static final Map<String, Boolean> CONTAINERS = // true: an object; false: an array
      Map.of(
          ProfileSchema.CONFIG,
          true,
          ProfileSchema.METRICS,
          true,
          ProfileSchema.WINDOW,
          true,
          ProfileSchema.SAMPLES,
          true,
          ProfileSchema.LATENCY,
          true,
          ProfileSchema.CATEGORIES,
          false,
          ProfileSchema.PHASES,
          false,
          ProfileSchema.KERNELS,
          false,
          ProfileSchema.OPS,
          false,
          ProfileSchema.TOP_KERNELS,
          false);

  /**
   * @param root a JSON object whose schema starts with {@link Profile#SCHEMA_PREFIX}
   * @param file where it was read, for the message
   * @throws LibreYoloException (exit 1) naming the first key that is wrong
   */
  public static void check(ObjectNode root, Path file) {
    String schema = root.path(ProfileSchema.SCHEMA).asText("");
    if (!schema.equals(Profile.SCHEMA)) {
      throw refused(
          file,
          "is schema '"
              + schema
              + "', this version reads "
              + Profile.SCHEMA
              + ": produce it again with this version");
    }
    for (String key : NON_NEGATIVE) {
      figure(root, key, file, "");
    }
    for (Map.Entry<String, Boolean> c : CONTAINERS.entrySet()) {
      JsonNode v = root.get(c.getKey());
      if (v != null && !v.isNull() && (c.getValue() ? !v.isObject() : !v.isArray())) {
        throw refused(
            file,
            "key \""
                + c.getKey()
                + "\" must be "
                + (c.getValue() ? "an object" : "an array")
                + ", got "
                + shown(v));
      }
    }
    JsonNode metrics = root.get(ProfileSchema.METRICS);
    if (metrics != null && metrics.isObject()) {
      for (var e : metrics.properties()) {
        JsonNode v = e.getValue();
        if (e.getKey().equals(ProfileSchema.BOUND)) {
          continue;
        }
        if (!(v.isNumber() || v.isNull() || v.isBoolean())) {
          throw refused(
              file, "key \"metrics." + e.getKey() + "\" must be a number, got " + shown(v));
        }
      }
      for (String key : NON_NEGATIVE) {
        figure(metrics, key, file, "metrics.");
      }
    }
  }

  private static void figure(JsonNode parent, String key, Path file, String prefix) {
    JsonNode v = parent.get(key);
    if (v == null || v.isNull()) {
      return;
    }
    if (!v.isNumber() || !Double.isFinite(v.asDouble()) || v.asDouble() < 0) {
      throw refused(
          file, "key \"" + prefix + key + "\" must be a non-negative number, got " + shown(v));
    }
  }

  private static String shown(JsonNode v) {
    String text = v.toString();
    return text.length() > 40 ? text.substring(0, 40) + "..." : text;
  }

  private static LibreYoloException refused(Path file, String what) {
    return new LibreYoloException(
        LibreYoloException.Kind.UNPARSABLE_TRACE,
        "the profile "
            + file
            + (what.startsWith("key")
                ? ": " + what + " (edited or damaged: produce it again)"
                : " " + what));
  }
}
