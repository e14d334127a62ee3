package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The row types of a profile (docs/profile-schema.md). Each keeps the stored object it was read
 * from ({@code source}), so a view that shows rows as they are stored re-emits them byte for byte.
 */
public final class ProfileRows {
  private ProfileRows() {}

  /** A row that can re-emit the object it was read from. */
  public interface StoredRow {
    JsonNode source();
  }

  /** A kernel (CPU profiles: a leaf op's self time) aggregated per name. */
  public record KernelRow(String kernel, String rawName, String category, boolean tensorcore, double msPerStep,
      double pctOfGpu, long countPerStep, JsonNode source) implements StoredRow {
    static KernelRow of(JsonNode n) {
      return new KernelRow(n.path("kernel").asText(), n.path("raw_name").asText(), n.path("category").asText(),
          n.path("tensorcore").asBoolean(), n.path("ms_per_step").asDouble(), n.path("pct_of_gpu").asDouble(),
          n.path("count_per_step").asLong(), n);
    }
  }

  /** A framework op aggregated per name (inclusive CPU time). */
  public record OpRow(String op, double msPerStep, double pctOfCpuOps, long countPerStep, JsonNode source) implements StoredRow {
    static OpRow of(JsonNode n) {
      return new OpRow(n.path("op").asText(), n.path("ms_per_step").asDouble(), n.path("pct_of_cpu_ops").asDouble(),
          n.path("count_per_step").asLong(), n);
    }
  }

  /** A kernel category's share. */
  public record CategoryRow(String name, double pct, double msPerStep) {
    static CategoryRow of(JsonNode n) {
      return new CategoryRow(n.path("name").asText(), n.path("pct").asDouble(), n.path("ms_per_step").asDouble());
    }
  }

  /** A phase's time, kernels and ops per step; wall time null when the summary had none. */
  public record PhaseRow(String phase, Num gpuMsPerStep, Num wallMsPerStep, Num kernelsPerStep, Num opsPerStep,
      Num uniqueKernels, JsonNode source) implements StoredRow {
    static PhaseRow of(JsonNode n) {
      return new PhaseRow(n.path("phase").asText(), Num.of(n.get("gpu_ms_per_step")), Num.of(n.get("wall_ms_per_step")),
          Num.of(n.get("kernels_per_step")), Num.of(n.get("ops_per_step")), Num.of(n.get("unique_kernels")), n);
    }
  }

  /** Latency percentiles, mean, extremes and sample count (inference and steps). */
  public record Latency(Num p50, Num p90, Num p99, Num mean, Num min, Num max, Num n) {
    static Latency of(JsonNode n) {
      return new Latency(Num.of(n.get("p50_ms")), Num.of(n.get("p90_ms")), Num.of(n.get("p99_ms")),
          Num.of(n.get("mean_ms")), Num.of(n.get("min_ms")), Num.of(n.get("max_ms")), Num.of(n.get("n")));
    }
  }

  /** The profiler-cost compensation of a trace captured here (docs/profiler-cost.md). */
  public record Compensation(boolean applied, double perOpUs, boolean phasesScaled, Num rawBusyMsPerStep,
      Num rawMeanKernelUs, String rawBound) {
    static Compensation of(JsonNode n) {
      JsonNode raw = n.path("raw");
      return new Compensation(n.path("applied").asBoolean(false), n.path("per_op_us").asDouble(),
          !n.path("phase_scale").isEmpty(), Num.of(raw.get("gpu_busy_ms_per_step")), Num.of(raw.get("mean_kernel_us")),
          raw.path("bound").isMissingNode() ? null : raw.path("bound").asText(null));
    }

    /** Whether the figures as recorded (before compensation) are kept beside the compensated ones. */
    public boolean hasRaw() {
      return rawBusyMsPerStep != null;
    }
  }

  /** Work per step counted from input shapes: convolution MACs at stride 1 and matrix-product MACs. */
  public record Work(long convMacsStride1, long matmulMacs) {}

  /** The raw measurements statistics use (empty arrays when absent). */
  public record Samples(double[] latencyMs, double[] stepMs, double[] imgPerSTrials, long skippedSteps,
      Blocks blocks) {
    static Samples of(JsonNode n) {
      return new Samples(values(n.path("latency_ms")), values(n.path("step_ms")), values(n.path("img_per_s_trials")),
          n.path("skipped_steps").asLong(0), Blocks.of(n.path("blocks")));
    }
  }

  /**
   * {@code samples.blocks}: per block the step's median iteration and the canary around it
   * (docs/profile-schema.md); null when the profile was measured without blocks.
   */
  public record Blocks(int runsPerBlock, String canary, boolean normalised, double[] stepMs, double[] canaryMs) {
    static Blocks of(JsonNode n) {
      if (!n.isObject()) {
        return null;
      }
      return new Blocks(n.path("runs_per_block").asInt(0), n.path("canary").asText(""),
          n.path("normalised").asBoolean(true), values(n.path("step_ms")), values(n.path("canary_ms")));
    }

    /** Equal lengths and positive, finite numbers only (a hand-edited file may have anything). */
    public boolean valid() {
      if (stepMs.length != canaryMs.length) {
        return false;
      }
      for (int i = 0; i < stepMs.length; i++) {
        if (!(stepMs[i] > 0) || !(canaryMs[i] > 0) || Double.isInfinite(stepMs[i]) || Double.isInfinite(canaryMs[i])) {
          return false;
        }
      }
      return true;
    }
  }

  static double[] values(JsonNode array) {
    if (!array.isArray()) {
      return new double[0];
    }
    double[] out = new double[array.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = array.get(i).asDouble();
    }
    return out;
  }
}
