package org.libreyolo.profile.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.libreyolo.profile.Api;

/**
 * A producer's timing summary, {@code profile_summary.json} (docs/profile-schema.md): what its
 * timed iterations measured, before any trace is read. The producers build it, the analyser takes
 * it as it is (its {@code real} step is the profile's, its stage means take the profiler's cost out
 * of the trace), and one writer ({@link #json}) and one reader ({@link #of}) map it to the file,
 * the reference's sibling input of its analyser. The training and the inference producers write
 * different fields; a field a producer does not write is null here and absent from the file.
 *
 * @param config {@code meta}: the producer's settings (the profile's {@code config}), or null
 * @param window {@code window} of a training run, or null
 * @param real {@code real}: the measured step and throughput, or null
 * @param compositionMs {@code composition_ms}: the mean of each timed phase, ms, or null
 * @param compositionTotalMs {@code composition_total_ms}: their sum, ms, or null
 * @param latency {@code latency} of the timed iterations, or null
 * @param stagesMs {@code stages_ms}: the mean of each stage, ms, or null
 * @param bound {@code bound}: the verdict, or null while it is not known
 * @param boundWhy {@code bound_why}: its reason ("" while not known)
 * @param trace {@code trace}: the trace's path, or null where the producer does not name it
 * @param peakVramMb {@code analysis.peak_vram_mb}: the peak device memory a CUDA run recorded, or
 *     null
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record ProfileSummary(
    ObjectNode config,
    TrainingWindow window,
    Real real,
    Map<String, Double> compositionMs,
    Double compositionTotalMs,
    ProfileRows.Latency latency,
    Map<String, Double> stagesMs,
    String bound,
    String boundWhy,
    String trace,
    Num peakVramMb) {

  /** No summary: a trace read without one is analysed on its own markers. */
  public static final ProfileSummary EMPTY =
      new ProfileSummary(null, null, null, null, null, null, null, null, "", null, null);

  /** Copies the maps, keeping their order. */
  public ProfileSummary {
    compositionMs = ordered(compositionMs);
    stagesMs = ordered(stagesMs);
    boundWhy = boundWhy == null ? "" : boundWhy;
  }

  /**
   * The inference summary (and a custom step's): the reference's {@code real} without data loading,
   * the latency and the stage means, no verdict yet.
   *
   * @param config the producer's settings
   * @param stepMs the mean step, ms
   * @param imgPerS items per second
   * @param compositionMs the timed phases (a custom step's stages), or null
   * @param latency the latency of the timed iterations
   * @param stagesMs the mean of each stage, ms
   * @return the summary
   */
  public static ProfileSummary inference(
      ObjectNode config,
      double stepMs,
      double imgPerS,
      Map<String, Double> compositionMs,
      ProfileRows.Latency latency,
      Map<String, Double> stagesMs) {
    return new ProfileSummary(
        config,
        null,
        Real.withoutDataLoading(stepMs, imgPerS),
        compositionMs,
        null,
        latency,
        stagesMs,
        null,
        "",
        null,
        null);
  }

  /**
   * {@return this summary with the verdict the profile gave}
   *
   * @param bound the verdict
   * @param why its reason
   */
  public ProfileSummary withVerdict(String bound, String why) {
    return new ProfileSummary(
        config,
        window,
        real,
        compositionMs,
        compositionTotalMs,
        latency,
        stagesMs,
        bound,
        why,
        trace,
        peakVramMb);
  }

  /**
   * {@return the producer's untraced time per phase, each above 0} {@code composition_ms} (a
   * training run) then {@code stages_ms} (inference), from its timed iterations: what the
   * profiler's cost in a trace of the same process is measured against.
   */
  public Map<String, Double> untracedPhaseMs() {
    return untracedPhaseMs(compositionMs, stagesMs);
  }

  /**
   * {@return the untraced time per phase of timed phases and stages, each above 0, in that order}
   *
   * @param compositionMs a training run's timed phases, or null
   * @param stagesMs inference's stages, or null
   */
  public static Map<String, Double> untracedPhaseMs(
      Map<String, Double> compositionMs, Map<String, Double> stagesMs) {
    Map<String, Double> untraced = new LinkedHashMap<>();
    for (Map<String, Double> phases : Arrays.asList(compositionMs, stagesMs)) {
      if (phases != null) {
        phases.forEach(
            (phase, ms) -> {
              if (ms > 0) {
                untraced.put(phase, ms);
              }
            });
      }
    }
    return untraced;
  }

  /**
   * {@return the file's JSON, in the reference's key order} The fields each producer writes,
   * nothing for a null one but {@code bound} (null until the verdict is known) and {@code
   * bound_why}.
   */
  public ObjectNode json() {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    if (config != null) {
      out.set(ProfileSchema.META, config.deepCopy());
    }
    if (window != null) {
      out.set(ProfileSchema.WINDOW, window.json());
    }
    if (real != null) {
      out.set(ProfileSchema.REAL, real.json());
    }
    if (compositionMs != null) {
      out.set(ProfileSchema.COMPOSITION_MS, json(compositionMs));
    }
    if (compositionTotalMs != null) {
      out.put(ProfileSchema.COMPOSITION_TOTAL_MS, compositionTotalMs);
    }
    if (latency != null) {
      out.set(ProfileSchema.LATENCY, latency.json());
    }
    if (stagesMs != null) {
      out.set(ProfileSchema.STAGES_MS, json(stagesMs));
    }
    out.put(ProfileSchema.BOUND, bound);
    out.put(ProfileSchema.BOUND_WHY, boundWhy);
    if (trace != null) {
      out.put(ProfileSchema.TRACE, trace);
    }
    if (peakVramMb != null) {
      out.putObject(ProfileSchema.ANALYSIS).set(ProfileSchema.PEAK_VRAM_MB, Num.json(peakVramMb));
    }
    return out;
  }

  /**
   * The summary a file holds, ours or the reference's (docs/profile-behaviour.md §3.4): what is
   * missing or not of its type reads as null, as the reference's analyser reads it.
   *
   * @param node the file's JSON (null or not an object: {@link #EMPTY})
   * @return the summary
   */
  public static ProfileSummary of(JsonNode node) {
    if (node == null || !node.isObject()) {
      return EMPTY;
    }
    JsonNode latency = node.get(ProfileSchema.LATENCY);
    return new ProfileSummary(
        node.get(ProfileSchema.META) instanceof ObjectNode meta ? meta.deepCopy() : null,
        TrainingWindow.of(node.get(ProfileSchema.WINDOW)),
        node.path(ProfileSchema.REAL).isObject() ? Real.of(node.get(ProfileSchema.REAL)) : null,
        numbers(node.get(ProfileSchema.COMPOSITION_MS)),
        node.path(ProfileSchema.COMPOSITION_TOTAL_MS).isNumber()
            ? node.get(ProfileSchema.COMPOSITION_TOTAL_MS).asDouble()
            : null,
        latency != null && latency.isObject() ? ProfileRows.Latency.of(latency) : null,
        numbers(node.get(ProfileSchema.STAGES_MS)),
        Json.text(node.get(ProfileSchema.BOUND)),
        Json.text(node.get(ProfileSchema.BOUND_WHY)),
        Json.text(node.get(ProfileSchema.TRACE)),
        Num.of(node.path(ProfileSchema.ANALYSIS).get(ProfileSchema.PEAK_VRAM_MB)));
  }

  /**
   * {@code real}: the measured step as the producer's timed iterations give it. A number keeps its
   * stored form; null where the file holds none.
   *
   * @param stepMs {@code step_ms}: the mean step, ms
   * @param imgPerS {@code img_per_s}: items per second
   * @param dataloadMs {@code dataload_ms}: the wait for data per step, ms
   * @param dataloadFrac {@code dataload_frac}: that wait's share of the step
   * @param computeMs {@code compute_ms}: the step less the wait, ms (a training run's only)
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Real(Num stepMs, Num imgPerS, Num dataloadMs, Num dataloadFrac, Num computeMs) {
    /**
     * {@return inference's {@code real}: no data loading}
     *
     * @param stepMs the mean step, ms
     * @param imgPerS items per second
     */
    public static Real withoutDataLoading(double stepMs, double imgPerS) {
      return new Real(
          new Num(stepMs, false),
          new Num(imgPerS, false),
          new Num(0.0, false),
          new Num(0.0, false),
          null);
    }

    /**
     * {@return a training run's {@code real}}
     *
     * @param stepMs the mean step, ms
     * @param dataloadMs the wait for data, ms
     * @param computeMs the step less the wait, ms
     * @param imgPerS images per second
     * @param dataloadFrac the wait's share of the step
     */
    public static Real training(
        double stepMs, double dataloadMs, double computeMs, double imgPerS, double dataloadFrac) {
      return new Real(
          new Num(stepMs, false),
          new Num(imgPerS, false),
          new Num(dataloadMs, false),
          new Num(dataloadFrac, false),
          new Num(computeMs, false));
    }

    /**
     * {@return {@code real} in the reference's order} A training run's (with {@code compute_ms}):
     * step, data loading, compute, throughput, share; inference's: step, throughput, data loading,
     * share.
     */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.set(ProfileSchema.STEP_MS, Num.json(stepMs));
      if (computeMs != null) {
        out.set(ProfileSchema.DATALOAD_MS, Num.json(dataloadMs));
        out.set(ProfileSchema.COMPUTE_MS, Num.json(computeMs));
        out.set(ProfileSchema.IMG_PER_S, Num.json(imgPerS));
      } else {
        out.set(ProfileSchema.IMG_PER_S, Num.json(imgPerS));
        out.set(ProfileSchema.DATALOAD_MS, Num.json(dataloadMs));
      }
      out.set(ProfileSchema.DATALOAD_FRAC, Num.json(dataloadFrac));
      return out;
    }

    static Real of(JsonNode n) {
      return new Real(
          Num.of(n.get(ProfileSchema.STEP_MS)),
          Num.of(n.get(ProfileSchema.IMG_PER_S)),
          Num.of(n.get(ProfileSchema.DATALOAD_MS)),
          Num.of(n.get(ProfileSchema.DATALOAD_FRAC)),
          Num.of(n.get(ProfileSchema.COMPUTE_MS)));
    }
  }

  /**
   * A training run's {@code window}: the steps it ran before and while it measured.
   *
   * @param warmup {@code warmup}: steps before the measured ones
   * @param realSteps {@code real_steps}: measured steps
   * @param syncedSteps {@code synced_steps}: the measured steps timed phase by phase
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record TrainingWindow(int warmup, int realSteps, int syncedSteps) {
    /** {@return the window as the file holds it} */
    public ObjectNode json() {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      out.put(ProfileSchema.WARMUP, warmup);
      out.put(ProfileSchema.REAL_STEPS, realSteps);
      out.put(ProfileSchema.SYNCED_STEPS, syncedSteps);
      return out;
    }

    static TrainingWindow of(JsonNode n) {
      return n != null && n.isObject()
          ? new TrainingWindow(
              n.path(ProfileSchema.WARMUP).asInt(),
              n.path(ProfileSchema.REAL_STEPS).asInt(),
              n.path(ProfileSchema.SYNCED_STEPS).asInt())
          : null;
    }
  }

  /**
   * {@return phase means as the file holds them, in their order}
   *
   * @param phases each phase's mean, ms
   */
  public static ObjectNode json(Map<String, Double> phases) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    phases.forEach(out::put);
    return out;
  }

  private static Map<String, Double> numbers(JsonNode n) {
    if (n == null || !n.isObject()) {
      return null;
    }
    Map<String, Double> out = new LinkedHashMap<>();
    n.fields()
        .forEachRemaining(
            e -> {
              if (e.getValue().isNumber()) {
                out.put(e.getKey(), e.getValue().asDouble());
              }
            });
    return out;
  }

  private static Map<String, Double> ordered(Map<String, Double> phases) {
    return phases == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(phases));
  }
}
