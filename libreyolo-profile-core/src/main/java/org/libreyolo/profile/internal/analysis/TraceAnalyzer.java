package org.libreyolo.profile.internal.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.internal.trace.ProfilerCost;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.ProfileSummary;

/**
 * The reference analyser ({@code analyze_trace}): window, per-step scalars, kernel and op rows,
 * categories, phases, verdict and the {@code metrics} map, field for field, with Python rounding.
 * Beyond the reference: a trace without GPU kernels is a CPU profile whose "kernels" are the cpu
 * ops' self times ({@code kernel_source: cpu-leaf-ops}); it is never passed off as GPU data.
 */
public final class TraceAnalyzer {
  static final List<String> PHASE_ORDER =
      List.of(
          ProfileSchema.DATALOAD,
          ProfileSchema.TO_DEVICE,
          ProfileSchema.PREPROCESS,
          ProfileSchema.FORWARD,
          ProfileSchema.BACKWARD,
          ProfileSchema.POSTPROCESS,
          ProfileSchema.OPTIMIZER);
  static final String UNPHASED = "unphased";
  static final int TOP_PER_PHASE = 40;
  static final int TOP_KERNELS = 8;
  static final JsonNodeFactory F = JsonNodeFactory.instance;
  static final ObjectMapper MAPPER = new ObjectMapper();

  private TraceAnalyzer() {}

  /** Analyses {@code trace} with its sibling {@code profile_summary.json}, if there is one. */
  public static Profile analyze(Path trace) {
    Path parent = trace.toAbsolutePath().getParent();
    return analyze(trace, parent == null ? null : parent.resolve("profile_summary.json"));
  }

  /** Analyses {@code trace} with the given summary (missing or unparsable: treated as {}). */
  public static Profile analyze(Path trace, Path summaryPath) {
    return analyze(trace, readSummary(summaryPath));
  }

  /**
   * The summary at {@code summaryPath}, ours or the reference's; missing or unparsable: none (the
   * reference's analyser reads it as {@code {}}).
   *
   * @param summaryPath the file, or null
   * @return the summary ({@link ProfileSummary#EMPTY} when there is none)
   */
  public static ProfileSummary readSummary(Path summaryPath) {
    if (summaryPath == null || !Files.isRegularFile(summaryPath)) {
      return ProfileSummary.EMPTY;
    }
    try {
      return ProfileSummary.of(MAPPER.readTree(summaryPath.toFile()));
    } catch (IOException e) {
      return ProfileSummary.EMPTY;
    }
  }

  public static Profile analyze(Path trace, ProfileSummary summary) {
    return analyze(trace, summary, true);
  }

  /**
   * With {@code compensate}, a trace captured here (one that records the profiler's cost per op) is
   * analysed on a timeline with that cost taken out, and the profile says so under {@code
   * profiler_compensation} with the raw figures beside it (docs/profiler-cost.md). Other traces are
   * analysed as recorded.
   */
  public static Profile analyze(Path trace, ProfileSummary summary, boolean compensate) {
    return analyze(trace, summary, compensate ? summary.untracedPhaseMs() : null);
  }

  /**
   * The same, compensated against the given untraced time per phase (null: analysed as recorded): a
   * forked profile's trace is compensated against its own process's stages, its headline pooled.
   *
   * @param trace the trace
   * @param summary the summary (its {@code real} step is the profile's)
   * @param untracedMs mean untraced ms per phase of the process that recorded the trace, or null
   * @return the profile
   */
  public static Profile analyze(
      Path trace, ProfileSummary summary, Map<String, Double> untracedMs) {
    EventTable table = EventTable.read(trace);
    if (table.size == 0
        && table.markers.isEmpty()) { // never a summary of nothing (docs/deviations.md)
      throw new LibreYoloException(
          LibreYoloException.Kind.NO_PROFILE,
          "no profile: "
              + trace
              + " holds no usable events a profile is made of (ProfilerStep# markers, cpu_op, kernel or annotation events)");
    }
    return analyze(table, trace.toString(), summary, untracedMs);
  }

