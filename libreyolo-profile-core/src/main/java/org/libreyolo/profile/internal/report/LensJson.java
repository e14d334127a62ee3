package org.libreyolo.profile.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.libreyolo.profile.internal.lens.Lenses;
import org.libreyolo.profile.internal.lens.WhatIf;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows.StoredRow;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.SampleRows;

/**
 * The readers' views in JSON, exactly what their {@code --json} prints
 * (docs/reference-behaviour.md, "Readers"): the lenses find the rows, this writes them, as {@link
 * LensText} words them.
 */
public final class LensJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** Keys of the {@code summary --json} subset, in order (present ones only). */
  private static final List<String> SUMMARY_KEYS =
      List.of(
          ProfileSchema.TRACE,
          ProfileSchema.MODE,
          ProfileSchema.MODEL,
          ProfileSchema.CONFIG,
          ProfileSchema.BOUND,
          ProfileSchema.BOUND_WHY,
          ProfileSchema.STEP_MS,
          ProfileSchema.IMG_PER_S,
          ProfileSchema.LATENCY,
          ProfileSchema.STAGES_MS,
          ProfileSchema.GPU_UTIL,
          ProfileSchema.GPU_BUSY_MS_PER_STEP,
          ProfileSchema.MEAN_KERNEL_US,
          ProfileSchema.KERNELS_PER_STEP,
          ProfileSchema.UNIQUE_KERNELS,
          ProfileSchema.MEMCPY_MS_PER_STEP,
          ProfileSchema.TENSORCORE_PCT,
          ProfileSchema.PEAK_VRAM_MB,
          ProfileSchema.DATALOAD_MS,
          ProfileSchema.DATALOAD_FRAC,
          ProfileSchema.HOST_OVERHEAD_MS_PER_STEP,
          ProfileSchema.LAUNCHES_PER_STEP,
          ProfileSchema.MEMORY_PRESSURE,
          ProfileSchema.CUDA_MALLOCS_PER_STEP,
          ProfileSchema.GPU_UTIL_RAW,
          ProfileSchema.WINDOW,
          ProfileSchema.CATEGORIES,
          ProfileSchema.PHASES_GPU,
          ProfileSchema.TOP_KERNELS);

  private LensJson() {}

  /**
   * {@return {@code summary --json}: the stored values of the summary's keys, as stored} A
   * projection, not a reading; then ours for readers that must not mistake CPU ops for GPU kernels.
   *
   * @param p the profile
   */
  public static ObjectNode summary(Profile p) {
    ObjectNode out = F.objectNode();
    for (String key : SUMMARY_KEYS) {
      JsonNode stored = p.stored(key);
      if (stored != null) {
        out.set(key, stored);
      }
    }
    for (String key : List.of(ProfileSchema.DEVICE, ProfileSchema.KERNEL_SOURCE)) {
      JsonNode stored = p.stored(key);
      if (stored != null) {
        out.set(key, stored);
      }
    }
    return out;
  }

  /**
   * {@return {@code phases --json}}
   *
   * @param v the view
   */
  public static ObjectNode phases(Lenses.PhasesView v) {
    return rows(v.trace(), null, ProfileSchema.PHASES, v.phases());
  }

  /**
   * {@return {@code kernels --json}: the rows that passed the query and how many did}
   *
   * @param v the view
   */
  public static ObjectNode kernels(Lenses.KernelsView v) {
    return rows(v.trace(), v.kernels().size(), ProfileSchema.KERNELS, v.kernels());
  }

  /**
   * {@return {@code ops --json}}
   *
   * @param v the view
   */
  public static ObjectNode ops(Lenses.OpsView v) {
    return rows(v.trace(), null, ProfileSchema.OPS, v.ops());
  }

  /** {@code {"trace": ..., ["matched": n,] key: [rows as stored]}}. */
  private static ObjectNode rows(
      String trace, Integer matched, String key, List<? extends StoredRow> rows) {
    ObjectNode out = F.objectNode();
    out.set(ProfileSchema.TRACE, trace == null ? F.nullNode() : F.textNode(trace));
    if (matched != null) {
      out.put("matched", matched);
    }
    ArrayNode array = out.putArray(key);
    rows.forEach(row -> array.add(row.source()));
    return out;
  }

  /**
   * {@return {@code java --json}: per phase its methods, by self or total samples}
   *
   * @param v the view
   */
  public static ObjectNode java(Lenses.JavaView v) {
    SampleRows.JavaSamples samples = v.samples();
    ObjectNode out = F.objectNode();
    out.set(ProfileSchema.TRACE, v.trace() == null ? F.nullNode() : F.textNode(v.trace()));
    out.put("by", v.byTotal() ? "total" : "self");
    out.put(ProfileSchema.SAMPLES, samples.samples());
    out.put(ProfileSchema.PERIOD_MS, samples.periodMs());
    ArrayNode phases = out.putArray(ProfileSchema.PHASES);
    for (SampleRows.JavaPhase ph : samples.phases()) {
      ObjectNode n = phases.addObject();
      n.put(ProfileSchema.PHASE, ph.phase());
      n.put(ProfileSchema.SAMPLES, ph.samples());
      n.put(ProfileSchema.SHARE, ph.share());
      ArrayNode rows = n.putArray("methods");
      for (SampleRows.JavaMethod m :
          Lenses.firstRows(v.byTotal() ? ph.total() : ph.self(), v.top())) {
        rows.addObject()
            .put(ProfileSchema.METHOD, m.method())
            .put(ProfileSchema.SAMPLES, m.samples())
            .put(ProfileSchema.SHARE, m.share());
      }
    }
    return out;
  }

  /**
   * {@return {@code what-if --json}}
   *
   * @param w the projection
   */
  public static ObjectNode whatIf(WhatIf.Projection w) {
    ObjectNode out = F.objectNode();
    out.put(ProfileSchema.TRACE, w.trace());
    out.put(ProfileSchema.BOUND, w.bound());
    out.put("mechanism", w.mechanism());
    ObjectNode removed = out.putObject("removed");
    removed.put("gpu_ms", PyRound.round(w.removedGpuMs(), 2));
    removed.put("launches", w.removedLaunches());
    ObjectNode stepNode = out.putObject(ProfileSchema.STEP_MS);
    stepNode.set("now", Num.json(w.stepNow()));
    stepNode.put("projected", PyRound.round(w.stepMs(), 1));
    ObjectNode ips = out.putObject(ProfileSchema.IMG_PER_S);
    ips.set("now", Num.json(w.imgPerSNow()));
    ips.put("projected", w.imgPerSProjected());
    out.put("caveat", WhatIf.CAVEAT);
    return out;
  }
}
