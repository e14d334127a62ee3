package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.libreyolo.profile.result.ProfileRows.CategoryRow;
import org.libreyolo.profile.result.ProfileRows.Compensation;
import org.libreyolo.profile.result.ProfileRows.KernelRow;
import org.libreyolo.profile.result.ProfileRows.Latency;
import org.libreyolo.profile.result.ProfileRows.OpRow;
import org.libreyolo.profile.result.ProfileRows.PhaseRow;
import org.libreyolo.profile.result.ProfileRows.Samples;
import org.libreyolo.profile.internal.trace.TraceConventions;

/**
 * The analysed, self-contained result ({@code libreyolo.profile.analysis/v1},
 * docs/profile-schema.md): the reference's keys in the reference's order, then ours. Backed by the
 * ordered JSON tree it was read from or assembled into, so writing it keeps every key (unknown
 * ones included) and every number's form byte for byte; readers use the typed accessors below,
 * which are the only place that knows the keys.
 */
public final class Profile {
  public static final String SCHEMA = "libreyolo.profile.analysis/v1";
  public static final String SCHEMA_PREFIX = "libreyolo.profile.analysis";

  private final ObjectNode root;

  public Profile(ObjectNode root) {
    this.root = root;
  }

  /** The stored tree, for writing and for views that print stored values as they are. */
  public ObjectNode json() {
    return root;
  }

  // -- identity and verdict

  public boolean hasSchema() {
    return root.has("schema");
  }

  /** The trace the profile was analysed from, as stored (null for a trace-less profile). */
  public String trace() {
    return text("trace");
  }

  public String model() {
    return text("model");
  }

  /**
   * The model as people read it: its name, and {@code (random-init: ...)} when no weights file was
   * loaded ({@code config.weights}), so random weights are never taken for pretrained ones.
   */
  public String modelLabel() {
    String model = model() == null ? "?" : model();
    JsonNode weights = config().get("weights");
    return weights != null && "random-init".equals(weights.asText())
        ? model + " (random-init: seeded random weights, not pretrained)" : model;
  }

  /** {@code config.task}: {@code detect}, {@code none} (a plain model, no postprocess), or null (older profiles, training). */
  public String task() {
    JsonNode task = config().get("task");
    return task == null || task.isNull() ? null : task.asText();
  }

  public String mode() {
    return text("mode");
  }

  public boolean isInference() {
    return "inference".equals(mode());
  }

  public String bound() {
    return text("bound");
  }

  public String boundWhy() {
    return text("bound_why");
  }

  /** Ours: where it ran ({@code cpu}, {@code cuda:0}), null in reference files. */
  public String device() {
    return text("device");
  }

  /** Ours: what the "kernels" are ({@code gpu-kernels}, {@code cpu-leaf-ops}, {@code none}). */
  public String kernelSource() {
    return text("kernel_source");
  }

  /** True for profiles whose "kernels" are CPU ops' self times, not GPU kernels. */
  public boolean isCpu() {
    return TraceConventions.KERNEL_SOURCE_CPU.equals(kernelSource());
  }

  // -- scalars (null when absent or null)

  public Num stepMs() {
    return num("step_ms");
  }

  public Num imgPerS() {
    return num("img_per_s");
  }

  /** Repeat aggregates: population std of the trial throughputs. */
  public Num imgPerSStd() {
    return num("img_per_s_std");
  }

  /** Repeat aggregates: trials that reported a throughput. */
  public Num imgPerSN() {
    return num("img_per_s_n");
  }

  /** Trials behind the throughput: {@code img_per_s_n}, 1 for a single trial. */
  public int throughputTrials() {
    Num n = imgPerSN();
    return n == null ? 1 : (int) n.asLong();
  }

  /** Repeat aggregates: each trial's throughput. */
  public double[] imgPerSTrials() {
    return ProfileRows.values(root.path("img_per_s_trials"));
  }

  public Num dataloadMs() {
    return num("dataload_ms");
  }

  public Num gpuUtil() {
    return num("gpu_util");
  }

  public Num gpuBusyMsPerStep() {
    return num("gpu_busy_ms_per_step");
  }

  public Num meanKernelUs() {
    return num("mean_kernel_us");
  }

  public Num kernelsPerStep() {
    return num("kernels_per_step");
  }

  public Num launchesPerStep() {
    return num("launches_per_step");
  }

  public Num hostOverheadMsPerStep() {
    return num("host_overhead_ms_per_step");
  }

  public Num memcpyMsPerStep() {
    return num("memcpy_ms_per_step");
  }

  public Num tensorcorePct() {
    return num("tensorcore_pct");
  }

  public Num peakVramMb() {
    return num("peak_vram_mb");
  }

