package org.libreyolo.profile.internal.measure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.internal.analysis.FirstTracedStep;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.analysis.ShapeWork;
import org.libreyolo.profile.internal.analysis.StepCalls;
import org.libreyolo.profile.internal.analysis.TensorMemory;
import org.libreyolo.profile.internal.analysis.TraceAnalyzer;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.internal.result.Fingerprint;
import org.libreyolo.profile.internal.result.ProfileIo;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.OpCalls;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.ProfileSummary;
import org.libreyolo.profile.result.StepFigures;

/**
 * Builds the files every producer writes, in the reference's key order (docs/profile-schema.md):
 * the {@code profile_summary.json} parts, the analysed or trace-less {@code profile.json}, and our
 * keys (device, kernel source, environment, samples) at the end. Producers decide only what is
 * specific to them (their config, their verdict).
 */
public final class ProfileAssembler {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  private static final String SUMMARY = "profile_summary.json";

  private ProfileAssembler() {}

  /** {@code latency}: percentiles (null without samples), the mean, extremes and n. */
  public static ProfileRows.Latency latency(LatencyStats lat, double meanMs) {
    return new ProfileRows.Latency(
        real(lat.p50()),
        real(lat.p90()),
        real(lat.p99()),
        new Num(meanMs, false),
        real(lat.min()),
        real(lat.max()),
        new Num(lat.n(), true));
  }

  private static Num real(Double v) {
    return v == null ? null : new Num(v, false);
  }

  /**
   * Per-phase means rounded to 3 decimals ({@code stages_ms}, {@code composition_ms}); empty phases
   * 0.
   */
  public static Map<String, Double> means(Map<String, double[]> phases) {
    Map<String, Double> out = new LinkedHashMap<>();
    phases.forEach((name, values) -> out.put(name, mean3(values)));
    return out;
  }