  static Profile analyze(
      EventTable table, String tracePath, ProfileSummary summary, Map<String, Double> untracedMs) {
    ObjectNode recorded = new AnalysisRun(table, tracePath, summary).build();
    ProfilerCost cost = table.profilerCost;
    if (cost == null) {
      return new Profile(recorded);
    }
    Compensated c = untracedMs != null ? compensated(table, untracedMs) : null;
    if (c == null) {
      recorded.set(COMPENSATION_KEY, compensation(cost, false, Map.of(), recorded));
      return new Profile(recorded);
    }
    ObjectNode p = new AnalysisRun(c.table(), tracePath, summary).build();
    ObjectNode comp = compensation(cost, true, c.phaseScale(), recorded);
    ObjectNode ratio = comp.putObject(ProfileSchema.TRACED_OVER_UNTRACED);
    c.tracedOverUntraced().forEach((phase, f) -> ratio.put(phase, PyRound.round(f, 3)));
    p.set(COMPENSATION_KEY, comp);
    return new Profile(p);
  }

  /**
   * A table on the compensated timeline, the phase scale applied to it, and per phase the traced
   * time after the per-op charge over the untraced time (unclamped: how well the charge alone took
   * the profiler out).
   */
  record Compensated(
      EventTable table, Map<String, Double> phaseScale, Map<String, Double> tracedOverUntraced) {}

  /**
   * {@code t} with the profiler's recorded cost taken out (docs/profiler-cost.md): the per-op
   * charge, then each phase scaled to {@code untracedMs} (mean untraced ms per phase; empty: no
   * scaling). Null when the trace records no cost, has GPU kernels or CPU ops on several tracks.
   */
  static Compensated compensated(EventTable t, Map<String, Double> untracedMs) {
    if (t.profilerCost == null || t.kernelCount() != 0 || !t.cpuOpsOnOneTrack()) {
      return null;
    }
    EventTable perOp = t.compensated(t.profilerCost);
    Map<String, Double> ratio = tracedOverUntraced(perOp, untracedMs);
    Map<String, Double> scale = new LinkedHashMap<>();
    ratio.forEach((phase, r) -> scale.put(phase, Math.min(1.0, 1.0 / r)));
    return new Compensated(scale.isEmpty() ? perOp : perOp.scaledPhases(scale), scale, ratio);
  }

  /**
   * Per phase, traced time after the per-op charge / untraced time. Its inverse, at most 1, is the
   * phase scale: what the profiler still costs there beyond a fixed charge per op (it also slows
   * the ops themselves, most in backward and optimizer steps).
   */
  private static Map<String, Double> tracedOverUntraced(
      EventTable perOp, Map<String, Double> untraced) {
    if (untraced.isEmpty()) {
      return Map.of();
    }
    Map<String, Double> traced = perOp.phaseMeansUs(Window.of(perOp.markers));
    Map<String, Double> ratio = new LinkedHashMap<>();
    untraced.forEach(
        (phase, ms) -> {
          Double us = traced.get(phase);
          if (us != null && us > 0) {
            ratio.put(phase, us / (ms * 1000.0));
          }
        });
    return ratio;
  }

  /** Our key for the profiler-cost compensation of a profile. */
  public static final String COMPENSATION_KEY = ProfileSchema.COMPENSATION;

  /** Traced steps a producer records: every marker the analysis window reads (2 cold, then 7). */
  public static final int TRACE_STEPS = Window.MARKERS_READ;

  private static ObjectNode compensation(
      ProfilerCost cost, boolean applied, Map<String, Double> scale, ObjectNode recorded) {
    ObjectNode c = F.objectNode();
    c.put(ProfileSchema.APPLIED, applied);
    c.put(ProfileSchema.PER_OP_US, cost.perOpUs());
    c.put(ProfileSchema.IN_OP_US, cost.inOpUs());
    ObjectNode phases = c.putObject(ProfileSchema.PHASE_SCALE);
    scale.forEach((phase, f) -> phases.put(phase, PyRound.round(f, 3)));
    ObjectNode raw = c.putObject(ProfileSchema.RAW);
    for (String key :
        List.of(
            ProfileSchema.BOUND,
            ProfileSchema.GPU_UTIL,
            ProfileSchema.GPU_BUSY_MS_PER_STEP,
            ProfileSchema.HOST_OVERHEAD_MS_PER_STEP,
            ProfileSchema.MEAN_KERNEL_US)) {
      raw.set(key, recorded.get(key));
    }
    raw.put(
        ProfileSchema.WINDOW_WALL_MS,
        recorded.path(ProfileSchema.WINDOW).path(ProfileSchema.WALL_MS).asDouble());
    raw.set(ProfileSchema.PHASES, recorded.get(ProfileSchema.PHASES));
    return c;
  }

  static JsonNode nullable(JsonNode node) {
    return node == null || node.isMissingNode() || node instanceof MissingNode
        ? NullNode.instance
        : node.deepCopy();
  }
}
