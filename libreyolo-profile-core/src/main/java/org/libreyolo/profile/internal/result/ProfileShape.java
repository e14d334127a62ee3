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

  /**
   * The containers readers walk, by kind: each an object, or an array of object rows ({@code
   * "phases": [1, 2]} would print blank rows).
   */
  static final Map<String, Boolean> CONTAINERS = // true: an object; false: an array of rows
      Map.ofEntries(
          Map.entry(ProfileSchema.CONFIG, true),
          Map.entry(ProfileSchema.METRICS, true),
          Map.entry(ProfileSchema.WINDOW, true),
          Map.entry(ProfileSchema.SAMPLES, true),
          Map.entry(ProfileSchema.LATENCY, true),
          Map.entry(ProfileSchema.STAGES_MS, true),
          Map.entry(ProfileSchema.WORK, true),
          Map.entry(ProfileSchema.TENSOR_MEMORY, true),
          Map.entry(ProfileSchema.ALLOCATION, true),
          Map.entry(ProfileSchema.HOST_MEMORY, true),
          Map.entry(ProfileSchema.ENVIRONMENT, true),
          Map.entry(ProfileSchema.JAVA_SAMPLES, true),
          Map.entry(ProfileSchema.OP_CALLS, true),
          Map.entry(ProfileSchema.TRACE_FROM, true),
          Map.entry(ProfileSchema.KERNELS_BY_PHASE, true),
          Map.entry(ProfileSchema.OPS_BY_PHASE, true),
          Map.entry(ProfileSchema.CATEGORIES, false),
          Map.entry(ProfileSchema.PHASES, false),
          Map.entry(ProfileSchema.PHASES_GPU, false),
          Map.entry(ProfileSchema.KERNELS, false),
          Map.entry(ProfileSchema.OPS, false),
          Map.entry(ProfileSchema.TOP_KERNELS, false));

  /** {@code samples}' series the statistics read: arrays of numbers. */
  static final List<String> SAMPLE_SERIES =
      List.of(
          ProfileSchema.LATENCY_MS,
          ProfileSchema.STEP_MS,
          ProfileSchema.IMG_PER_S_TRIALS,
          ProfileSchema.ALLOCATED_BYTES);

  /** A block series' arrays of numbers ({@code samples.blocks}, each fork's blocks). */
  static final List<String> BLOCK_SERIES = List.of(ProfileSchema.STEP_MS, ProfileSchema.CANARY_MS);

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
      for (int i = 0; v != null && v.isArray() && i < v.size(); i++) {
        if (!v.get(i).isObject()) {
          throw refused(
              file,
              "key \"" + c.getKey() + "[" + i + "]\" must be an object, got " + shown(v.get(i)));
        }
      }
    }
    samples(root.get(ProfileSchema.SAMPLES), file);
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
      agree(root, metrics, file);
    }
  }

  /**
   * A headline figure the profile states twice (top level and {@code metrics}) is never absent from
   * one place while the other holds it: {@code summary} reads one, {@code get} the other.
   */
  private static void agree(ObjectNode root, JsonNode metrics, Path file) {
    for (String key : NON_NEGATIVE) {
      JsonNode repeated = metrics.get(ProfileSchema.metricKeyOf(key));
      JsonNode own = root.get(key);
      if (repeated != null && repeated.isNumber() && (own == null || own.isNull())) {
        throw refused(
            file,
            "key \""
                + key
                + "\" is "
                + (own == null ? "missing" : "null")
                + " while \"metrics."
                + ProfileSchema.metricKeyOf(key)
                + "\" is "
                + repeated);
      }
    }
  }

  /** {@code samples}: what the gate and the statistics read, typed before they read it. */
  private static void samples(JsonNode samples, Path file) {
    if (samples == null || samples.isNull()) {
      return;
    }
    String at = ProfileSchema.SAMPLES + ".";
    for (String key : SAMPLE_SERIES) {
      numbers(samples.get(key), at + key, file);
    }
    JsonNode stages = samples.get(ProfileSchema.STAGES_MS);
    if (stages != null && !stages.isNull()) {
      if (!stages.isObject()) {
        throw refused(file, "key \"" + at + ProfileSchema.STAGES_MS + "\" must be an object");
      }
      for (var e : stages.properties()) {
        numbers(e.getValue(), at + ProfileSchema.STAGES_MS + "." + e.getKey(), file);
      }
    }
    blocks(samples.get(ProfileSchema.BLOCKS), at + ProfileSchema.BLOCKS, file);
    JsonNode forks = samples.get(ProfileSchema.FORKS);
    if (forks != null && !forks.isNull()) {
      if (!forks.isArray()) {
        throw refused(
            file, "key \"" + at + ProfileSchema.FORKS + "\" must be an array, got " + shown(forks));
      }
      for (int i = 0; i < forks.size(); i++) {
        String fork = at + ProfileSchema.FORKS + "[" + i + "]";
        if (!forks.get(i).isObject()) {
          throw refused(file, "key \"" + fork + "\" must be an object, got " + shown(forks.get(i)));
        }
        blocks(forks.get(i).get(ProfileSchema.BLOCKS), fork + "." + ProfileSchema.BLOCKS, file);
      }
    }
  }

  private static void blocks(JsonNode blocks, String at, Path file) {
    if (blocks == null || blocks.isNull()) {
      return;
    }
    if (!blocks.isObject()) {
      throw refused(file, "key \"" + at + "\" must be an object, got " + shown(blocks));
    }
    for (String key : BLOCK_SERIES) {
      numbers(blocks.get(key), at + "." + key, file);
    }
  }

  private static void numbers(JsonNode series, String at, Path file) {
    if (series == null || series.isNull()) {
      return;
    }
    if (!series.isArray()) {
      throw refused(file, "key \"" + at + "\" must be an array of numbers, got " + shown(series));
    }
    for (int i = 0; i < series.size(); i++) {
      JsonNode v = series.get(i);
      if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
        throw refused(file, "key \"" + at + "[" + i + "]\" must be a number, got " + shown(v));
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
