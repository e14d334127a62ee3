package org.libreyolo.profile.internal.measure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import org.libreyolo.profile.internal.analysis.FirstTracedStep;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.analysis.ShapeWork;
import org.libreyolo.profile.internal.analysis.TensorMemory;
import org.libreyolo.profile.internal.analysis.TraceAnalyzer;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.internal.result.ProfileIo;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileKeys;

/**
 * Builds the files every producer writes, in the reference's key order (docs/profile-schema.md):
 * the {@code profile_summary.json} parts, the analysed or trace-less {@code profile.json}, and our
 * keys (device, kernel source, environment, samples) at the end. Producers decide only what is
 * specific to them (their config, their verdict).
 */
public final class ProfileAssembler {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final String SUMMARY = "profile_summary.json";

  /**
   * The trace-less profile's GPU figures, in the reference's key order (none measured: 0 or null).
   */
  private static final ObjectNode NO_TRACE_SCALARS =
      template(
          "{\"dataload_ms\": 0.0, \"dataload_frac\": 0.0,"
              + " \"gpu_util\": 0.0, \"gpu_util_raw\": 0.0, \"memory_pressure\": false, \"cuda_mallocs_per_step\": 0,"
              + " \"host_overhead_ms_per_step\": 0.0, \"launches_per_step\": 0, \"gpu_busy_ms_per_step\": 0.0,"
              + " \"mean_kernel_us\": 0.0, \"kernels_per_step\": 0, \"unique_kernels\": 0, \"memcpy_ms_per_step\": 0.0,"
              + " \"tensorcore_pct\": 0.0, \"peak_vram_mb\": null}");

  /** The same figures under their {@code metrics} names, after img_per_s and step_ms. */
  private static final ObjectNode NO_TRACE_METRICS =
      template(
          "{\"gpu_util\": 0.0, \"gpu_busy_ms\": 0.0,"
              + " \"mean_kernel_us\": 0.0, \"kernels_per_step\": 0, \"unique_kernels\": 0, \"memcpy_ms\": 0.0,"
              + " \"tensorcore_pct\": 0.0, \"peak_vram_mb\": null, \"host_overhead_ms\": 0.0, \"launches_per_step\": 0,"
              + " \"cuda_mallocs_per_step\": 0, \"memory_pressure\": false}");

  private ProfileAssembler() {}

