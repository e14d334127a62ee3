package org.libreyolo.profile.result;

/**
 * The keys inside the profile's sections ({@code config}, {@code environment}, {@code latency},
 * {@code window}, the rows, {@code samples}, the memory and Java-sample blocks, {@code
 * profiler_compensation}, {@code aggregation}), read through {@link ProfileSchema}: a part of the
 * one schema, kept in its own file only to keep files small. A key that several sections use (a
 * JSON name) is one constant; its comment says where it appears.
 */
abstract class SectionKeys {
  SectionKeys() {}

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

  /** {@code weights}: in {@code config}, {@code meta}. */
  public static final String WEIGHTS = "weights";

  /** {@code size}: in {@code config}, {@code meta}. */
  public static final String SIZE = "size";

  /** {@code params}: in {@code config}, {@code meta}. */
  public static final String PARAMS = "params";

  /** {@code warmup}: in {@code config}, {@code meta}, {@code window}. */
  public static final String WARMUP = "warmup";

  /** {@code runs}: in {@code config}, {@code meta}. */
  public static final String RUNS = "runs";

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

  /** {@code real_steps}: in {@code window}. */
  public static final String REAL_STEPS = "real_steps";

  /** {@code synced_steps}: in {@code window}. */
  public static final String SYNCED_STEPS = "synced_steps";

  /** {@code compute_ms}: in {@code real}. */
  public static final String COMPUTE_MS = "compute_ms";

  /** {@code wall_ms}: in {@code window}. */
  public static final String WALL_MS = "wall_ms";

  /** {@code gpu_busy_ms}: in {@code metrics}. */
  public static final String GPU_BUSY_MS = "gpu_busy_ms";

  /** {@code memcpy_ms}: in {@code metrics}. */
  public static final String MEMCPY_MS = "memcpy_ms";

  /** {@code host_overhead_ms}: in {@code metrics}. */
  public static final String HOST_OVERHEAD_MS = "host_overhead_ms";

  /** {@code name}: in {@code categories}. */
  public static final String NAME = "name";

  /** {@code pct}: in {@code categories}. */
  public static final String PCT = "pct";

  /** {@code wall_ms_per_step}: in {@code phases}, {@code profiler_compensation.raw.phases}. */
  public static final String WALL_MS_PER_STEP = "wall_ms_per_step";

  /** {@code kernel}: in {@code kernels}, {@code kernels_by_phase.<phase>}, {@code top_kernels}. */
  public static final String KERNEL = "kernel";

  /** {@code op}: in {@code ops}, {@code ops_by_phase.<phase>}. */
  public static final String OP = "op";

  /** {@code pct_of_cpu_ops}: in {@code ops}, {@code ops_by_phase.<phase>}. */
  public static final String PCT_OF_CPU_OPS = "pct_of_cpu_ops";

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

  /** {@code environment.engine} of a step that ran no engine: plain JVM code. */
  public static final String ENGINE_NONE = "none (plain JVM code)";

  /** {@code config.unit}: what a step's item is, for its throughput ({@code images}). */
  public static final String UNIT = "unit";

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

  /** {@code self}: in {@code java_samples.other_threads}, {@code java_samples.phases.<phase>}. */
  public static final String SELF = "self";

  /**
   * {@code stacks}: in {@code java_samples.phases.<phase>}: the phase's most frequent stacks, for a
   * (differential) flame graph.
   */
  public static final String STACKS = "stacks";

  /**
   * {@code sampled_steps}: in {@code java_samples}: the untimed steps after the measured ones the
   * samples were taken in (absent: the measured steps were sampled).
   */
  public static final String SAMPLED_STEPS = "sampled_steps";

  /** {@code names}: in {@code op_calls}: the ops' names, referred to by index. */
  public static final String NAMES = "names";

  /** {@code shapes}: in {@code op_calls}: the calls' input shapes, referred to by index. */
  public static final String SHAPES = "shapes";

  /**
   * {@code calls}: in {@code op_calls}: per call {@code [name, ordinal, phase, shape, macs,
   * allocated_bytes]}, the tables' indexes -1 where none.
   */
  public static final String CALLS = "calls";

  /** {@code processes}: in {@code op_calls}: per traced process its steps and own times. */
  public static final String PROCESSES = "processes";

  /** {@code traced_step_ms}: in {@code op_calls.processes}: the traced step's wall time, ms. */
  public static final String TRACED_STEP_MS = "traced_step_ms";

  /**
   * {@code own_us}: in {@code op_calls.processes}: each call's own time per step, microseconds, in
   * the order of {@code calls} (null where the process lacks it).
   */
  public static final String OWN_US = "own_us";

  /**
   * {@code stack}: in {@code java_samples.phases.<phase>.stacks}: methods outermost first, joined
   * by {@code ;}.
   */
  public static final String STACK = "stack";

  /**
   * {@code bytes_per_phase}: in {@code allocation}: per phase, the median Java heap one iteration
   * allocates there on the measuring thread.
   */
  public static final String BYTES_PER_PHASE = "bytes_per_phase";

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

  /**
   * {@code threads}: in {@code config}, {@code environment}, {@code java_samples.other_threads},
   * {@code meta}, {@code samples.forks.environment}.
   */
  public static final String THREADS = "threads";

  /**
   * {@code ops_per_step}: in {@code metrics}, {@code phases}, {@code
   * profiler_compensation.raw.phases}.
   */
  public static final String OPS_PER_STEP = "ops_per_step";

  /**
   * {@code ms_per_step}: in {@code categories}, {@code kernels}, {@code kernels_by_phase.<phase>},
   * {@code ops}, {@code ops_by_phase.<phase>}, {@code top_kernels}.
   */
  public static final String MS_PER_STEP = "ms_per_step";

  /**
   * {@code phase}: in {@code phases}, {@code phases_gpu}, {@code profiler_compensation.raw.phases}.
   */
  public static final String PHASE = "phase";

  /**
   * {@code gpu_ms_per_step}: in {@code phases}, {@code phases_gpu}, {@code
   * profiler_compensation.raw.phases}.
   */
  public static final String GPU_MS_PER_STEP = "gpu_ms_per_step";

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
}
