package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.libreyolo.profile.Api;

/**
 * The profile's keys that are this project's additions to the reference schema ({@code
 * libreyolo.profile.analysis/v1}), always written after every reference key, and the values they
 * take (docs/profile-schema.md). {@link Profile} reads them; the producers write them.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class ProfileKeys {
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
          TRACE_FROM,
          RECORDED_AT,
          SAMPLES);

  private ProfileKeys() {}

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
