package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.Api;

/**
 * The reference's per-step figures, the profile's top-level scalars from {@code step_ms} to {@code
 * peak_vram_mb} in the reference's order: one mapping of fields to keys for reading ({@link #of})
 * and writing ({@link #writeInto}), so the analyser and the trace-less profile write what {@link
 * Profile} reads. A number keeps its stored form (an integer stays one); null where the profile
 * holds null or nothing.
 *
 * @param stepMs the mean step, ms
 * @param imgPerS images (or items) per second
 * @param dataloadMs the data-loading wait per step, ms
 * @param dataloadFrac that wait's share of the step
 * @param gpuUtil the device's busy share of the step (at most 1)
 * @param gpuUtilRaw the same, unclamped
 * @param memoryPressure whether memory was under pressure
 * @param cudaMallocsPerStep CUDA allocations per step
 * @param hostOverheadMsPerStep the step minus the busy time, ms
 * @param launchesPerStep kernel launches per step
 * @param gpuBusyMsPerStep the device's busy time per step, ms
 * @param meanKernelUs the mean kernel time, microseconds
 * @param kernelsPerStep kernels per step
 * @param uniqueKernels distinct kernels
 * @param memcpyMsPerStep memory-copy time per step, ms
 * @param tensorcorePct the tensor-core share of the busy time, percent
 * @param peakVramMb the peak device memory, MB
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record StepFigures(
    Num stepMs,
    Num imgPerS,
    Num dataloadMs,
    Num dataloadFrac,
    Num gpuUtil,
    Num gpuUtilRaw,
    Boolean memoryPressure,
    Num cudaMallocsPerStep,
    Num hostOverheadMsPerStep,
    Num launchesPerStep,
    Num gpuBusyMsPerStep,
    Num meanKernelUs,
    Num kernelsPerStep,
    Num uniqueKernels,
    Num memcpyMsPerStep,
    Num tensorcorePct,
    Num peakVramMb) {

  /**
   * Writes the figures into a profile being assembled, in the reference's order.
   *
   * @param profile the profile (its keys before {@code step_ms} written already)
   */
  public void writeInto(ObjectNode profile) {
    profile.set(ProfileSchema.STEP_MS, Num.json(stepMs));
    profile.set(ProfileSchema.IMG_PER_S, Num.json(imgPerS));
    profile.set(ProfileSchema.DATALOAD_MS, Num.json(dataloadMs));
    profile.set(ProfileSchema.DATALOAD_FRAC, Num.json(dataloadFrac));
    profile.set(ProfileSchema.GPU_UTIL, Num.json(gpuUtil));
    profile.set(ProfileSchema.GPU_UTIL_RAW, Num.json(gpuUtilRaw));
    profile.set(
        ProfileSchema.MEMORY_PRESSURE,
        memoryPressure == null ? NullNode.getInstance() : BooleanNode.valueOf(memoryPressure));
    profile.set(ProfileSchema.CUDA_MALLOCS_PER_STEP, Num.json(cudaMallocsPerStep));
    profile.set(ProfileSchema.HOST_OVERHEAD_MS_PER_STEP, Num.json(hostOverheadMsPerStep));
    profile.set(ProfileSchema.LAUNCHES_PER_STEP, Num.json(launchesPerStep));
    profile.set(ProfileSchema.GPU_BUSY_MS_PER_STEP, Num.json(gpuBusyMsPerStep));
    profile.set(ProfileSchema.MEAN_KERNEL_US, Num.json(meanKernelUs));
    profile.set(ProfileSchema.KERNELS_PER_STEP, Num.json(kernelsPerStep));
    profile.set(ProfileSchema.UNIQUE_KERNELS, Num.json(uniqueKernels));
    profile.set(ProfileSchema.MEMCPY_MS_PER_STEP, Num.json(memcpyMsPerStep));
    profile.set(ProfileSchema.TENSORCORE_PCT, Num.json(tensorcorePct));
    profile.set(ProfileSchema.PEAK_VRAM_MB, Num.json(peakVramMb));
  }

  /**
   * The figures a profile holds.
   *
   * @param p the profile's root
   * @return its figures (a field null where it holds none)
   */
  static StepFigures of(JsonNode p) {
    JsonNode pressure = p.get(ProfileSchema.MEMORY_PRESSURE);
    return new StepFigures(
        Num.of(p.get(ProfileSchema.STEP_MS)),
        Num.of(p.get(ProfileSchema.IMG_PER_S)),
        Num.of(p.get(ProfileSchema.DATALOAD_MS)),
        Num.of(p.get(ProfileSchema.DATALOAD_FRAC)),
        Num.of(p.get(ProfileSchema.GPU_UTIL)),
        Num.of(p.get(ProfileSchema.GPU_UTIL_RAW)),
        pressure != null && pressure.isBoolean() ? pressure.asBoolean() : null,
        Num.of(p.get(ProfileSchema.CUDA_MALLOCS_PER_STEP)),
        Num.of(p.get(ProfileSchema.HOST_OVERHEAD_MS_PER_STEP)),
        Num.of(p.get(ProfileSchema.LAUNCHES_PER_STEP)),
        Num.of(p.get(ProfileSchema.GPU_BUSY_MS_PER_STEP)),
        Num.of(p.get(ProfileSchema.MEAN_KERNEL_US)),
        Num.of(p.get(ProfileSchema.KERNELS_PER_STEP)),
        Num.of(p.get(ProfileSchema.UNIQUE_KERNELS)),
        Num.of(p.get(ProfileSchema.MEMCPY_MS_PER_STEP)),
        Num.of(p.get(ProfileSchema.TENSORCORE_PCT)),
        Num.of(p.get(ProfileSchema.PEAK_VRAM_MB)));
  }

  /**
   * A trace-less profile's figures: the measured step and throughput, every device figure 0 (or
   * null where the reference writes null), as the reference writes them.
   *
   * @param stepMs the mean step, ms (3 decimals, as the reference rounds a trace-less step)
   * @param imgPerS the throughput
   * @return the figures
   */
  public static StepFigures traceless(double stepMs, double imgPerS) {
    Num zero = new Num(0.0, false);
    Num none = new Num(0, true);
    return new StepFigures(
        new Num(stepMs, false),
        new Num(imgPerS, false),
        zero,
        zero,
        zero,
        zero,
        false,
        none,
        zero,
        none,
        zero,
        zero,
        none,
        none,
        zero,
        zero,
        null);
  }
}
