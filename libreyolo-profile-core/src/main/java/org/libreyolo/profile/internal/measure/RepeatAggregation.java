package org.libreyolo.profile.internal.measure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileKeys;
import org.libreyolo.profile.result.ProfileRows;

/**
 * The one aggregation over repeat trials (docs/reference-behaviour.md, "Repeats"): the last trial's
 * profile with the throughput's mean, spread and per-trial values, and our samples of every trial.
 * Training ({@code profile_repeat.json}) also averages the scalar metrics and records which
 * profiles were aggregated; inference and users' steps ({@code infer_repeat.json}) keep the
 * reference's thin form.
 */
public final class RepeatAggregation {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;
  static final List<String> AVERAGED =
      List.of(
          "step_ms",
          "gpu_util",
          "gpu_util_raw",
          "gpu_busy_ms_per_step",
          "mean_kernel_us",
          "kernels_per_step",
          "memcpy_ms_per_step",
          "host_overhead_ms_per_step",
          "launches_per_step",
          "dataload_ms",
          "dataload_frac",
          "tensorcore_pct",
          "cuda_mallocs_per_step");
  static final Map<String, String> ALIAS =
      Map.of(
          "gpu_busy_ms_per_step",
          "gpu_busy_ms",
          "memcpy_ms_per_step",
          "memcpy_ms",
          "host_overhead_ms_per_step",
          "host_overhead_ms");

  private RepeatAggregation() {}

  /**
   * Inference and steps: {@code img_per_s} (also as {@code metrics.throughput_img_s}) becomes the
   * mean over trials, with {@code img_per_s_std}, {@code _n} and {@code _trials}; everything else
   * stays the last trial's. {@code sampleKey} samples are kept per trial and pooled.
   */
  public static ObjectNode thin(List<ObjectNode> trials, String sampleKey) {
    ObjectNode p = trials.get(trials.size() - 1).deepCopy();
    double[] values = throughputs(trials);
    putThroughput(p, values);
    ObjectNode samples = F.objectNode();
    samples.set("img_per_s_trials", ProfileAssembler.samples(values));
    pooled(samples, trials, sampleKey);
    pooledBlocks(samples, trials);
    p.set(ProfileKeys.SAMPLES, samples);
    ProfileKeys.moveOursToEnd(p);
    return p;
  }

  /**
   * Every trial's blocks in one series: trials of one process are blocks of one measurement ({@link
   * BlockSeries#concat}: a per-block series some trial lacks is dropped).
   */
  private static void pooledBlocks(ObjectNode samples, List<ObjectNode> trials) {
    List<BlockSeries> parts = new ArrayList<>();
    for (ObjectNode t : trials) {
      ProfileRows.Blocks b = new Profile(t).samples().blocks();
      if (b == null) {
        return;
      }
      parts.add(BlockSeries.of(b));
    }
    samples.set("blocks", BlockSeries.concat(parts).json());
  }

  /**
   * The reference's repeat fields of the thin form: {@code img_per_s} (and {@code
   * metrics.throughput_img_s}) the mean over trials, {@code img_per_s_std}, {@code _n}, {@code
   * _trials}.
   */
  public static void putThroughput(ObjectNode p, double[] values) {
    double mean = PyRound.round(LatencyStats.mean(values), 2);
    p.put(ProfileKeys.IMG_PER_S, mean);
    if (p.path(ProfileKeys.METRICS).isObject()) {
      ((ObjectNode) p.get(ProfileKeys.METRICS)).put("throughput_img_s", mean);
    }
    p.put("img_per_s_std", PyRound.round(LatencyStats.pstdev(values), 2));
    p.put("img_per_s_n", values.length);
    putTrials(p, values);
    ProfileKeys.moveOursToEnd(p);
  }

  /** Trials that reported a throughput: aggregation needs two or more. */
  public static long withThroughput(List<ObjectNode> trials) {
    return trials.stream().filter(t -> t.path(ProfileKeys.IMG_PER_S).isNumber()).count();
  }

