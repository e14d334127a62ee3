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
public final class ProfileSchema {
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

  // Every other key of the profile and of profile_summary.json (generated from every producer's
  // output and the analysed fixtures; docs/profile-schema.md says what each holds)

  /** {@code meta}: in the top level. */
  public static final String META = "meta";

  /** {@code model}: in the top level, {@code config}, {@code meta}. */
  public static final String MODEL = "model";

  /** {@code batch}: in {@code config}, {@code meta}. */
  public static final String BATCH = "batch";

  /** {@code imgsz}: in {@code config}, {@code meta}. */
  public static final String IMGSZ = "imgsz";

  /** {@code half}: in {@code config}, {@code meta}. */
  public static final String HALF = "half";

  /** {@code amp_dtype}: in {@code config}, {@code meta}. */
  public static final String AMP_DTYPE = "amp_dtype";

  /** {@code conf}: in {@code config}, {@code meta}. */
  public static final String CONF = "conf";

  /** {@code iou}: in {@code config}, {@code meta}. */
  public static final String IOU = "iou";

  /** {@code max_det}: in {@code config}, {@code meta}. */
  public static final String MAX_DET = "max_det";

  /** {@code mode}: in the top level, {@code config}, {@code meta}. */
  public static final String MODE = "mode";

  /** {@code weights}: in {@code config}, {@code meta}. */
  public static final String WEIGHTS = "weights";

  /** {@code size}: in {@code config}, {@code meta}. */
  public static final String SIZE = "size";

  /** {@code params}: in {@code config}, {@code meta}. */
  public static final String PARAMS = "params";

  /**
   * {@code threads}: in {@code config}, {@code environment}, {@code java_samples.other_threads},
   * {@code meta}, {@code samples.forks.environment}.
   */
  public static final String THREADS = "threads";

  /** {@code warmup}: in {@code config}, {@code meta}, {@code window}. */
  public static final String WARMUP = "warmup";

  /** {@code runs}: in {@code config}, {@code meta}. */
  public static final String RUNS = "runs";

  /** {@code trace}: in the top level, {@code config}, {@code meta}. */
  public static final String TRACE = "trace";

  /** {@code task}: in {@code config}, {@code meta}. */
  public static final String TASK = "task";

  /** {@code input_shape}: in {@code config}, {@code meta}. */
  public static final String INPUT_SHAPE = "input_shape";

  /** {@code trace_steps}: in {@code config}, {@code meta}. */
  public static final String TRACE_STEPS = "trace_steps";

  /** {@code source}: in {@code config}, {@code java_samples}, {@code meta}. */
  public static final String SOURCE = "source";

  /** {@code forks}: in {@code config}, {@code meta}, {@code samples}, {@code trace_from}. */
  public static final String FORKS = "forks";

  /** {@code dataload_ms}: in the top level, {@code metrics}, {@code real}, {@code samples}. */
  public static final String DATALOAD_MS = "dataload_ms";

  /** {@code dataload_frac}: in the top level, {@code metrics}, {@code real}. */
  public static final String DATALOAD_FRAC = "dataload_frac";

  /** {@code p50_ms}: in {@code latency}. */
  public static final String P50_MS = "p50_ms";

  /** {@code p90_ms}: in {@code latency}. */
  public static final String P90_MS = "p90_ms";

  /** {@code p99_ms}: in {@code latency}. */
  public static final String P99_MS = "p99_ms";

  /** {@code mean_ms}: in {@code latency}. */
  public static final String MEAN_MS = "mean_ms";

  /** {@code min_ms}: in {@code latency}. */
  public static final String MIN_MS = "min_ms";

  /** {@code max_ms}: in {@code latency}. */
  public static final String MAX_MS = "max_ms";

  /** {@code n}: in {@code aggregation}, {@code latency}. */
  public static final String N = "n";

  /** {@code amp}: in {@code config}, {@code meta}. */
  public static final String AMP = "amp";

