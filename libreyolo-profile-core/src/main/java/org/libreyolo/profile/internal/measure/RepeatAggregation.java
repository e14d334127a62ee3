package org.libreyolo.profile.internal.measure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * The one aggregation over repeat trials (docs/reference-behaviour.md, "Repeats"): the last trial's
 * profile with the throughput's mean, spread and per-trial values, and our samples of every trial.
 * Training ({@code profile_repeat.json}) also averages the scalar metrics and records which
 * profiles were aggregated; inference and users' steps ({@code infer_repeat.json}) keep the
 * reference's thin form.
 */
public final class RepeatAggregation {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** The top-level figures a training repeat averages over its trials (the reference's list). */
  static final List<String> AVERAGED =
      List.of(
          ProfileSchema.STEP_MS,
          ProfileSchema.GPU_UTIL,
          ProfileSchema.GPU_UTIL_RAW,
          ProfileSchema.GPU_BUSY_MS_PER_STEP,
          ProfileSchema.MEAN_KERNEL_US,
          ProfileSchema.KERNELS_PER_STEP,
          ProfileSchema.MEMCPY_MS_PER_STEP,
          ProfileSchema.HOST_OVERHEAD_MS_PER_STEP,
          ProfileSchema.LAUNCHES_PER_STEP,
          ProfileSchema.DATALOAD_MS,
          ProfileSchema.DATALOAD_FRAC,
          ProfileSchema.TENSORCORE_PCT,
          ProfileSchema.CUDA_MALLOCS_PER_STEP);

  private RepeatAggregation() {}

  /**
   * Inference: the last trial's profile with the repeat's fields ({@link #putThroughput}) and our
   * samples of every trial, from their typed iterations: each trial's latencies and all of them
   * appended, and every trial's blocks in one series (trials of one process are blocks of one
   * measurement; none when a trial has none).
   *
   * @param last the last trial's profile
   * @param throughputs each trial's throughput
   * @param trials each trial's iterations, in order
   * @return the aggregate
   */
  public static ObjectNode thin(ObjectNode last, double[] throughputs, List<Iterations> trials) {
    ObjectNode p = last.deepCopy();
    putThroughput(p, throughputs);
    ObjectNode samples = F.objectNode();
    samples.set(ProfileSchema.IMG_PER_S_TRIALS, ProfileAssembler.samples(throughputs));
    ArrayNode perTrial = samples.putArray(ProfileSchema.LATENCY_MS_PER_TRIAL);
    trials.forEach(t -> perTrial.add(ProfileAssembler.samples(t.latencyMs())));
    Iterations all = Iterations.appended(trials);
    samples.set(ProfileSchema.LATENCY_MS, ProfileAssembler.samples(all.latencyMs()));
    if (trials.stream().allMatch(t -> t.blocks() != null)) {
      samples.set(ProfileSchema.BLOCKS, all.blocks().json());
    }
    p.set(ProfileSchema.SAMPLES, samples);
    ProfileSchema.moveOursToEnd(p);
    return p;
  }

  /**
   * The reference's repeat fields of the thin form: {@code img_per_s} (and {@code
   * metrics.throughput_img_s}) the mean over trials, {@code img_per_s_std}, {@code _n}, {@code
   * _trials}.
   */
  public static void putThroughput(ObjectNode p, double[] values) {
    double mean = PyRound.round(LatencyStats.mean(values), 2);
    p.put(ProfileSchema.IMG_PER_S, mean);
    if (p.get(ProfileSchema.METRICS) instanceof ObjectNode m) {
      ProfileSchema.copyToMetrics(p, m, ProfileSchema.THROUGHPUT_IMG_S);
    }
    p.put(ProfileSchema.IMG_PER_S_STD, PyRound.round(LatencyStats.pstdev(values), 2));
    p.put(ProfileSchema.IMG_PER_S_N, values.length);
    putTrials(p, values);
    ProfileSchema.moveOursToEnd(p);
  }

  /** Trials that reported a throughput: aggregation needs two or more. */
  public static long withThroughput(List<ObjectNode> trials) {
    return trials.stream().filter(t -> t.path(ProfileSchema.IMG_PER_S).isNumber()).count();
  }

  public static ObjectNode training(List<ObjectNode> trials, List<Path> paths) {
    ObjectNode p = trials.get(trials.size() - 1).deepCopy();
    ObjectNode metrics = (ObjectNode) p.get(ProfileSchema.METRICS);
    double[] values = throughputs(trials);
    double mean = PyRound.round(LatencyStats.mean(values), 2);
    double std = PyRound.round(LatencyStats.pstdev(values), 2);
    p.put(ProfileSchema.IMG_PER_S, mean);
    p.put(ProfileSchema.IMG_PER_S_STD, std);
    p.put(ProfileSchema.IMG_PER_S_N, values.length);
    ProfileSchema.copyToMetrics(
        p,
        metrics,
        ProfileSchema.IMG_PER_S,
        ProfileSchema.IMG_PER_S_STD,
        ProfileSchema.IMG_PER_S_N);
    putTrials(p, values);
    ObjectNode aggregation = p.putObject(ProfileSchema.AGGREGATION);
    aggregation.put(ProfileSchema.N, trials.size());
    ArrayNode profiles = aggregation.putArray(ProfileSchema.PROFILES);
    paths.forEach(path -> profiles.add(path.toString()));
    aggregation.put(ProfileSchema.REPRESENTATIVE_PROFILE, paths.get(paths.size() - 1).toString());
    aggregation.put(
        ProfileSchema.NOTE,
        "scalar metrics are averaged; kernel lists and trace view use the final trial.");
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
      if (ints) {
        p.put(key, PyRound.roundToLong(m));
      } else {
        p.put(key, m);
      }
      ProfileSchema.copyToMetrics(p, metrics, ProfileSchema.metricKeyOf(key));
    }
    Set<String> bounds = new LinkedHashSet<>();
    trials.forEach(
        t -> {
          if (!t.path(ProfileSchema.BOUND).asText("").isEmpty()) {
            bounds.add(t.get(ProfileSchema.BOUND).asText());
          }
        });
    if (bounds.size() > 1) {
      p.put(ProfileSchema.BOUND, "mixed");
      ProfileSchema.copyToMetrics(p, metrics, ProfileSchema.BOUND);
      p.put(ProfileSchema.BOUND_WHY, "repeat trials produced mixed bottleneck verdicts");
    }
    ObjectNode samples = p.putObject(ProfileSchema.SAMPLES);
    pooled(samples, trials, ProfileSchema.STEP_MS);
    samples.set(ProfileSchema.IMG_PER_S_TRIALS, p.get(ProfileSchema.IMG_PER_S_TRIALS).deepCopy());
    ProfileSchema.moveOursToEnd(p);
    return p;
  }

  /**
   * Each trial's throughput, of the trials that reported one.
   *
   * @param trials the trials' profiles
   * @return their throughputs
   */
  public static double[] throughputs(List<ObjectNode> trials) {
    return trials.stream()
        .filter(t -> t.path(ProfileSchema.IMG_PER_S).isNumber())
        .mapToDouble(t -> t.get(ProfileSchema.IMG_PER_S).asDouble())
        .toArray();
  }

  private static void putTrials(ObjectNode p, double[] values) {
    ArrayNode trialValues = p.putArray(ProfileSchema.IMG_PER_S_TRIALS);
    for (double v : values) {
      trialValues.add(PyRound.round(v, 2));
    }
  }

  /** {@code <key>_per_trial}: each trial's samples; {@code <key>}: all of them pooled. */
  private static void pooled(ObjectNode samples, List<ObjectNode> trials, String key) {
    ArrayNode perTrial = samples.putArray(key + "_per_trial");
    trials.forEach(t -> perTrial.add(t.path(ProfileSchema.SAMPLES).path(key)));
    ArrayNode all = samples.putArray(key);
    trials.forEach(t -> t.path(ProfileSchema.SAMPLES).path(key).forEach(all::add));
  }
}