  private static double mean3(double[] values) {
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
    if (profile.path(ProfileSchema.COMPENSATION).path(ProfileSchema.RAW)
        instanceof ObjectNode raw) {
      raw.put(ProfileSchema.BOUND, bound);
    }
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

  /** Writes {@code profile_summary.json} into {@code dir}, indented as the reference writes it. */
  public static void writeSummary(Path dir, ProfileSummary summary) {
    ProfileIo.writeIndented(dir.resolve(SUMMARY), summary.json());
  }

  /**
   * The analysed profile of {@code trace} read with {@code summary} (the analyser's sibling input).
   */
  public static ObjectNode analyse(Path trace, ProfileSummary summary) {
    return analyse(trace, summary, summary.untracedPhaseMs());
  }

  /**
   * The same, its profiler cost compensated against {@code untracedMs}, the mean untraced ms per
   * stage of the process that recorded the trace (a forked profile: the traced fork's own).
   */
  public static ObjectNode analyse(
      Path trace, ProfileSummary summary, Map<String, Double> untracedMs) {
    ObjectNode profile = TraceAnalyzer.analyze(trace, summary, untracedMs).json();
    FirstTracedStep first = FirstTracedStep.of(trace);
    ShapeWork work = ShapeWork.of(first);
    if (work != null) {
      profile.set(ProfileSchema.WORK, work.json());
    }
    TensorMemory memory = TensorMemory.of(first);
    if (memory != null) {
      profile.set(ProfileSchema.TENSOR_MEMORY, memory.json());
    }
    OpCalls.Process calls = StepCalls.of(trace, untracedMs, first);
    if (calls != null) {
      keepOpCalls(profile, new OpCalls(List.of(calls)));
    }
    return profile;
  }

  /**
   * A profile keeps its op calls ({@code op_calls}) up to this many calls a step: an inference step
   * of LibreYOLO9t makes about 2,800 (117 KB for one traced process, about 150 KB for three); a
   * training step's 25,000 stay in its trace beside it.
   */
  static final int KEPT_CALLS_MAX = 10_000;

  /**
   * Keeps the op calls of a run's traced processes in its profile ({@code op_calls}), so that the
   * profile explains a change without its trace; none where a step makes more than {@link
   * #KEPT_CALLS_MAX} calls (they stay in the trace beside it).
   *
   * @param profile the profile being assembled
   * @param calls every traced process's calls, in the order they ran
   */
  public static void keepOpCalls(ObjectNode profile, OpCalls calls) {
    if (calls.processes().stream().anyMatch(p -> p.calls().size() > KEPT_CALLS_MAX)) {
      profile.remove(ProfileSchema.OP_CALLS);
      return;
    }
    profile.set(ProfileSchema.OP_CALLS, calls.json());
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
      ProfileRows.Latency latency,
      Map<String, Double> stages,
      boolean inference) {
    ObjectNode p = F.objectNode();
    p.put(ProfileSchema.SCHEMA, Profile.SCHEMA);
    p.put(ProfileSchema.MODE, meta.path(ProfileSchema.MODE).asText("inference"));
    p.putNull(ProfileSchema.TRACE);
    p.set(
        ProfileSchema.MODEL,
        meta.path(ProfileSchema.MODEL).isMissingNode()
            ? F.nullNode()
            : meta.get(ProfileSchema.MODEL));
    p.set(ProfileSchema.CONFIG, meta.deepCopy());
    p.put(ProfileSchema.BOUND, bound);
    p.put(ProfileSchema.BOUND_WHY, why);
    StepFigures.traceless(PyRound.round(meanMs, 3), imgPerS).writeInto(p);
    ObjectNode window = p.putObject(ProfileSchema.WINDOW);
    window.put(ProfileSchema.WALL_MS, 0.0);
    window.put(ProfileSchema.REAL_STEPS, realSteps);
    p.set(ProfileSchema.LATENCY, latency.json());
    p.set(ProfileSchema.STAGES_MS, ProfileSummary.json(stages));
    ObjectNode m = p.putObject(ProfileSchema.METRICS);
    ProfileSchema.copyToMetrics(
        p,
        m,
        ProfileSchema.IMG_PER_S,
        ProfileSchema.STEP_MS,
        ProfileSchema.GPU_UTIL,
        ProfileSchema.GPU_BUSY_MS,
        ProfileSchema.MEAN_KERNEL_US,
        ProfileSchema.KERNELS_PER_STEP,
        ProfileSchema.UNIQUE_KERNELS,
        ProfileSchema.MEMCPY_MS,
        ProfileSchema.TENSORCORE_PCT,
        ProfileSchema.PEAK_VRAM_MB,
        ProfileSchema.HOST_OVERHEAD_MS,
        ProfileSchema.LAUNCHES_PER_STEP,
        ProfileSchema.CUDA_MALLOCS_PER_STEP,
        ProfileSchema.MEMORY_PRESSURE,
        ProfileSchema.BOUND);
    if (inference) {
      putInferenceMetrics(p);
      ProfileSchema.copyToMetrics(
          p,
          m,
          ProfileSchema.PREPROCESS_WALL_MS,
          ProfileSchema.FORWARD_WALL_MS,
          ProfileSchema.POSTPROCESS_WALL_MS);
    } else {
      putLatencyMetrics(p);
    }
    p.putArray(ProfileSchema.CATEGORIES);
    ArrayNode phases = p.putArray(ProfileSchema.PHASES);
    stages.forEach(
        (stage, ms) -> {
          ObjectNode e = phases.addObject();
          e.put(ProfileSchema.PHASE, stage);
          e.put(ProfileSchema.GPU_MS_PER_STEP, 0.0);
          e.put(ProfileSchema.WALL_MS_PER_STEP, ms);
          e.put(ProfileSchema.KERNELS_PER_STEP, 0);
          e.put(ProfileSchema.OPS_PER_STEP, 0);
          e.put(ProfileSchema.UNIQUE_KERNELS, 0);
        });
    p.putArray(ProfileSchema.PHASES_GPU);
    p.putObject(ProfileSchema.KERNELS_BY_PHASE);
    p.putObject(ProfileSchema.OPS_BY_PHASE);
    p.putArray(ProfileSchema.TOP_KERNELS);
    p.putArray(ProfileSchema.KERNELS);
    p.putArray(ProfileSchema.OPS);
    return p;
  }

  /**
   * The timed iterations over a traced analysis: their latency and stage means, and those figures
   * in {@code metrics} (an inference profile's with its stage keys).
   *
   * @param p the analysed profile
   * @param h the headline figures of the timed iterations
   * @param inference whether the stages are inference's (preprocess, forward, NMS)
   */
  public static void putTimings(ObjectNode p, Headline h, boolean inference) {
    p.set(ProfileSchema.LATENCY, h.latency().json());
    p.set(ProfileSchema.STAGES_MS, ProfileSummary.json(h.stages()));
    if (inference) {
      putInferenceMetrics(p);
    } else {
      putLatencyMetrics(p);
    }
  }

  /**
   * The inference fields over a traced analysis (docs/reference-behaviour.md, "Inference profile"):
   * the inference verdict (unless the analysis flagged memory pressure, whose verdict stands), the
   * mode, the timed iterations' figures.
   *
   * @param p the analysed profile
   * @param bound the inference verdict
   * @param why its reason
   * @param h the headline figures of the timed iterations
   */
  public static void overlayInference(ObjectNode p, String bound, String why, Headline h) {
    if (!p.path(ProfileSchema.MEMORY_PRESSURE).asBoolean(false)) {
      p.put(ProfileSchema.BOUND, bound);
      p.put(ProfileSchema.BOUND_WHY, why);
    }
    p.put(ProfileSchema.MODE, "inference");
    putTimings(p, h, true);
    ProfileSchema.copyToMetrics(p, (ObjectNode) p.get(ProfileSchema.METRICS), ProfileSchema.BOUND);
  }

  /**
   * The inference keys of {@code metrics} (reference order): latency, throughput, stage means, each
   * copied from the field it repeats.
   *
   * @param p the profile, its latency, throughput and stages written
   */
  private static void putInferenceMetrics(ObjectNode p) {
    putLatencyMetrics(p);
    ProfileSchema.copyToMetrics(
        p,
        (ObjectNode) p.get(ProfileSchema.METRICS),
        ProfileSchema.PREPROCESS_MS,
        ProfileSchema.FORWARD_MS,
        ProfileSchema.NMS_MS);
  }

  /**
   * Latency percentiles and throughput in {@code metrics}, so {@code get} reads them.
   *
   * @param p the profile, its latency and throughput written
   */
  private static void putLatencyMetrics(ObjectNode p) {
    ProfileSchema.copyToMetrics(
        p,
        (ObjectNode) p.get(ProfileSchema.METRICS),
        ProfileSchema.LATENCY_P50_MS,
        ProfileSchema.LATENCY_P90_MS,
        ProfileSchema.LATENCY_P99_MS,
        ProfileSchema.THROUGHPUT_IMG_S);
  }

  /**
   * Adds our keys (device, kernel source, environment, samples) after the reference's, copies the
   * verdict into the summary and writes {@code profile_summary.json} and {@code profile.json}.
   */
  public static Profile finish(
      Path dir,
      ObjectNode profile,
      ProfileSummary summary,
      String device,
      Fingerprint environment,
      ObjectNode samples,
      ProcessFigures process) {
    profile.put(ProfileSchema.DEVICE, device);
    if (process.hostMemory() != null) {
      ProfileRows.HostMemory host = process.hostMemory();
      double processPeak = HostMemory.processPeakMb();
      // the whole process so far (load and trace included); a fork's figures arrive with its own
      if (processPeak > 0 && host.processPeakRssMb() == null) {
        host = host.withProcessPeak(processPeak);
      }
      profile.set(ProfileSchema.HOST_MEMORY, host.json());
    }
    if (process.javaSamples() != null) {
      profile.set(ProfileSchema.JAVA_SAMPLES, process.javaSamples());
    }
    putAllocation(profile, samples, process.allocatedBytes());
    if (process.allocationByPhase() != null && profile.has(ProfileSchema.ALLOCATION)) {
      ((ObjectNode) profile.get(ProfileSchema.ALLOCATION))
          .set(ProfileSchema.BYTES_PER_PHASE, process.allocationByPhase().deepCopy());
    }
    memoryMetrics(profile);
    if (!profile.has(ProfileSchema.KERNEL_SOURCE)) {
      profile.put(ProfileSchema.KERNEL_SOURCE, ProfileSchema.KERNEL_SOURCE_NONE);
    }
    profile.set(ProfileSchema.ENVIRONMENT, environment.json());
    profile.put(
        ProfileSchema.RECORDED_AT,
        java.time.Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
    profile.set(ProfileSchema.SAMPLES, samples);
    ProfileSchema.moveOursToEnd(profile);
    writeSummary(
        dir,
        summary.withVerdict(
            profile.path(ProfileSchema.BOUND).asText(),
            profile.path(ProfileSchema.BOUND_WHY).asText()));
    ProfileIo.writeCompact(dir.resolve("profile.json"), profile);
    return new Profile(profile);
  }

  /**
   * What the measured iterations recorded about the process beside their times: its Java samples,
   * its resident memory and the Java heap each iteration allocated on its thread (any may be
   * absent).
   */
  public record ProcessFigures(
      ObjectNode javaSamples,
      ProfileRows.HostMemory hostMemory,
      double[] allocatedBytes,
      ObjectNode allocationByPhase) {
    /** Without the allocation per phase. */
    public ProcessFigures(
        ObjectNode javaSamples, ProfileRows.HostMemory hostMemory, double[] allocatedBytes) {
      this(javaSamples, hostMemory, allocatedBytes, null);
    }

    public static ProcessFigures of(Measurement m) {
      return new ProcessFigures(
          m.javaSamples(), m.hostMemory(), m.allocatedBytes(), byPhase(m.phaseAllocatedBytes()));
    }
  }

  /**
   * Each phase's median Java heap allocation per iteration ({@code allocation.bytes_per_phase}), or
   * null where none was counted.
   */
  public static ObjectNode byPhase(Map<String, double[]> phaseAllocated) {
    if (phaseAllocated == null || phaseAllocated.isEmpty()) {
      return null;
    }
    ObjectNode out = F.objectNode();
    phaseAllocated.forEach((phase, bytes) -> out.put(phase, (long) LatencyStats.median(bytes)));
    return out;
  }

  /**
   * The Java heap per iteration: {@code samples.allocated_bytes} and its median as {@code
   * allocation.bytes_per_iteration}, where the JVM counts per-thread allocation (-1 otherwise).
   */
  private static void putAllocation(ObjectNode profile, ObjectNode samples, double[] bytes) {
    if (bytes == null || bytes.length == 0 || bytes[0] < 0) {
      return;
    }
    samples.set(ProfileSchema.ALLOCATED_BYTES, samples(bytes));
    profile
        .putObject(ProfileSchema.ALLOCATION)
        .put(ProfileSchema.BYTES_PER_ITERATION, (long) LatencyStats.median(bytes));
  }

  /**
   * The memory figures in {@code metrics}, so {@code get} lists them, and on a CPU profile {@code
   * memory_pressure} from the major page faults of the measured runs (the reference's flag is for
   * VRAM thrashing, which a CPU run cannot have).
   */
  private static void memoryMetrics(ObjectNode profile) {
    if (!(profile.get(ProfileSchema.METRICS) instanceof ObjectNode m)) {
      return;
    }
    JsonNode host = profile.path(ProfileSchema.HOST_MEMORY);
    if (host.has(ProfileSchema.PEAK_RSS_MB)) {
      ProfileSchema.copyToMetrics(profile, m, ProfileSchema.METRIC_PEAK_RSS_MB);
      if (host.path(ProfileSchema.MEMORY_PRESSURE).asBoolean(false)
          && !profile.path(ProfileSchema.DEVICE).asText("").startsWith("cuda")) {
        profile.put(ProfileSchema.MEMORY_PRESSURE, true);
        m.put(ProfileSchema.MEMORY_PRESSURE, true);
      }
    }
    JsonNode tensors = profile.path(ProfileSchema.TENSOR_MEMORY);
    if (tensors.isObject()) {
      ProfileSchema.copyToMetrics(
          profile, m, ProfileSchema.METRIC_TENSOR_BYTES, ProfileSchema.METRIC_TENSOR_PEAK_BYTES);
    }
    JsonNode heap = profile.path(ProfileSchema.ALLOCATION).path(ProfileSchema.BYTES_PER_ITERATION);
    if (heap.isNumber()) {
      ProfileSchema.copyToMetrics(profile, m, ProfileSchema.METRIC_JAVA_HEAP_BYTES);
    }
  }
}