  /** {@code workers}: in {@code config}, {@code meta}. */
  public static final String WORKERS = "workers";

  /** {@code amp_applied}: in {@code config}, {@code meta}. */
  public static final String AMP_APPLIED = "amp_applied";

  /** {@code amp_note}: in {@code config}, {@code meta}. */
  public static final String AMP_NOTE = "amp_note";

  /** {@code nc}: in {@code config}, {@code meta}. */
  public static final String NC = "nc";

  /** {@code data}: in {@code config}, {@code meta}. */
  public static final String DATA = "data";

  /** {@code steps}: in {@code config}, {@code meta}. */
  public static final String STEPS = "steps";

  /** {@code batch_auto}: in {@code config}, {@code meta}. */
  public static final String BATCH_AUTO = "batch_auto";

  /** {@code window}: in the top level. */
  public static final String WINDOW = "window";

  /** {@code real_steps}: in {@code window}. */
  public static final String REAL_STEPS = "real_steps";

  /** {@code synced_steps}: in {@code window}. */
  public static final String SYNCED_STEPS = "synced_steps";

  /** {@code compute_ms}: in {@code real}. */
  public static final String COMPUTE_MS = "compute_ms";

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

  /** {@code memcpy_ms_per_step}: in the top level. */
  public static final String MEMCPY_MS_PER_STEP = "memcpy_ms_per_step";

  /** {@code tensorcore_pct}: in the top level, {@code metrics}. */
  public static final String TENSORCORE_PCT = "tensorcore_pct";

  /** {@code peak_vram_mb}: in the top level, {@code metrics}. */
  public static final String PEAK_VRAM_MB = "peak_vram_mb";

  /** {@code wall_ms}: in {@code window}. */
  public static final String WALL_MS = "wall_ms";

  /** {@code gpu_busy_ms}: in {@code metrics}. */
  public static final String GPU_BUSY_MS = "gpu_busy_ms";

  /**
   * {@code ops_per_step}: in {@code metrics}, {@code phases}, {@code
   * profiler_compensation.raw.phases}.
   */
  public static final String OPS_PER_STEP = "ops_per_step";

  /** {@code memcpy_ms}: in {@code metrics}. */
  public static final String MEMCPY_MS = "memcpy_ms";

  /** {@code host_overhead_ms}: in {@code metrics}. */
  public static final String HOST_OVERHEAD_MS = "host_overhead_ms";

  /** {@code categories}: in the top level. */
  public static final String CATEGORIES = "categories";

  /** {@code name}: in {@code categories}. */
  public static final String NAME = "name";

  /** {@code pct}: in {@code categories}. */
  public static final String PCT = "pct";

  /**
   * {@code ms_per_step}: in {@code categories}, {@code kernels}, {@code kernels_by_phase.<phase>},
   * {@code ops}, {@code ops_by_phase.<phase>}, {@code top_kernels}.
   */
  public static final String MS_PER_STEP = "ms_per_step";

  /** {@code phases}: in the top level, {@code java_samples}, {@code profiler_compensation.raw}. */
  public static final String PHASES = "phases";

  /**
   * {@code phase}: in {@code phases}, {@code phases_gpu}, {@code profiler_compensation.raw.phases}.
   */
  public static final String PHASE = "phase";

  /**
   * {@code gpu_ms_per_step}: in {@code phases}, {@code phases_gpu}, {@code
   * profiler_compensation.raw.phases}.
   */
  public static final String GPU_MS_PER_STEP = "gpu_ms_per_step";

  /** {@code wall_ms_per_step}: in {@code phases}, {@code profiler_compensation.raw.phases}. */
  public static final String WALL_MS_PER_STEP = "wall_ms_per_step";

  /** {@code phases_gpu}: in the top level. */
  public static final String PHASES_GPU = "phases_gpu";

  /** {@code kernels_by_phase}: in the top level. */
  public static final String KERNELS_BY_PHASE = "kernels_by_phase";

