package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;

/**
 * The profile's keys that are this project's additions to the reference schema ({@code
 * libreyolo.profile.analysis/v1}), always written after every reference key, and the values they
 * take (docs/profile-schema.md). {@link Profile} reads them; the producers write them.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class ProfileSchema extends SectionKeys {
  // The reference's keys that several producers write (one spelling for all of them)

  /** Mean wall time of one step, ms: the headline every producer writes (pooled over forks). */
  public static final String STEP_MS = "step_ms";

  /** Images (items) per second: batch / the mean step, the headline the text prints. */
  public static final String IMG_PER_S = "img_per_s";

  /** Busy time of the device (kernels; CPU: leaf ops) over the step, a fraction. */
  public static final String GPU_UTIL = "gpu_util";

  /** The step minus the busy time, ms. */
  public static final String HOST_OVERHEAD_MS_PER_STEP = "host_overhead_ms_per_step";

  /** Per-iteration latency percentiles (p50_ms, p90_ms, p99_ms, mean_ms, min_ms, max_ms, n). */
  public static final String LATENCY = "latency";

  /** Mean wall time per stage (preprocess, forward, postprocess), ms. */
  public static final String STAGES_MS = "stages_ms";

  /** The flat metric table {@code get} lists. */
  public static final String METRICS = "metrics";

  /** The measured figures without the profiler (a real step), where the producer has them. */
  public static final String REAL = "real";

  /** The verdict: what bounds the step (COMPUTE, HOST, DATALOADER, ...). */
  public static final String BOUND = "bound";

  /** The verdict in words. */
  public static final String BOUND_WHY = "bound_why";

  /** Raw samples: per-iteration times, timing blocks with the canary, trials. */
  public static final String SAMPLES = "samples";

  /** Where the profile was measured ("cpu", "cuda:0"), one of our keys. */
  public static final String DEVICE = "device";

  /**
   * What the machine and engine were (cpu, cores, threads, engine, libtorch, ...), one of our keys.
   */
  public static final String ENVIRONMENT = "environment";

  /** What the profile's "kernels" are: one of the {@code KERNEL_SOURCE_*} values. */
  public static final String KERNEL_SOURCE = "kernel_source";

  /** {@link #KERNEL_SOURCE}: GPU kernels. */
  public static final String KERNEL_SOURCE_GPU = "gpu-kernels";

  /** {@link #KERNEL_SOURCE}: the self times of CPU leaf ops (a CPU trace). */
  public static final String KERNEL_SOURCE_CPU = "cpu-leaf-ops";

  /** {@link #KERNEL_SOURCE}: nothing (a trace-less profile). */
  public static final String KERNEL_SOURCE_NONE = "none";

  /** The analyser's record of the profiler-cost compensation (docs/profiler-cost.md). */
  public static final String COMPENSATION = "profiler_compensation";

  /** Work counted from recorded input shapes (docs/profile-schema.md). */
  public static final String WORK = "work";

  /**
   * When the producer finished, ISO-8601 UTC: lets the gate notice a baseline newer than the run it
   * judges.
   */
  public static final String RECORDED_AT = "recorded_at";

  /**
   * Tensor bytes the framework ops of the first traced step allocate, and the most they hold at
   * once: {@code allocated_bytes_per_step}, {@code peak_live_bytes} (exact counters).
   */
  public static final String TENSOR_MEMORY = "tensor_memory";

  /** Bytes a step's iteration allocates on its thread, median over the measured iterations. */
  public static final String ALLOCATION = "allocation";

  /**
   * A forked profile's trace came from one fork: its number, the fork count and that fork's own
   * step and throughput (the headline figures pool every fork).
   */
  public static final String TRACE_FROM = "trace_from";

  /**
   * Java samples of the measuring thread during the measured iterations (JDK Flight Recorder), per
   * phase: samples, share, top methods by self and by total samples.
   */
  public static final String JAVA_SAMPLES = "java_samples";

  /**
   * The op calls of one step per traced process ({@link OpCalls}): what the diff partitions a step
   * into, kept with the profile so it needs no trace.
   */
  public static final String OP_CALLS = "op_calls";

  /**
   * The process's resident memory during the measured iterations (Linux): {@code peak_rss_mb},
   * {@code peak_since}, {@code major_faults}.
   */
  public static final String HOST_MEMORY = "host_memory";

  /** {@code metrics}: the peak resident set of the measured runs, MB ({@link #HOST_MEMORY}). */
  public static final String METRIC_PEAK_RSS_MB = "peak_rss_mb";

  /** {@code metrics}: tensor bytes the ops allocate per step ({@link #TENSOR_MEMORY}). */
  public static final String METRIC_TENSOR_BYTES = "tensor_bytes_per_step";

  /** {@code metrics}: the most tensor bytes the ops hold at once ({@link #TENSOR_MEMORY}). */
  public static final String METRIC_TENSOR_PEAK_BYTES = "tensor_peak_live_bytes";

  /**
   * {@code metrics}: Java heap bytes an iteration allocates on its thread ({@link #ALLOCATION}).
   */
  public static final String METRIC_JAVA_HEAP_BYTES = "java_heap_bytes_per_iteration";

  // Every other key of the profile and of profile_summary.json (generated from every producer's
  // output and the analysed fixtures; docs/profile-schema.md says what each holds)

  /** {@code meta}: in the top level. */
  public static final String META = "meta";

  /** {@code model}: in the top level, {@code config}, {@code meta}. */
  public static final String MODEL = "model";

  /** {@code mode}: in the top level, {@code config}, {@code meta}. */
  public static final String MODE = "mode";

  /** {@code trace}: in the top level, {@code config}, {@code meta}. */
  public static final String TRACE = "trace";

  /** {@code dataload_ms}: in the top level, {@code metrics}, {@code real}, {@code samples}. */
  public static final String DATALOAD_MS = "dataload_ms";

  /** {@code dataload_frac}: in the top level, {@code metrics}, {@code real}. */
  public static final String DATALOAD_FRAC = "dataload_frac";

  /** {@code window}: in the top level. */
  public static final String WINDOW = "window";

  /** {@code composition_ms}: in the top level, {@code samples}. */
  public static final String COMPOSITION_MS = "composition_ms";

  /** {@code composition_total_ms}: in the top level. */
  public static final String COMPOSITION_TOTAL_MS = "composition_total_ms";

  /** {@code schema}: in the top level. */
  public static final String SCHEMA = "schema";

  /** {@code config}: in the top level. */
  public static final String CONFIG = "config";

  /** {@code gpu_util_raw}: in the top level, {@code metrics}. */
  public static final String GPU_UTIL_RAW = "gpu_util_raw";

  /** {@code memory_pressure}: in the top level, {@code host_memory}, {@code metrics}. */
  public static final String MEMORY_PRESSURE = "memory_pressure";

  /** {@code cuda_mallocs_per_step}: in the top level, {@code metrics}. */
  public static final String CUDA_MALLOCS_PER_STEP = "cuda_mallocs_per_step";

  /** {@code launches_per_step}: in the top level, {@code metrics}. */
  public static final String LAUNCHES_PER_STEP = "launches_per_step";

  /** {@code gpu_busy_ms_per_step}: in the top level, {@code profiler_compensation.raw}. */
  public static final String GPU_BUSY_MS_PER_STEP = "gpu_busy_ms_per_step";

  /** {@code memcpy_ms_per_step}: in the top level. */
  public static final String MEMCPY_MS_PER_STEP = "memcpy_ms_per_step";

  /** {@code tensorcore_pct}: in the top level, {@code metrics}. */
  public static final String TENSORCORE_PCT = "tensorcore_pct";

  /** {@code peak_vram_mb}: in the top level, {@code metrics}. */
  public static final String PEAK_VRAM_MB = "peak_vram_mb";

  /** {@code categories}: in the top level. */
  public static final String CATEGORIES = "categories";

  /** {@code phases}: in the top level, {@code java_samples}, {@code profiler_compensation.raw}. */
  public static final String PHASES = "phases";

  /** {@code phases_gpu}: in the top level. */
  public static final String PHASES_GPU = "phases_gpu";

  /** {@code kernels_by_phase}: in the top level. */
  public static final String KERNELS_BY_PHASE = "kernels_by_phase";

  /** {@code ops_by_phase}: in the top level. */
  public static final String OPS_BY_PHASE = "ops_by_phase";

  /** {@code top_kernels}: in the top level. */
  public static final String TOP_KERNELS = "top_kernels";

  /** {@code kernels}: in the top level. */
  public static final String KERNELS = "kernels";

  /** {@code ops}: in the top level. */
  public static final String OPS = "ops";

  /** {@code img_per_s_std}: in the top level, {@code metrics}. */
  public static final String IMG_PER_S_STD = "img_per_s_std";

  /** {@code img_per_s_n}: in the top level, {@code metrics}. */
  public static final String IMG_PER_S_N = "img_per_s_n";

  /** {@code img_per_s_trials}: in the top level, {@code samples}. */
  public static final String IMG_PER_S_TRIALS = "img_per_s_trials";

  /** {@code aggregation}: in the top level. */
  public static final String AGGREGATION = "aggregation";

  /**
   * {@code mean_kernel_us}: in the top level, {@code metrics}, {@code profiler_compensation.raw}.
   */
  public static final String MEAN_KERNEL_US = "mean_kernel_us";

  /**
   * {@code kernels_per_step}: in the top level, {@code metrics}, {@code phases}, {@code
   * profiler_compensation.raw.phases}.
   */
  public static final String KERNELS_PER_STEP = "kernels_per_step";

  /**
   * {@code unique_kernels}: in the top level, {@code metrics}, {@code phases}, {@code
   * profiler_compensation.raw.phases}.
   */
  public static final String UNIQUE_KERNELS = "unique_kernels";

  /** {@code java_samples.why}: why a run that wanted Java samples has none. */
  public static final String WHY = "why";

  // The inference stages: the keys of stages_ms (and of samples.stages_ms), in the reference's
  // order

  /** The inference stage before the forward pass (letterbox, normalise, to tensor). */
  public static final String PREPROCESS = "preprocess";

  /** The inference stage of the model's forward pass. */
  public static final String FORWARD = "forward";

  /** The inference stage after the forward pass (decode and NMS). */
  public static final String POSTPROCESS = "postprocess";

  /** The training phase that waits for the next batch. */
  public static final String DATALOAD = "dataload";

  /** The training phase that moves a batch to the device. */
  public static final String TO_DEVICE = "to_device";

  /** The training phase of the backward pass. */
  public static final String BACKWARD = "backward";

  /** The training phase of the optimizer step. */
  public static final String OPTIMIZER = "optimizer";

  /** The inference stages in the reference's order. */
  public static final List<String> INFERENCE_STAGES = List.of(PREPROCESS, FORWARD, POSTPROCESS);

  /** {@code metrics.preprocess_wall_ms}: a trace-less inference profile's preprocess mean, ms. */
  public static final String PREPROCESS_WALL_MS = "preprocess_wall_ms";

  /** {@code metrics.forward_wall_ms}: a trace-less inference profile's forward mean, ms. */
  public static final String FORWARD_WALL_MS = "forward_wall_ms";

  /** {@code metrics.postprocess_wall_ms}: a trace-less inference profile's postprocess mean, ms. */
  public static final String POSTPROCESS_WALL_MS = "postprocess_wall_ms";

  /**
   * The reference's duplicate keys, each written from the one field it repeats: a {@code metrics}
   * key (what {@code get} lists) and the path of the field elsewhere in the profile. Writers put
   * the field once and copy it ({@link #copyToMetrics}); none computes a duplicate of its own.
   */
  private static final Map<String, List<String>> METRIC_SOURCES = metricSources();

  private static Map<String, List<String>> metricSources() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (String same :
        List.of(
            IMG_PER_S,
            STEP_MS,
            DATALOAD_MS,
            DATALOAD_FRAC,
            GPU_UTIL,
            GPU_UTIL_RAW,
            MEAN_KERNEL_US,
            KERNELS_PER_STEP,
            UNIQUE_KERNELS,
            TENSORCORE_PCT,
            PEAK_VRAM_MB,
            LAUNCHES_PER_STEP,
            CUDA_MALLOCS_PER_STEP,
            MEMORY_PRESSURE,
            BOUND,
            IMG_PER_S_STD,
            IMG_PER_S_N)) {
      m.put(same, List.of(same));
    }
    m.put(GPU_BUSY_MS, List.of(GPU_BUSY_MS_PER_STEP));
    m.put(MEMCPY_MS, List.of(MEMCPY_MS_PER_STEP));
    m.put(HOST_OVERHEAD_MS, List.of(HOST_OVERHEAD_MS_PER_STEP));
    m.put(THROUGHPUT_IMG_S, List.of(IMG_PER_S));
    m.put(LATENCY_P50_MS, List.of(LATENCY, P50_MS));
    m.put(LATENCY_P90_MS, List.of(LATENCY, P90_MS));
    m.put(LATENCY_P99_MS, List.of(LATENCY, P99_MS));
    m.put(PREPROCESS_MS, List.of(STAGES_MS, PREPROCESS));
    m.put(FORWARD_MS, List.of(STAGES_MS, FORWARD));
    m.put(NMS_MS, List.of(STAGES_MS, POSTPROCESS));
    m.put(PREPROCESS_WALL_MS, List.of(STAGES_MS, PREPROCESS));
    m.put(FORWARD_WALL_MS, List.of(STAGES_MS, FORWARD));
    m.put(POSTPROCESS_WALL_MS, List.of(STAGES_MS, POSTPROCESS));
    m.put(METRIC_PEAK_RSS_MB, List.of(HOST_MEMORY, PEAK_RSS_MB));
    m.put(METRIC_TENSOR_BYTES, List.of(TENSOR_MEMORY, ALLOCATED_BYTES_PER_STEP));
    m.put(METRIC_TENSOR_PEAK_BYTES, List.of(TENSOR_MEMORY, PEAK_LIVE_BYTES));
    m.put(METRIC_JAVA_HEAP_BYTES, List.of(ALLOCATION, BYTES_PER_ITERATION));
    return m;
  }

  /**
   * The field a {@code metrics} key repeats (its path from the top), or null when the key is the
   * metrics' own (a per-phase figure, {@code ops_per_step}).
   *
   * @param metricKey a key of {@code metrics}
   * @return the path of the field it repeats, or null
   */
  public static List<String> metricSource(String metricKey) {
    return METRIC_SOURCES.get(metricKey);
  }

  /**
   * The {@code metrics} key that repeats a top-level field under another name ({@code
   * gpu_busy_ms_per_step} -> {@code gpu_busy_ms}), or the field's own name.
   *
   * @param field a top-level key
   * @return its key in {@code metrics}
   */
  public static String metricKeyOf(String field) {
    for (Map.Entry<String, List<String>> e : METRIC_SOURCES.entrySet()) {
      if (e.getValue().equals(List.of(field))) {
        return e.getKey();
      }
    }
    return field;
  }

  /**
   * An analysed profile's {@code metrics} before {@code ops_per_step}, in the reference's order.
   */
  public static final List<String> ANALYSED_METRICS_BEFORE_OPS =
      List.of(
          IMG_PER_S,
          STEP_MS,
          DATALOAD_MS,
          DATALOAD_FRAC,
          GPU_UTIL,
          GPU_BUSY_MS,
          MEAN_KERNEL_US,
          KERNELS_PER_STEP,
          UNIQUE_KERNELS);

  /** An analysed profile's {@code metrics} after {@code ops_per_step}, in the reference's order. */
  public static final List<String> ANALYSED_METRICS_AFTER_OPS =
      List.of(
          MEMCPY_MS,
          TENSORCORE_PCT,
          PEAK_VRAM_MB,
          HOST_OVERHEAD_MS,
          LAUNCHES_PER_STEP,
          CUDA_MALLOCS_PER_STEP,
          MEMORY_PRESSURE,
          BOUND);

  /**
   * Writes duplicate keys into {@code metrics}, in the order given, each copied from the field it
   * repeats ({@code null} where the field is absent, as the reference writes it).
   *
   * @param profile the profile being assembled (its fields written already)
   * @param metrics its {@code metrics} node
   * @param metricKeys keys with a {@link #metricSource}
   */
  public static void copyToMetrics(ObjectNode profile, ObjectNode metrics, String... metricKeys) {
    copyToMetrics(profile, metrics, List.of(metricKeys));
  }

  /**
   * Writes duplicate keys into {@code metrics}, in the order given ({@link
   * #copyToMetrics(ObjectNode, ObjectNode, String...)}).
   *
   * @param profile the profile being assembled
   * @param metrics its {@code metrics} node
   * @param metricKeys keys with a {@link #metricSource}
   */
  public static void copyToMetrics(
      ObjectNode profile, ObjectNode metrics, List<String> metricKeys) {
    for (String key : metricKeys) {
      List<String> path = METRIC_SOURCES.get(key);
      if (path == null) {
        throw new IllegalArgumentException(key + " repeats no field of the profile");
      }
      JsonNode v = profile;
      for (String step : path) {
        v = v == null ? null : v.get(step);
      }
      metrics.set(key, v == null ? null : v.deepCopy());
    }
  }

  /**
   * The {@code metrics} keys that repeat each phase row's figures: {@code <phase>_gpu_ms}, {@code
   * _wall_ms}, {@code _kernels}, {@code _ops}, by the row's field they repeat.
   */
  private static final Map<String, String> PHASE_METRIC_SUFFIXES =
      orderedPairs(
          GPU_MS_PER_STEP, "_gpu_ms",
          WALL_MS_PER_STEP, "_wall_ms",
          KERNELS_PER_STEP, "_kernels",
          OPS_PER_STEP, "_ops");

  private static Map<String, String> orderedPairs(String... pairs) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], pairs[i + 1]);
    }
    return m;
  }

  /**
   * Writes the {@code metrics} keys that repeat one phase row ({@code <phase>_gpu_ms}, ...), each
   * from the row's field.
   *
   * @param phaseRow a row of {@code phases}
   * @param metrics the {@code metrics} node
   */
  public static void copyPhaseToMetrics(JsonNode phaseRow, ObjectNode metrics) {
    String phase = phaseRow.get(PHASE).asText();
    PHASE_METRIC_SUFFIXES.forEach(
        (field, suffix) -> metrics.set(phase + suffix, phaseRow.get(field)));
  }

  /** Our keys, in the order they are written after the reference's. */
  public static final List<String> OURS =
      List.of(
          DEVICE,
          KERNEL_SOURCE,
          COMPENSATION,
          ENVIRONMENT,
          WORK,
          TENSOR_MEMORY,
          ALLOCATION,
          HOST_MEMORY,
          JAVA_SAMPLES,
          OP_CALLS,
          TRACE_FROM,
          RECORDED_AT,
          SAMPLES);

  private ProfileSchema() {}

  /**
   * Moves our keys after every reference key, in {@link #OURS}' order.
   *
   * @param profile the profile being written
   */
  public static void moveOursToEnd(ObjectNode profile) {
    for (String key : OURS) {
      JsonNode value = profile.remove(key);
      if (value != null) {
        profile.set(key, value);
      }
    }
  }
}