  private static ObjectNode template(String json) {
    try {
      return (ObjectNode) Json.MAPPER.readTree(json);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code latency}: percentiles (null without samples), the mean, extremes and n. */
  public static ObjectNode latency(LatencyStats lat, double meanMs) {
    ObjectNode latency = F.objectNode();
    latency.put("p50_ms", (Double) lat.p50());
    latency.put("p90_ms", (Double) lat.p90());
    latency.put("p99_ms", (Double) lat.p99());
    latency.put("mean_ms", meanMs);
    latency.put("min_ms", (Double) lat.min());
    latency.put("max_ms", (Double) lat.max());
    latency.put("n", lat.n());
    return latency;
  }

  /**
   * Per-phase means rounded to 3 decimals ({@code stages_ms}, {@code composition_ms}); empty phases
   * 0.
   */
  public static ObjectNode means(Map<String, double[]> phases) {
    ObjectNode out = F.objectNode();
    phases.forEach((name, values) -> out.put(name, mean3(values)));
    return out;
  }

  public static double mean3(double[] values) {
    return values.length == 0 ? 0.0 : PyRound.round(LatencyStats.mean(values), 3);
  }

  /** Throughput from a mean step time: {@code items / (ms / 1000)}, 2 decimals, 0 without time. */
  public static double perSecond(int items, double meanMs) {
    return meanMs > 0 ? PyRound.round(items / (meanMs / 1000.0), 2) : 0.0;
  }

  /**
   * Records the verdict the uncompensated figures would have given, beside them ({@code
   * profiler_compensation.raw.bound}).
   *
   * @param profile the profile being assembled
   * @param bound the bound the raw figures give
   */
  public static void putRecordedBound(ObjectNode profile, String bound) {
    if (profile.path(ProfileKeys.COMPENSATION).path("raw") instanceof ObjectNode raw) {
      raw.put(ProfileKeys.BOUND, bound);
    }
  }

  /** The {@code real} block of a step without a data loader. */
  public static ObjectNode realWithoutDataload(double stepMs, double imgPerS) {
    ObjectNode real = F.objectNode();
    real.put(ProfileKeys.STEP_MS, stepMs);
    real.put(ProfileKeys.IMG_PER_S, imgPerS);
    real.put("dataload_ms", 0.0);
    real.put("dataload_frac", 0.0);
    return real;
  }

  /** Raw samples, 4 decimals: what compare and the gate test with. */
  public static ArrayNode samples(double[] values) {
    ArrayNode a = F.arrayNode();
    for (double v : values) {
      a.add(PyRound.round(v, 4));
    }
    return a;
  }

  /** Per-phase samples as an object of arrays. */
  public static ObjectNode samples(Map<String, double[]> phases) {
    ObjectNode out = F.objectNode();
    phases.forEach((name, values) -> out.set(name, samples(values)));
    return out;
  }

  public static void writeSummary(Path dir, ObjectNode summary) {
    ProfileIo.writeIndented(dir.resolve(SUMMARY), summary);
  }

  /**
   * The analysed profile of {@code trace} read with {@code summary} (the analyser's sibling input).
   */
  public static ObjectNode analyse(Path trace, JsonNode summary) {
    return analyse(trace, summary, TraceAnalyzer.untracedPhaseMs(summary));
  }

  /**
   * The same, its profiler cost compensated against {@code untracedMs}, the mean untraced ms per
   * stage of the process that recorded the trace (a forked profile: the traced fork's own).
   */
  public static ObjectNode analyse(Path trace, JsonNode summary, Map<String, Double> untracedMs) {
    ObjectNode profile = TraceAnalyzer.analyze(trace, summary, untracedMs).json();
    FirstTracedStep first = FirstTracedStep.of(trace);
    ShapeWork work = ShapeWork.of(first);
    if (work != null) {
      profile.set(ProfileKeys.WORK, work.json());
    }
    TensorMemory memory = TensorMemory.of(first);
    if (memory != null) {
      profile.set(ProfileKeys.TENSOR_MEMORY, memory.json());
    }
    return profile;
  }

  /**
   * The reference's trace-less profile (inference without a trace, or one whose analysis failed),
   * key for key: every GPU figure 0 or null, the phases from the measured stages. For inference the
   * metrics carry the stage keys the reference names (preprocess/forward/nms).
   */
  public static ObjectNode traceless(
      ObjectNode meta,
      String bound,
      String why,
      double meanMs,
      double imgPerS,
      int realSteps,
      ObjectNode latency,
      ObjectNode stages,
      boolean inference) {
    ObjectNode p = F.objectNode();
    p.put("schema", Profile.SCHEMA);
    p.put("mode", meta.path("mode").asText("inference"));
    p.putNull("trace");
    p.set("model", meta.path("model").isMissingNode() ? F.nullNode() : meta.get("model"));
    p.set("config", meta.deepCopy());
    p.put(ProfileKeys.BOUND, bound);
    p.put(ProfileKeys.BOUND_WHY, why);
    p.put(ProfileKeys.STEP_MS, PyRound.round(meanMs, 3));
    p.put(ProfileKeys.IMG_PER_S, imgPerS);
    p.setAll(NO_TRACE_SCALARS.deepCopy());
    ObjectNode window = p.putObject("window");
    window.put("wall_ms", 0.0);
    window.put("real_steps", realSteps);
    p.set(ProfileKeys.LATENCY, latency.deepCopy());
    p.set(ProfileKeys.STAGES_MS, stages.deepCopy());
    ObjectNode m = p.putObject(ProfileKeys.METRICS);
    m.put(ProfileKeys.IMG_PER_S, imgPerS);
    m.set(ProfileKeys.STEP_MS, p.get(ProfileKeys.STEP_MS));
    m.setAll(NO_TRACE_METRICS.deepCopy());
    m.put(ProfileKeys.BOUND, bound);
    if (inference) {
      putInferenceMetrics(m, latency, stages, p.get(ProfileKeys.IMG_PER_S));
      m.set("preprocess_wall_ms", stages.get("preprocess"));
      m.set("forward_wall_ms", stages.get("forward"));
      m.set("postprocess_wall_ms", stages.get("postprocess"));
    } else {
      putLatencyMetrics(m, latency, p.get(ProfileKeys.IMG_PER_S));
    }
    p.putArray("categories");
    ArrayNode phases = p.putArray("phases");
    stages
        .fieldNames()
        .forEachRemaining(
            stage -> {
              ObjectNode e = phases.addObject();
              e.put("phase", stage);
              e.put("gpu_ms_per_step", 0.0);
              e.set("wall_ms_per_step", stages.get(stage));
              e.put("kernels_per_step", 0);
              e.put("ops_per_step", 0);
              e.put("unique_kernels", 0);
            });
    p.putArray("phases_gpu");
    p.putObject("kernels_by_phase");
    p.putObject("ops_by_phase");
    p.putArray("top_kernels");
    p.putArray("kernels");
    p.putArray("ops");
    return p;
  }

  /** The inference keys of {@code metrics} (reference order): latency, throughput, stage means. */
  public static void putInferenceMetrics(
      ObjectNode m, ObjectNode latency, ObjectNode stages, JsonNode imgPerS) {
    putLatencyMetrics(m, latency, imgPerS);
    m.set("preprocess_ms", stages.get("preprocess"));
    m.set("forward_ms", stages.get("forward"));
    m.set("nms_ms", stages.get("postprocess"));
  }

  /** Latency percentiles and throughput in {@code metrics}, so {@code get} reads them. */
  public static void putLatencyMetrics(ObjectNode m, ObjectNode latency, JsonNode imgPerS) {
    m.set("latency_p50_ms", latency.get("p50_ms"));
    m.set("latency_p90_ms", latency.get("p90_ms"));
    m.set("latency_p99_ms", latency.get("p99_ms"));
    m.set("throughput_img_s", imgPerS);
  }

  /**
   * Adds our keys (device, kernel source, environment, samples) after the reference's, copies the
   * verdict into the summary and writes {@code profile_summary.json} and {@code profile.json}.
   */
  public static Profile finish(
      Path dir,
      ObjectNode profile,
      ObjectNode summary,
      String device,
      ObjectNode environment,
      ObjectNode samples,
      ProcessFigures process) {
    profile.put(ProfileKeys.DEVICE, device);
    if (process.hostMemory() != null) {
      ObjectNode host = process.hostMemory().deepCopy();
      double processPeak = HostMemory.processPeakMb();
      // the whole process so far (load and trace included); a fork's figures arrive with its own
      if (processPeak > 0 && !host.has("process_peak_rss_mb")) {
        host.put("process_peak_rss_mb", processPeak);
      }
      profile.set(ProfileKeys.HOST_MEMORY, host);
    }
    if (process.javaSamples() != null) {
      profile.set(ProfileKeys.JAVA_SAMPLES, process.javaSamples());
    }
    putAllocation(profile, samples, process.allocatedBytes());
    memoryMetrics(profile);
    if (!profile.has("kernel_source")) {
      profile.put(ProfileKeys.KERNEL_SOURCE, ProfileKeys.KERNEL_SOURCE_NONE);
    }
    profile.set(ProfileKeys.ENVIRONMENT, environment);
    profile.put(
        ProfileKeys.RECORDED_AT,
        java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
    profile.set(ProfileKeys.SAMPLES, samples);
    ProfileKeys.moveOursToEnd(profile);
    summary.put(ProfileKeys.BOUND, profile.path(ProfileKeys.BOUND).asText());
    summary.put(ProfileKeys.BOUND_WHY, profile.path(ProfileKeys.BOUND_WHY).asText());
    writeSummary(dir, summary);
    ProfileIo.writeCompact(dir.resolve("profile.json"), profile);
    return new Profile(profile);
  }

  /**
   * What the measured iterations recorded about the process beside their times: its Java samples,
   * its resident memory and the Java heap each iteration allocated on its thread (any may be
   * absent).
   */
  public record ProcessFigures(
      ObjectNode javaSamples, ObjectNode hostMemory, double[] allocatedBytes) {
    public static ProcessFigures of(Measurement m) {
      return new ProcessFigures(m.javaSamples(), m.hostMemory(), m.allocatedBytes());
    }
  }

  /**
   * The Java heap per iteration: {@code samples.allocated_bytes} and its median as {@code
   * allocation.bytes_per_iteration}, where the JVM counts per-thread allocation (-1 otherwise).
   */
  private static void putAllocation(ObjectNode profile, ObjectNode samples, double[] bytes) {
    if (bytes == null || bytes.length == 0 || bytes[0] < 0) {
      return;
    }
    samples.set("allocated_bytes", samples(bytes));
    profile
        .putObject(ProfileKeys.ALLOCATION)
        .put("bytes_per_iteration", (long) LatencyStats.median(bytes));
  }

  /**
   * The memory figures in {@code metrics}, so {@code get} lists them, and on a CPU profile {@code
   * memory_pressure} from the major page faults of the measured runs (the reference's flag is for
   * VRAM thrashing, which a CPU run cannot have).
   */
  private static void memoryMetrics(ObjectNode profile) {
    if (!(profile.get(ProfileKeys.METRICS) instanceof ObjectNode m)) {
      return;
    }
    JsonNode host = profile.path(ProfileKeys.HOST_MEMORY);
    if (host.has("peak_rss_mb")) {
      m.set(ProfileKeys.METRIC_PEAK_RSS_MB, host.get("peak_rss_mb"));
      if (host.path("memory_pressure").asBoolean(false)
          && !profile.path(ProfileKeys.DEVICE).asText("").startsWith("cuda")) {
        profile.put("memory_pressure", true);
        m.put("memory_pressure", true);
      }
    }
    JsonNode tensors = profile.path(ProfileKeys.TENSOR_MEMORY);
    if (tensors.isObject()) {
      m.set(ProfileKeys.METRIC_TENSOR_BYTES, tensors.get("allocated_bytes_per_step"));
      m.set(ProfileKeys.METRIC_TENSOR_PEAK_BYTES, tensors.get("peak_live_bytes"));
    }
    JsonNode heap = profile.path(ProfileKeys.ALLOCATION).path("bytes_per_iteration");
    if (heap.isNumber()) {
      m.set(ProfileKeys.METRIC_JAVA_HEAP_BYTES, heap);
    }
  }
}
