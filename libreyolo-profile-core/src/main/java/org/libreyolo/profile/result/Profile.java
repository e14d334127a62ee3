package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.result.ProfileRows.CategoryRow;
import org.libreyolo.profile.result.ProfileRows.Compensation;
import org.libreyolo.profile.result.ProfileRows.KernelRow;
import org.libreyolo.profile.result.ProfileRows.Latency;
import org.libreyolo.profile.result.ProfileRows.OpRow;
import org.libreyolo.profile.result.ProfileRows.PhaseRow;
import org.libreyolo.profile.result.SampleRows.Samples;

/**
 * The analysed, self-contained result ({@code libreyolo.profile.analysis/v1},
 * docs/profile-schema.md): the reference's keys in the reference's order, then ours. Immutable: it
 * keeps its own copy of the ordered JSON tree it was read from or assembled into, so writing it
 * keeps every key (unknown ones included) and every number's form byte for byte, and nothing that
 * held the tree can change it afterwards; readers use the typed accessors below (typed records of
 * {@link ProfileRows}), which with {@link ProfileSchema} are the only places that know the keys.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Profile {
  /** The schema name written in every file of this kind. */
  public static final String SCHEMA = "libreyolo.profile.analysis/v1";

  /** The schema prefix every profile.json carries (its version follows). */
  public static final String SCHEMA_PREFIX = "libreyolo.profile.analysis";

  private final ObjectNode root;
  private final StepFigures figures;

  /** The file it was read from, or null: the folder the paths it keeps are resolved against. */
  private final java.nio.file.Path origin;

  /**
   * Creates the profile from its own copy of {@code root} (later changes to {@code root} do not
   * reach it).
   *
   * @param root the root
   */
  public Profile(ObjectNode root) {
    this(root.deepCopy(), true);
  }

  /** A profile of a tree nothing else holds (no second copy). */
  private Profile(ObjectNode owned, boolean isOwned) {
    this(owned, null);
  }

  private Profile(ObjectNode owned, java.nio.file.Path origin) {
    this.root = owned;
    this.figures = StepFigures.of(owned);
    this.origin = origin;
  }

  /**
   * This profile as read from {@code file}: the same tree, the paths it keeps resolved against the
   * file's folder ({@link #file}).
   *
   * @param file the file it was read from (a profile.json, or the trace it was analysed from)
   * @return the profile
   */
  public Profile readFrom(java.nio.file.Path file) {
    return new Profile(root, file);
  }

  /** {@return the file this profile was read from, or null for one made in this process} */
  public java.nio.file.Path origin() {
    return origin;
  }

  /**
   * A path this profile keeps (its {@link #trace()}) as a file: read from a file, against that
   * file's folder, never the working directory ({@link KeptPath}); made in this process, as its
   * producer stored it.
   *
   * @param stored the path as stored, or null
   * @return the file (it may not exist: the caller says so), or null when none is stored
   */
  public java.nio.file.Path file(String stored) {
    return KeptPath.resolve(origin, stored);
  }

  /** {@return the trace this profile names, as a file ({@link #file}), or null for none} */
  public java.nio.file.Path traceFile() {
    return file(trace());
  }

  /**
   * {@return the op calls of its traced processes ({@code op_calls}), or null where the profile
   * keeps none (no CPU trace, recorded before the section existed, a reference profile)}
   */
  public OpCalls opCalls() {
    return OpCalls.of(root.get(ProfileSchema.OP_CALLS));
  }

  /**
   * {@return a copy of the stored tree} For writing, and for views that print stored values as they
   * are; changing the copy changes nothing here.
   */
  public ObjectNode json() {
    return root.deepCopy();
  }

  /**
   * A profile like this one with a change applied to a copy of its tree; this one stays as it is.
   *
   * @param change what to change in the copy
   * @return the changed profile
   */
  public Profile with(java.util.function.Consumer<ObjectNode> change) {
    ObjectNode copy = root.deepCopy();
    change.accept(copy);
    return new Profile(copy, origin);
  }

  // -- identity and verdict

  /** {@return the schema the file names (e.g. {@value #SCHEMA}), or "" when it names none} */
  public String schemaName() {
    return root.path(ProfileSchema.SCHEMA).asText("");
  }

  /** {@return when the producer finished ({@code recorded_at}, ISO-8601 UTC), or ""} */
  public String recordedAt() {
    return root.path(ProfileSchema.RECORDED_AT).asText("");
  }

  /**
   * {@return a {@code config} value as text, or null when absent} For example {@code config.mode}.
   *
   * @param key a key of {@code config}
   */
  public String configText(String key) {
    JsonNode v = root.path(ProfileSchema.CONFIG).get(key);
    return v == null || v.isNull() ? null : v.asText();
  }

  /**
   * {@return a stored top-level value as stored (a copy), or null} The views that print stored
   * values as they are ({@code summary --json}) project them through this.
   *
   * @param key a top-level key
   */
  public JsonNode stored(String key) {
    JsonNode v = root.get(key);
    return v == null ? null : v.deepCopy();
  }

  /**
   * Two profiles are equal when their stored trees are (every key and number form).
   *
   * @param o the other object
   * @return whether they are equal
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof Profile other && root.equals(other.root);
  }

  @Override
  public int hashCode() {
    return root.hashCode();
  }

  /** {@return the per-step figures, {@code step_ms} to {@code peak_vram_mb}, as one record} */
  public StepFigures figures() {
    return figures;
  }

  /** {@return Whether the JSON carries the profile schema} */
  public boolean hasSchema() {
    return root.has(ProfileSchema.SCHEMA);
  }

  /** {@return the trace the profile was analysed from, as stored; null for a trace-less one} */
  public String trace() {
    return text(ProfileSchema.TRACE);
  }

  /** {@return the model, or null} {@code config.model}: the model as the producer named it. */
  public String model() {
    return text(ProfileSchema.MODEL);
  }

  /**
   * The model as people read it: its name, and {@code (random-init: ...)} when no weights file was
   * loaded ({@code config.weights}), so random weights are never taken for pretrained ones.
   *
   * @return the model as a report names it
   */
  public String modelLabel() {
    String model = model() == null ? "?" : model();
    JsonNode engine =
        config().get(ProfileSchema.ENGINE); // ours: a model not run by libtorch names its engine
    if (engine != null && engine.isTextual()) {
      model = model + " (" + engine.asText() + ")";
    }
    JsonNode weights = config().get(ProfileSchema.WEIGHTS);
    return weights != null && "random-init".equals(weights.asText())
        ? model + " (random-init: seeded random weights, not pretrained)"
        : model;
  }

  /**
   * {@code config.task}: {@code detect}, {@code none} (a plain model, no postprocess), or null
   * (older profiles, training).
   *
   * @return the task, or null
   */
  public String task() {
    JsonNode task = config().get(ProfileSchema.TASK);
    return task == null || task.isNull() ? null : task.asText();
  }

  /**
   * {@return the mode, or null} {@code config.mode}: {@code train}, {@code infer} or {@code step}.
   */
  public String mode() {
    return text(ProfileSchema.MODE);
  }

  /** {@return Whether the profile is an inference profile} */
  public boolean isInference() {
    return "inference".equals(mode());
  }

  /** {@return What bounds the step: compute, memory, launch, dataloader, } */
  public String bound() {
    return text(ProfileSchema.BOUND);
  }

  /** {@return Why the verdict says so, in words} */
  public String boundWhy() {
    return text(ProfileSchema.BOUND_WHY);
  }

  /** {@return ours: where it ran ({@code cpu}, {@code cuda:0}); null in reference files} */
  public String device() {
    return text(ProfileSchema.DEVICE);
  }

  /** {@return ours: what the "kernels" are: gpu-kernels, cpu-leaf-ops or none} */
  public String kernelSource() {
    return text(ProfileSchema.KERNEL_SOURCE);
  }

  /**
   * {@return whether this is a step of plain JVM code} No engine ran it: no op, kernel or device
   * figure means anything, its throughput counts its own items.
   */
  public boolean isPlainCode() {
    JsonNode engine = root.path(ProfileSchema.ENVIRONMENT).get(ProfileSchema.ENGINE);
    return engine != null && ProfileSchema.ENGINE_NONE.equals(engine.asText());
  }

  /**
   * {@return what the throughput counts per second} {@code img} for the producers' profiles; a
   * step's own unit ({@code config.unit}: {@code images}, {@code items}) where it recorded one.
   */
  public String throughputUnit() {
    String unit = configText(ProfileSchema.UNIT);
    if (unit != null && !unit.isBlank()) {
      return unit;
    }
    // a step recorded before steps kept their unit counted the perf tests' default unit
    return "step".equals(configText(ProfileSchema.MODE)) ? Defaults.Step.UNIT : "img";
  }

  /** {@return whether the "kernels" are CPU ops' self times, not GPU kernels} */
  public boolean isCpu() {
    return ProfileSchema.KERNEL_SOURCE_CPU.equals(kernelSource());
  }

  // -- scalars (null when absent or null)

  /** {@return a repeat's population std of the trial throughputs, or null} */
  public Num imgPerSStd() {
    return num(ProfileSchema.IMG_PER_S_STD);
  }

  /** {@return how many of a repeat's trials gave a throughput, or null} */
  public Num imgPerSN() {
    return num(ProfileSchema.IMG_PER_S_N);
  }

  /** {@return the trials behind the throughput: {@code img_per_s_n}, 1 for one trial} */
  public int throughputTrials() {
    Num n = imgPerSN();
    return n == null ? 1 : (int) n.asLong();
  }

  /** {@return the throughput of each trial, or null} Repeat aggregates: each trial's throughput. */
  public double[] imgPerSTrials() {
    return ProfileRows.values(root.path(ProfileSchema.IMG_PER_S_TRIALS));
  }

  /** {@return which fork a forked profile's trace came from, or null when it pools no forks} */
  public ProfileRows.TraceFrom traceFrom() {
    return ProfileRows.TraceFrom.of(root.path(ProfileSchema.TRACE_FROM));
  }

  /** {@return the process's memory during the measured iterations, or null when not measured} */
  public ProfileRows.HostMemory hostMemory() {
    return ProfileRows.HostMemory.of(root.path(ProfileSchema.HOST_MEMORY));
  }

  /** {@return the tensor memory of the first traced step's ops, or null (none recorded)} */
  public ProfileRows.TensorMemory tensorMemory() {
    return ProfileRows.TensorMemory.of(root.path(ProfileSchema.TENSOR_MEMORY));
  }

  /** {@return the median Java heap bytes an iteration allocated on its thread, or null} */
  public Long javaHeapBytesPerIteration() {
    JsonNode n = root.path(ProfileSchema.ALLOCATION).path(ProfileSchema.BYTES_PER_ITERATION);
    return n.isNumber() ? n.asLong() : null;
  }

  /**
   * {@return ours: per phase, the median Java heap one iteration allocates there on the measuring
   * thread ({@code allocation.bytes_per_phase}; empty when not counted)}
   */
  public Map<String, Long> javaHeapBytesPerPhase() {
    Map<String, Long> out = new LinkedHashMap<>();
    root.path(ProfileSchema.ALLOCATION)
        .path(ProfileSchema.BYTES_PER_PHASE)
        .fields()
        .forEachRemaining(e -> out.put(e.getKey(), e.getValue().asLong()));
    return out;
  }

  /** {@return the Java samples of the measured iterations, or null when none were taken} */
  public SampleRows.JavaSamples javaSamples() {
    return SampleRows.JavaSamples.of(root.path(ProfileSchema.JAVA_SAMPLES));
  }

  /** {@return {@code config.batch}: images (or items) per step; null when not recorded} */
  public Num batch() {
    return Num.of(root.path(ProfileSchema.CONFIG).get(ProfileSchema.BATCH));
  }

  // -- blocks

  /** {@return the latency percentiles and mean of one iteration (inference, steps), or null} */
  public Latency latency() {
    JsonNode l = root.get(ProfileSchema.LATENCY);
    return l != null && l.isObject() ? Latency.of(l) : null;
  }

  /** {@return the mean ms of each stage (inference, steps), in stored order; else empty} */
  public Map<String, Num> stagesMs() {
    Map<String, Num> out = new LinkedHashMap<>();
    root.path(ProfileSchema.STAGES_MS)
        .fields()
        .forEachRemaining(e -> out.put(e.getKey(), Num.of(e.getValue())));
    return out;
  }

  /** {@return {@code config}: what was measured, as stored (an open map of scalars)} */
  public Map<String, JsonNode> config() {
    return fields(ProfileSchema.CONFIG);
  }

  /** {@return ours: the environment fingerprint, as stored (an open map of scalars)} */
  public Map<String, JsonNode> environment() {
    return fields(ProfileSchema.ENVIRONMENT);
  }

  /** {@return metric name to its stored value} The flat metric map {@code get} reads. */
  public Map<String, JsonNode> metrics() {
    return fields(ProfileSchema.METRICS);
  }

  /** {@return the category rows} The kernel categories and their share of the time. */
  public List<CategoryRow> categories() {
    return rows(root.path(ProfileSchema.CATEGORIES), CategoryRow::of);
  }

  /** {@return the phase rows} The phases of the step and their time. */
  public List<PhaseRow> phases() {
    return rows(root.path(ProfileSchema.PHASES), PhaseRow::of);
  }

  /** {@return The kernel rows, by total time} */
  public List<KernelRow> kernels() {
    return rows(root.path(ProfileSchema.KERNELS), KernelRow::of);
  }

  /** {@return the top kernel rows} The kernel rows the summary shows. */
  public List<KernelRow> topKernels() {
    return rows(root.path(ProfileSchema.TOP_KERNELS), KernelRow::of);
  }

  /** {@return The framework op rows} */
  public List<OpRow> ops() {
    return rows(root.path(ProfileSchema.OPS), OpRow::of);
  }

  /**
   * {@return the kernel rows of each phase} Phase -> its top kernel rows, in stored phase order.
   */
  public Map<String, List<KernelRow>> kernelsByPhase() {
    return byPhase(ProfileSchema.KERNELS_BY_PHASE, KernelRow::of);
  }

  /** {@return the op rows of each phase} Phase -> its top op rows, in stored phase order. */
  public Map<String, List<OpRow>> opsByPhase() {
    return byPhase(ProfileSchema.OPS_BY_PHASE, OpRow::of);
  }

  /** {@return ours: the profiler-cost compensation; null when the trace recorded none} */
  public Compensation compensation() {
    JsonNode c = root.get(ProfileSchema.COMPENSATION);
    return c != null && c.isObject() ? Compensation.of(c) : null;
  }

  /**
   * Ours: multiply-accumulates per step from the first traced step's input shapes ({@code
   * work.conv_macs_stride1_per_step}, {@code work.matmul_macs_per_step}), or null.
   *
   * @return the exact work counter (multiply-adds), or null
   */
  public ProfileRows.Work work() {
    return ProfileRows.Work.of(root.path(ProfileSchema.WORK));
  }

  /**
   * {@return the traced step: the analysis window's wall time per step it holds (ms), or null for a
   * profile without a trace}
   */
  public Double tracedStepMs() {
    JsonNode w = root.path(ProfileSchema.WINDOW);
    double wall = w.path(ProfileSchema.WALL_MS).asDouble(0);
    int steps = w.path(ProfileSchema.REAL_STEPS).asInt(0);
    return wall > 0 && steps > 0 ? wall / steps : null;
  }

  /** {@return ours: the raw samples (empty arrays when it has none, as a reference file)} */
  public Samples samples() {
    return Samples.of(root.path(ProfileSchema.SAMPLES));
  }

  /** {@return whether it carries raw per-iteration latencies (what the gate tests with)} */
  public boolean hasLatencySamples() {
    return root.path(ProfileSchema.SAMPLES).path(ProfileSchema.LATENCY_MS).isArray();
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
    root.path(key).fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().deepCopy()));
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