  public Num cudaMallocsPerStep() {
    return num("cuda_mallocs_per_step");
  }

  public boolean memoryPressure() {
    return root.path("memory_pressure").asBoolean(false);
  }

  /** {@code config.batch}: images (or items) per step, null when not recorded. */
  public Num batch() {
    return Num.of(root.path("config").get("batch"));
  }

  // -- blocks

  /** Inference and steps: the latency block, null otherwise. */
  public Latency latency() {
    JsonNode l = root.get("latency");
    return l != null && l.isObject() ? Latency.of(l) : null;
  }

  /** Inference and steps: mean ms per stage, in stored order (empty otherwise). */
  public Map<String, Num> stagesMs() {
    Map<String, Num> out = new LinkedHashMap<>();
    root.path("stages_ms").fields().forEachRemaining(e -> out.put(e.getKey(), Num.of(e.getValue())));
    return out;
  }

  /** {@code config}: what was measured, as stored (an open map of scalars). */
  public Map<String, JsonNode> config() {
    return fields("config");
  }

  /** Ours: the environment fingerprint, as stored (an open map of scalars). */
  public Map<String, JsonNode> environment() {
    return fields("environment");
  }

  /** The flat metric map {@code get} reads. */
  public Map<String, JsonNode> metrics() {
    return fields("metrics");
  }

  public List<CategoryRow> categories() {
    return rows(root.path("categories"), CategoryRow::of);
  }

  public List<PhaseRow> phases() {
    return rows(root.path("phases"), PhaseRow::of);
  }

  public boolean hasPhases() {
    return root.path("phases").isArray();
  }

  public List<KernelRow> kernels() {
    return rows(root.path("kernels"), KernelRow::of);
  }

  public List<KernelRow> topKernels() {
    return rows(root.path("top_kernels"), KernelRow::of);
  }

  public List<OpRow> ops() {
    return rows(root.path("ops"), OpRow::of);
  }

  /** Phase -> its top kernel rows, in stored phase order. */
  public Map<String, List<KernelRow>> kernelsByPhase() {
    return byPhase("kernels_by_phase", KernelRow::of);
  }

  /** Phase -> its top op rows, in stored phase order. */
  public Map<String, List<OpRow>> opsByPhase() {
    return byPhase("ops_by_phase", OpRow::of);
  }

  /** Ours: the profiler-cost compensation, null when the trace recorded none. */
  public Compensation compensation() {
    JsonNode c = root.get(ProfileKeys.COMPENSATION);
    return c != null && c.isObject() ? Compensation.of(c) : null;
  }

  /**
   * Ours: multiply-accumulates per step from the first traced step's input shapes
   * ({@code work.conv_macs_stride1_per_step}, {@code work.matmul_macs_per_step}), or null.
   */
  public ProfileRows.Work work() {
    JsonNode n = root.path(ProfileKeys.WORK);
    return n.isObject() ? new ProfileRows.Work(n.path("conv_macs_stride1_per_step").asLong(),
        n.path("matmul_macs_per_step").asLong()) : null;
  }

  /** Ours: the raw samples (empty arrays when the profile has none, e.g. a reference file). */
  public Samples samples() {
    return Samples.of(root.path("samples"));
  }

  /** True when the profile carries raw per-iteration latencies (what the gate tests with). */
  public boolean hasLatencySamples() {
    return root.path("samples").path("latency_ms").isArray();
  }

  // -- writers for producers (the only keys a producer changes after analysis)

  /** Records the verdict the uncompensated figures would have given, beside them. */
  public void setRecordedBound(String bound) {
    JsonNode raw = root.path(ProfileKeys.COMPENSATION).path("raw");
    if (raw.isObject()) {
      ((ObjectNode) raw).put("bound", bound);
    }
  }

  // -- helpers: the one place that reads keys

  private String text(String key) {
    JsonNode v = root.get(key);
    return v == null || v.isNull() ? null : v.asText();
  }

  private Num num(String key) {
    return Num.of(root.get(key));
  }

  private Map<String, JsonNode> fields(String key) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    root.path(key).fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue()));
    return out;
  }

  private static <T> List<T> rows(JsonNode array, Function<JsonNode, T> row) {
    List<T> out = new ArrayList<>();
    if (array.isArray()) {
      array.forEach(n -> out.add(row.apply(n)));
    }
    return out;
  }

  private <T> Map<String, List<T>> byPhase(String key, Function<JsonNode, T> row) {
    Map<String, List<T>> out = new LinkedHashMap<>();
    root.path(key).fields().forEachRemaining(e -> out.put(e.getKey(), rows(e.getValue(), row)));
    return out;
  }
}
