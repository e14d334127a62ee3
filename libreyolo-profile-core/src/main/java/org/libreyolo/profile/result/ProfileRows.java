package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.Api;

/**
 * The row types of a profile (docs/profile-schema.md). Each keeps the stored object it was read
 * from ({@code source}), so a view that shows rows as they are stored re-emits them byte for byte.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class ProfileRows {
  private ProfileRows() {}

  /** A row that can re-emit the object it was read from. */
  public interface StoredRow {
    /**
     * An image, a directory of images or a dataset, or null for the sample.
     *
     * @return the stored row
     */
    JsonNode source();
  }

  /**
   * A kernel (CPU profiles: a leaf op's self time) aggregated per name.
   *
   * @param kernel the kernel's name
   * @param rawName the name as recorded
   * @param category the kernel category
   * @param tensorcore whether the kernel ran on tensor cores
   * @param msPerStep milliseconds per step
   * @param pctOfGpu the share of GPU time, percent
   * @param countPerStep calls per step
   * @param source the stored row as read, for printing stored values as they are
   */
  public record KernelRow(
      String kernel,
      String rawName,
      String category,
      boolean tensorcore,
      double msPerStep,
      double pctOfGpu,
      long countPerStep,
      JsonNode source)
      implements StoredRow {
    /** {@return the row as the profile stores it (the one mapping, read by {@link #of})} */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.put(ProfileSchema.KERNEL, kernel);
      out.put(ProfileSchema.RAW_NAME, rawName);
      out.put(ProfileSchema.CATEGORY, category);
      out.put(ProfileSchema.TENSORCORE, tensorcore);
      out.put(ProfileSchema.MS_PER_STEP, msPerStep);
      out.put(ProfileSchema.PCT_OF_GPU, pctOfGpu);
      out.put(ProfileSchema.COUNT_PER_STEP, countPerStep);
      return out;
    }

    static KernelRow of(JsonNode n) {
      return new KernelRow(
          n.path(ProfileSchema.KERNEL).asText(),
          n.path(ProfileSchema.RAW_NAME).asText(),
          n.path(ProfileSchema.CATEGORY).asText(),
          n.path(ProfileSchema.TENSORCORE).asBoolean(),
          n.path(ProfileSchema.MS_PER_STEP).asDouble(),
          n.path(ProfileSchema.PCT_OF_GPU).asDouble(),
          n.path(ProfileSchema.COUNT_PER_STEP).asLong(),
          n);
    }
  }

  /**
   * A framework op aggregated per name (inclusive CPU time).
   *
   * @param op the op's name
   * @param msPerStep milliseconds per step
   * @param pctOfCpuOps the share of CPU op time, percent
   * @param countPerStep calls per step
   * @param source the stored row as read, for printing stored values as they are
   */
  public record OpRow(
      String op, double msPerStep, double pctOfCpuOps, long countPerStep, JsonNode source)
      implements StoredRow {
    /** {@return the row as the profile stores it (the one mapping, read by {@link #of})} */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.put(ProfileSchema.OP, op);
      out.put(ProfileSchema.MS_PER_STEP, msPerStep);
      out.put(ProfileSchema.PCT_OF_CPU_OPS, pctOfCpuOps);
      out.put(ProfileSchema.COUNT_PER_STEP, countPerStep);
      return out;
    }

    static OpRow of(JsonNode n) {
      return new OpRow(
          n.path(ProfileSchema.OP).asText(),
          n.path(ProfileSchema.MS_PER_STEP).asDouble(),
          n.path(ProfileSchema.PCT_OF_CPU_OPS).asDouble(),
          n.path(ProfileSchema.COUNT_PER_STEP).asLong(),
          n);
    }
  }

  /**
   * A kernel category's share.
   *
   * @param name the name
   * @param pct the share, percent
   * @param msPerStep milliseconds per step
   */
  public record CategoryRow(String name, double pct, double msPerStep) {
    /** {@return the row as the profile stores it (the one mapping, read by {@link #of})} */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.put(ProfileSchema.NAME, name);
      out.put(ProfileSchema.PCT, pct);
      out.put(ProfileSchema.MS_PER_STEP, msPerStep);
      return out;
    }

    static CategoryRow of(JsonNode n) {
      return new CategoryRow(
          n.path(ProfileSchema.NAME).asText(),
          n.path(ProfileSchema.PCT).asDouble(),
          n.path(ProfileSchema.MS_PER_STEP).asDouble());
    }
  }

  /**
   * A phase's time, kernels and ops per step; wall time null when the summary had none.
   *
   * @param phase the phase's name, or null for all
   * @param gpuMsPerStep GPU time per step, ms
   * @param wallMsPerStep wall time per step, ms
   * @param kernelsPerStep kernel launches per step
   * @param opsPerStep op calls per step
   * @param uniqueKernels distinct kernels
   * @param source the stored row as read, for printing stored values as they are
   */
  public record PhaseRow(
      String phase,
      Num gpuMsPerStep,
      Num wallMsPerStep,
      Num kernelsPerStep,
      Num opsPerStep,
      Num uniqueKernels,
      JsonNode source)
      implements StoredRow {
    /** {@return the row as the profile stores it (the one mapping, read by {@link #of})} */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.put(ProfileSchema.PHASE, phase);
      out.set(ProfileSchema.GPU_MS_PER_STEP, Num.json(gpuMsPerStep));
      out.set(ProfileSchema.WALL_MS_PER_STEP, Num.json(wallMsPerStep));
      out.set(ProfileSchema.KERNELS_PER_STEP, Num.json(kernelsPerStep));
      out.set(ProfileSchema.OPS_PER_STEP, Num.json(opsPerStep));
      out.set(ProfileSchema.UNIQUE_KERNELS, Num.json(uniqueKernels));
      return out;
    }

    static PhaseRow of(JsonNode n) {
      return new PhaseRow(
          n.path(ProfileSchema.PHASE).asText(),
          Num.of(n.get(ProfileSchema.GPU_MS_PER_STEP)),
          Num.of(n.get(ProfileSchema.WALL_MS_PER_STEP)),
          Num.of(n.get(ProfileSchema.KERNELS_PER_STEP)),
          Num.of(n.get(ProfileSchema.OPS_PER_STEP)),
          Num.of(n.get(ProfileSchema.UNIQUE_KERNELS)),
          n);
    }
  }

  /**
   * Latency percentiles, mean, extremes and sample count (inference and steps).
   *
   * @param p50 the median, ms
   * @param p90 the 90th percentile, ms
   * @param p99 the 99th percentile, ms
   * @param mean the mean
   * @param min the smallest
   * @param max the largest
   * @param n how many samples
   */
  public record Latency(Num p50, Num p90, Num p99, Num mean, Num min, Num max, Num n) {
    /**
     * {@return {@code latency} as the profile stores it} One mapping of fields to keys, for reading
     * ({@link #of}) and writing.
     */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.set(ProfileSchema.P50_MS, Num.json(p50));
      out.set(ProfileSchema.P90_MS, Num.json(p90));
      out.set(ProfileSchema.P99_MS, Num.json(p99));
      out.set(ProfileSchema.MEAN_MS, Num.json(mean));
      out.set(ProfileSchema.MIN_MS, Num.json(min));
      out.set(ProfileSchema.MAX_MS, Num.json(max));
      out.set(ProfileSchema.N, Num.json(n));
      return out;
    }

    static Latency of(JsonNode n) {
      return new Latency(
          Num.of(n.get(ProfileSchema.P50_MS)),
          Num.of(n.get(ProfileSchema.P90_MS)),
          Num.of(n.get(ProfileSchema.P99_MS)),
          Num.of(n.get(ProfileSchema.MEAN_MS)),
          Num.of(n.get(ProfileSchema.MIN_MS)),
          Num.of(n.get(ProfileSchema.MAX_MS)),
          Num.of(n.get(ProfileSchema.N)));
    }
  }

  /**
   * The profiler-cost compensation of a trace captured here (docs/profiler-cost.md).
   *
   * @param applied whether it was applied
   * @param perOpUs the profiler's cost per op, microseconds
   * @param phasesScaled whether the phases were scaled to the total
   * @param rawBusyMsPerStep GPU busy time per step as recorded, ms
   * @param rawMeanKernelUs the mean kernel time as recorded, microseconds
   * @param rawBound the bound before the verdict's refinement
   */
  public record Compensation(
      boolean applied,
      double perOpUs,
      boolean phasesScaled,
      Num rawBusyMsPerStep,
      Num rawMeanKernelUs,
      String rawBound) {
    static Compensation of(JsonNode n) {
      JsonNode raw = n.path(ProfileSchema.RAW);
      return new Compensation(
          n.path(ProfileSchema.APPLIED).asBoolean(false),
          n.path(ProfileSchema.PER_OP_US).asDouble(),
          !n.path(ProfileSchema.PHASE_SCALE).isEmpty(),
          Num.of(raw.get(ProfileSchema.GPU_BUSY_MS_PER_STEP)),
          Num.of(raw.get(ProfileSchema.MEAN_KERNEL_US)),
          raw.path(ProfileSchema.BOUND).isMissingNode()
              ? null
              : raw.path(ProfileSchema.BOUND).asText(null));
    }

    /**
     * Whether the figures as recorded (before compensation) are kept beside the compensated ones.
     *
     * @return whether raw values are recorded
     */
    public boolean hasRaw() {
      return rawBusyMsPerStep != null;
    }
  }

  /**
   * Work per step counted from input shapes: convolution MACs at stride 1 and matrix-product MACs.
   *
   * @param convMacsStride1 convolution multiply-adds at stride 1
   * @param matmulMacs matrix-product multiply-adds
   */
  public record Work(long convMacsStride1, long matmulMacs) {
    /** {@return {@code work} as the profile stores it (the one mapping, read by {@link #of})} */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.put(ProfileSchema.CONV_MACS_STRIDE1_PER_STEP, convMacsStride1);
      out.put(ProfileSchema.MATMUL_MACS_PER_STEP, matmulMacs);
      return out;
    }

    static Work of(JsonNode n) {
      return n.isObject()
          ? new Work(
              n.path(ProfileSchema.CONV_MACS_STRIDE1_PER_STEP).asLong(),
              n.path(ProfileSchema.MATMUL_MACS_PER_STEP).asLong())
          : null;
    }
  }

  /**
   * Where a forked profile's trace came from: the per-step trace figures are that fork's, the
   * headline figures pool every fork.
   *
   * @param fork the traced fork, 1-based
   * @param forks how many forks the profile pools
   * @param stepMs that fork's own mean step, ms
   * @param imgPerS that fork's own throughput
   */
  public record TraceFrom(int fork, int forks, Num stepMs, Num imgPerS) {
    /**
     * {@return {@code trace_from} as the profile stores it (the one mapping, read by {@link #of})}
     */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.put(ProfileSchema.FORK, fork);
      out.put(ProfileSchema.FORKS, forks);
      out.set(ProfileSchema.STEP_MS, Num.json(stepMs));
      out.set(ProfileSchema.IMG_PER_S, Num.json(imgPerS));
      return out;
    }

    static TraceFrom of(JsonNode n) {
      return n.isObject()
          ? new TraceFrom(
              n.path(ProfileSchema.FORK).asInt(),
              n.path(ProfileSchema.FORKS).asInt(),
              Num.of(n.get(ProfileSchema.STEP_MS)),
              Num.of(n.get(ProfileSchema.IMG_PER_S)))
          : null;
    }
  }

  /**
   * Tensor bytes a step's framework ops allocate and the most they hold at once, from libtorch's
   * memory profiling of the first traced step: exact counters.
   *
   * @param allocatedBytesPerStep bytes allocated by the step's ops
   * @param peakLiveBytes the most tensor bytes the ops held at once (at op boundaries)
   */
  public record TensorMemory(long allocatedBytesPerStep, long peakLiveBytes) {
    /**
     * {@return {@code tensor_memory} as the profile stores it (the one mapping, read by {@link
     * #of})}
     */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.put(ProfileSchema.ALLOCATED_BYTES_PER_STEP, allocatedBytesPerStep);
      out.put(ProfileSchema.PEAK_LIVE_BYTES, peakLiveBytes);
      return out;
    }

    static TensorMemory of(JsonNode n) {
      return n.isObject()
          ? new TensorMemory(
              n.path(ProfileSchema.ALLOCATED_BYTES_PER_STEP).asLong(),
              n.path(ProfileSchema.PEAK_LIVE_BYTES).asLong())
          : null;
    }
  }

  /**
   * The process's resident memory during the measured iterations (Linux).
   *
   * @param peakRssMb the peak resident set, MB
   * @param peakSince {@code measured runs} (the peak was reset before them) or {@code process
   *     start}
   * @param majorFaults page faults that read from disk during them, or null
   * @param memoryPressure whether they faulted on every run (memory pressure), or null
   * @param processPeakRssMb the whole process's peak so far (load and trace included), or null
   */
  public record HostMemory(
      double peakRssMb,
      String peakSince,
      Long majorFaults,
      Boolean memoryPressure,
      Double processPeakRssMb) {
    /** {@return {@code host_memory} as the profile stores it (the one mapping, read by of)} */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.put(ProfileSchema.PEAK_RSS_MB, peakRssMb);
      out.put(ProfileSchema.PEAK_SINCE, peakSince);
      if (majorFaults != null) {
        out.put(ProfileSchema.MAJOR_FAULTS, majorFaults);
      }
      if (memoryPressure != null) {
        out.put(ProfileSchema.MEMORY_PRESSURE, memoryPressure);
      }
      if (processPeakRssMb != null) {
        out.put(ProfileSchema.PROCESS_PEAK_RSS_MB, processPeakRssMb);
      }
      return out;
    }

    /**
     * {@return these figures with the whole process's peak so far}
     *
     * @param mb the process's peak resident set, MB
     */
    public HostMemory withProcessPeak(double mb) {
      return new HostMemory(peakRssMb, peakSince, majorFaults, memoryPressure, mb);
    }

    static HostMemory of(JsonNode n) {
      return n.isObject()
          ? new HostMemory(
              n.path(ProfileSchema.PEAK_RSS_MB).asDouble(),
              n.path(ProfileSchema.PEAK_SINCE).asText(""),
              n.has(ProfileSchema.MAJOR_FAULTS)
                  ? n.path(ProfileSchema.MAJOR_FAULTS).asLong()
                  : null,
              n.has(ProfileSchema.MEMORY_PRESSURE)
                  ? n.path(ProfileSchema.MEMORY_PRESSURE).asBoolean()
                  : null,
              n.has(ProfileSchema.PROCESS_PEAK_RSS_MB)
                  ? n.path(ProfileSchema.PROCESS_PEAK_RSS_MB).asDouble()
                  : null)
          : null;
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