  /** {@code kernel}: in {@code kernels}, {@code kernels_by_phase.<phase>}, {@code top_kernels}. */
  public static final String KERNEL = "kernel";

  /**
   * {@code raw_name}: in {@code kernels}, {@code kernels_by_phase.<phase>}, {@code top_kernels}.
   */
  public static final String RAW_NAME = "raw_name";

  /**
   * {@code category}: in {@code kernels}, {@code kernels_by_phase.<phase>}, {@code top_kernels}.
   */
  public static final String CATEGORY = "category";

  /**
   * {@code tensorcore}: in {@code kernels}, {@code kernels_by_phase.<phase>}, {@code top_kernels}.
   */
  public static final String TENSORCORE = "tensorcore";

  /**
   * {@code pct_of_gpu}: in {@code kernels}, {@code kernels_by_phase.<phase>}, {@code top_kernels}.
   */
  public static final String PCT_OF_GPU = "pct_of_gpu";

  /**
   * {@code count_per_step}: in {@code kernels}, {@code kernels_by_phase.<phase>}, {@code ops},
   * {@code ops_by_phase.<phase>}, {@code top_kernels}.
   */
  public static final String COUNT_PER_STEP = "count_per_step";

  /** {@code ops_by_phase}: in the top level. */
  public static final String OPS_BY_PHASE = "ops_by_phase";

  /** {@code op}: in {@code ops}, {@code ops_by_phase.<phase>}. */
  public static final String OP = "op";

  /** {@code pct_of_cpu_ops}: in {@code ops}, {@code ops_by_phase.<phase>}. */
  public static final String PCT_OF_CPU_OPS = "pct_of_cpu_ops";

  /** {@code top_kernels}: in the top level. */
  public static final String TOP_KERNELS = "top_kernels";

  /** {@code kernels}: in the top level. */
  public static final String KERNELS = "kernels";

  /** {@code ops}: in the top level. */
  public static final String OPS = "ops";

  /** {@code gpu_name}: in {@code environment}, {@code samples.forks.environment}. */
  public static final String GPU_NAME = "gpu_name";

  /** {@code latency_p50_ms}: in {@code metrics}. */
  public static final String LATENCY_P50_MS = "latency_p50_ms";

  /** {@code latency_p90_ms}: in {@code metrics}. */
  public static final String LATENCY_P90_MS = "latency_p90_ms";

  /** {@code latency_p99_ms}: in {@code metrics}. */
  public static final String LATENCY_P99_MS = "latency_p99_ms";

  /** {@code throughput_img_s}: in {@code metrics}. */
  public static final String THROUGHPUT_IMG_S = "throughput_img_s";

  /** {@code preprocess_ms}: in {@code metrics}. */
  public static final String PREPROCESS_MS = "preprocess_ms";

  /** {@code forward_ms}: in {@code metrics}. */
  public static final String FORWARD_MS = "forward_ms";

  /** {@code nms_ms}: in {@code metrics}. */
  public static final String NMS_MS = "nms_ms";

  /** {@code peak_rss_mb}: in {@code host_memory}, {@code metrics}. */
  public static final String PEAK_RSS_MB = "peak_rss_mb";

  /** {@code applied}: in {@code profiler_compensation}. */
  public static final String APPLIED = "applied";

  /** {@code per_op_us}: in {@code profiler_compensation}. */
  public static final String PER_OP_US = "per_op_us";

  /** {@code in_op_us}: in {@code profiler_compensation}. */
  public static final String IN_OP_US = "in_op_us";

  /** {@code phase_scale}: in {@code profiler_compensation}. */
  public static final String PHASE_SCALE = "phase_scale";

  /** {@code raw}: in {@code profiler_compensation}. */
  public static final String RAW = "raw";

  /** {@code window_wall_ms}: in {@code profiler_compensation.raw}. */
  public static final String WINDOW_WALL_MS = "window_wall_ms";