  public static ObjectNode training(List<ObjectNode> trials, List<Path> paths) {
    ObjectNode p = trials.get(trials.size() - 1).deepCopy();
    ObjectNode metrics = (ObjectNode) p.get(ProfileKeys.METRICS);
    double[] values = throughputs(trials);
    double mean = PyRound.round(LatencyStats.mean(values), 2);
    double std = PyRound.round(LatencyStats.pstdev(values), 2);
    for (ObjectNode target : List.of(p, metrics)) {
      target.put(ProfileKeys.IMG_PER_S, mean);
      target.put("img_per_s_std", std);
      target.put("img_per_s_n", values.length);
    }
    putTrials(p, values);
    ObjectNode aggregation = p.putObject("aggregation");
    aggregation.put("n", trials.size());
    ArrayNode profiles = aggregation.putArray("profiles");
    paths.forEach(path -> profiles.add(path.toString()));
    aggregation.put("representative_profile", paths.get(paths.size() - 1).toString());
    aggregation.put(
        "note", "scalar metrics are averaged; kernel lists and trace view use the final trial.");
    for (String key : AVERAGED) {
      List<JsonNode> numbers = new ArrayList<>();
      for (ObjectNode t : trials) {
        if (t.path(key).isNumber()) {
          numbers.add(t.get(key));
        }
      }
      if (numbers.isEmpty()) {
        continue;
      }
      double m =
          PyRound.round(numbers.stream().mapToDouble(JsonNode::asDouble).average().orElse(0), 3);
      boolean ints = numbers.stream().allMatch(JsonNode::isIntegralNumber);
      String alias = ALIAS.getOrDefault(key, key);
      if (ints) {
        long rounded = PyRound.roundToLong(m);
        p.put(key, rounded);
        metrics.put(alias, rounded);
      } else {
        p.put(key, m);
        metrics.put(alias, m);
      }
    }
    Set<String> bounds = new LinkedHashSet<>();
    trials.forEach(
        t -> {
          if (!t.path(ProfileKeys.BOUND).asText("").isEmpty()) {
            bounds.add(t.get(ProfileKeys.BOUND).asText());
          }
        });
    if (bounds.size() > 1) {
      p.put(ProfileKeys.BOUND, "mixed");
      metrics.put(ProfileKeys.BOUND, "mixed");
      p.put(ProfileKeys.BOUND_WHY, "repeat trials produced mixed bottleneck verdicts");
    }
    ObjectNode samples = p.putObject(ProfileKeys.SAMPLES);
    pooled(samples, trials, "step_ms");
    samples.set("img_per_s_trials", p.get("img_per_s_trials").deepCopy());
    ProfileKeys.moveOursToEnd(p);
    return p;
  }

  private static double[] throughputs(List<ObjectNode> trials) {
    return trials.stream()
        .filter(t -> t.path(ProfileKeys.IMG_PER_S).isNumber())
        .mapToDouble(t -> t.get(ProfileKeys.IMG_PER_S).asDouble())
        .toArray();
  }

  private static void putTrials(ObjectNode p, double[] values) {
    ArrayNode trialValues = p.putArray("img_per_s_trials");
    for (double v : values) {
      trialValues.add(PyRound.round(v, 2));
    }
  }

  /** {@code <key>_per_trial}: each trial's samples; {@code <key>}: all of them pooled. */
  private static void pooled(ObjectNode samples, List<ObjectNode> trials, String key) {
    ArrayNode perTrial = samples.putArray(key + "_per_trial");
    trials.forEach(t -> perTrial.add(t.path(ProfileKeys.SAMPLES).path(key)));
    ArrayNode all = samples.putArray(key);
    trials.forEach(t -> t.path(ProfileKeys.SAMPLES).path(key).forEach(all::add));
  }
}
