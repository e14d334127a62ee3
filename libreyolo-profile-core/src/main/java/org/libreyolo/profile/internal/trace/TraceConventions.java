package org.libreyolo.profile.internal.trace;

/**
 * The names traces carry that both the writer ({@code capture}) and the readers ({@code analysis},
 * {@code report}) rely on: one home, so they cannot drift apart (docs/profile-schema.md, "Traces").
 */
public final class TraceConventions {
  private TraceConventions() {}

  /**
   * Step markers: torch's {@code ProfilerStep#N}; readers match the prefix without the {@code #}.
   */
  public static final String STEP_MARKER = "ProfilerStep";

  public static final String STEP_MARKER_PREFIX = STEP_MARKER + "#";

  /** Phase annotations inside a step: {@code step/<phase>}. */
  public static final String PHASE_PREFIX = "step/";

  /** Event categories (Kineto's {@code cat}). */
  public static final String CAT_CPU_OP = "cpu_op";

  public static final String CAT_USER_ANNOTATION = "user_annotation";

  /**
   * Ours: a method on the measuring thread's stack, from the traced steps' Java samples (a flame
   * chart over time; the analysis reads none of it).
   */
  public static final String CAT_JAVA_SAMPLE = "java_sample";

  public static final String CAT_GPU_USER_ANNOTATION = "gpu_user_annotation";
  public static final String CAT_KERNEL = "kernel";
  public static final String CAT_MEMCPY = "gpu_memcpy";
  public static final String CAT_MEMSET = "gpu_memset";
  public static final String CAT_CUDA_RUNTIME = "cuda_runtime";

  /**
   * Top-level object of a trace captured here: the operator profiler's measured cost per recorded
   * op ({@code per_op_us}) and the part of it inside an op's span ({@code in_op_us}). Other tools
   * ignore it; our readers use it to compensate (docs/profiler-cost.md).
   */
  public static final String PROFILER_COST_KEY = "libreyoloProfilerCost";

  /**
   * An op's own profiler cost, µs, on an op another engine's profiler recorded (ONNX Runtime's
   * kernels): charged before the op instead of the trace-wide {@link #PROFILER_COST_KEY}, none of
   * it inside the op's span (that engine times the kernel alone).
   */
  public static final String OP_COST_KEY = "libreyolo_cost_us";
}