  /** {@code traced_over_untraced}: in {@code profiler_compensation}. */
  public static final String TRACED_OVER_UNTRACED = "traced_over_untraced";

  /** {@code engine}: in {@code environment}, {@code samples.forks.environment}. */
  public static final String ENGINE = "engine";

  /** {@code libtorch}: in {@code environment}, {@code samples.forks.environment}. */
  public static final String LIBTORCH = "libtorch";

  /** {@code jvm}: in {@code environment}, {@code samples.forks.environment}. */
  public static final String JVM = "jvm";

  /** {@code os}: in {@code environment}, {@code samples.forks.environment}. */
  public static final String OS = "os";

  /** {@code cpu}: in {@code environment}, {@code samples.forks.environment}. */
  public static final String CPU = "cpu";

  /** {@code cores}: in {@code environment}, {@code samples.forks.environment}. */
  public static final String CORES = "cores";

  /** {@code model_params}: in {@code environment}, {@code samples.forks.environment}. */
  public static final String MODEL_PARAMS = "model_params";

  /** {@code conv_macs_stride1_per_step}: in {@code work}. */
  public static final String CONV_MACS_STRIDE1_PER_STEP = "conv_macs_stride1_per_step";

  /** {@code matmul_macs_per_step}: in {@code work}. */
  public static final String MATMUL_MACS_PER_STEP = "matmul_macs_per_step";

  /** {@code allocated_bytes_per_step}: in {@code tensor_memory}. */
  public static final String ALLOCATED_BYTES_PER_STEP = "allocated_bytes_per_step";

  /** {@code peak_live_bytes}: in {@code tensor_memory}. */
  public static final String PEAK_LIVE_BYTES = "peak_live_bytes";

  /** {@code bytes_per_iteration}: in {@code allocation}. */
  public static final String BYTES_PER_ITERATION = "bytes_per_iteration";

  /** {@code peak_since}: in {@code host_memory}. */
  public static final String PEAK_SINCE = "peak_since";

  /** {@code major_faults}: in {@code host_memory}. */
  public static final String MAJOR_FAULTS = "major_faults";

  /** {@code process_peak_rss_mb}: in {@code host_memory}. */
  public static final String PROCESS_PEAK_RSS_MB = "process_peak_rss_mb";

  /** {@code period_ms}: in {@code java_samples}. */
  public static final String PERIOD_MS = "period_ms";

  /** {@code thread}: in {@code java_samples}. */
  public static final String THREAD = "thread";

  /**
   * {@code native_samples}: in {@code java_samples}, {@code java_samples.other_threads}, {@code
   * java_samples.phases.<phase>}.
   */
  public static final String NATIVE_SAMPLES = "native_samples";

  /**
   * {@code share}: in {@code java_samples.other_threads.self}, {@code
   * java_samples.other_threads.total}, {@code java_samples.phases.<phase>}, {@code
   * java_samples.phases.<phase>.self}, {@code java_samples.phases.<phase>.total}.
   */
  public static final String SHARE = "share";

  /** {@code self}: in {@code java_samples.other_threads}, {@code java_samples.phases.<phase>}. */
  public static final String SELF = "self";

  /**
   * {@code method}: in {@code java_samples.other_threads.self}, {@code
   * java_samples.other_threads.total}, {@code java_samples.phases.<phase>.self}, {@code
   * java_samples.phases.<phase>.total}.
   */
  public static final String METHOD = "method";

  /**
   * {@code total}: in {@code java_samples.other_threads}, {@code java_samples.phases.<phase>},
   * {@code samples.last_loss}.
   */
  public static final String TOTAL = "total";

  /** {@code fork}: in {@code trace_from}. */
  public static final String FORK = "fork";

  /** {@code latency_ms}: in {@code samples}. */
  public static final String LATENCY_MS = "latency_ms";

  /** {@code blocks}: in {@code samples}, {@code samples.forks}. */
  public static final String BLOCKS = "blocks";

  /** {@code runs_per_block}: in {@code samples.blocks}, {@code samples.forks.blocks}. */
  public static final String RUNS_PER_BLOCK = "runs_per_block";

  /** {@code canary}: in {@code samples.blocks}, {@code samples.forks.blocks}. */
  public static final String CANARY = "canary";

  /** {@code normalised}: in {@code samples.blocks}, {@code samples.forks.blocks}. */
  public static final String NORMALISED = "normalised";

  /** {@code canary_ms}: in {@code samples.blocks}, {@code samples.forks.blocks}. */
  public static final String CANARY_MS = "canary_ms";

  /** {@code step_p90_ms}: in {@code samples.blocks}, {@code samples.forks.blocks}. */
  public static final String STEP_P90_MS = "step_p90_ms";

  /** {@code index}: in {@code samples.forks}. */
  public static final String INDEX = "index";

  /** {@code allocated_bytes}: in {@code samples}. */
  public static final String ALLOCATED_BYTES = "allocated_bytes";

  /** {@code img_per_s_std}: in the top level, {@code metrics}. */
  public static final String IMG_PER_S_STD = "img_per_s_std";

  /** {@code img_per_s_n}: in the top level, {@code metrics}. */
  public static final String IMG_PER_S_N = "img_per_s_n";

  /** {@code img_per_s_trials}: in the top level, {@code samples}. */
  public static final String IMG_PER_S_TRIALS = "img_per_s_trials";

  /** {@code latency_ms_per_trial}: in {@code samples}. */
  public static final String LATENCY_MS_PER_TRIAL = "latency_ms_per_trial";

  /** {@code step}: in {@code config}. */
  public static final String STEP = "step";

  /** {@code repeat}: in {@code config}. */
  public static final String REPEAT = "repeat";

  /** {@code other_threads}: in {@code java_samples}. */
  public static final String OTHER_THREADS = "other_threads";

  /** {@code last_loss}: in {@code samples}. */
  public static final String LAST_LOSS = "last_loss";

  /** {@code box}: in {@code samples.last_loss}. */
  public static final String BOX = "box";

  /** {@code dfl}: in {@code samples.last_loss}. */
  public static final String DFL = "dfl";

  /** {@code cls}: in {@code samples.last_loss}. */
  public static final String CLS = "cls";

  /** {@code ema_updates}: in {@code samples}. */
  public static final String EMA_UPDATES = "ema_updates";

  /** {@code skipped_steps}: in {@code samples}. */
  public static final String SKIPPED_STEPS = "skipped_steps";

  /** {@code aggregation}: in the top level. */
  public static final String AGGREGATION = "aggregation";

  /** {@code profiles}: in {@code aggregation}. */
  public static final String PROFILES = "profiles";

  /** {@code representative_profile}: in {@code aggregation}. */
  public static final String REPRESENTATIVE_PROFILE = "representative_profile";

  /** {@code note}: in {@code aggregation}. */
  public static final String NOTE = "note";

  /** {@code step_ms_per_trial}: in {@code samples}. */
  public static final String STEP_MS_PER_TRIAL = "step_ms_per_trial";

  /** {@code weights_sha256}: in {@code config}. */
  public static final String WEIGHTS_SHA256 = "weights_sha256";

  /** {@code analysis}: in {@code profile_summary.json}. */
  public static final String ANALYSIS = "analysis";

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
   * Writes duplicate keys into {@code metrics}, in the order given, each copied from the field it
   * repeats ({@code null} where the field is absent, as the reference writes it).
   *
   * @param profile the profile being assembled (its fields written already)
   * @param metrics its {@code metrics} node
   * @param metricKeys keys with a {@link #metricSource}
   */
  public static void copyToMetrics(ObjectNode profile, ObjectNode metrics, String... metricKeys) {
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
