package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.analysis.LatencyStats;
import org.libreyolo.profile.analysis.PyRound;

/** {@code profile_repeat.json} (profile-behaviour.md 10.1): the last trial, with means over all trials. */
final class RepeatAggregate {
  static final List<String> AVERAGED = List.of("step_ms", "gpu_util", "gpu_util_raw", "gpu_busy_ms_per_step",
      "mean_kernel_us", "kernels_per_step", "memcpy_ms_per_step", "host_overhead_ms_per_step", "launches_per_step",
      "dataload_ms", "dataload_frac", "tensorcore_pct", "cuda_mallocs_per_step");
  static final Map<String, String> ALIAS = Map.of("gpu_busy_ms_per_step", "gpu_busy_ms", "memcpy_ms_per_step",
      "memcpy_ms", "host_overhead_ms_per_step", "host_overhead_ms");

  private RepeatAggregate() {}

  static ObjectNode training(List<ObjectNode> trials, List<Path> paths) {
    ObjectNode p = trials.get(trials.size() - 1).deepCopy();
    ObjectNode metrics = (ObjectNode) p.get("metrics");
    List<Double> ips = new ArrayList<>();
    for (ObjectNode t : trials) {
      if (t.path("img_per_s").isNumber()) {
        ips.add(t.get("img_per_s").asDouble());
      }
    }
    double[] values = ips.stream().mapToDouble(Double::doubleValue).toArray();
    double mean = PyRound.round(LatencyStats.mean(values), 2);
    double std = PyRound.round(LatencyStats.pstdev(values), 2);
    for (ObjectNode target : List.of(p, metrics)) {
      target.put("img_per_s", mean);
      target.put("img_per_s_std", std);
      target.put("img_per_s_n", values.length);
    }
    ArrayNode trialValues = p.putArray("img_per_s_trials");
    for (double v : values) {
      trialValues.add(PyRound.round(v, 2));
    }
    ObjectNode aggregation = p.putObject("aggregation");
    aggregation.put("n", trials.size());
    ArrayNode profiles = aggregation.putArray("profiles");
    paths.forEach(path -> profiles.add(path.toString()));
    aggregation.put("representative_profile", paths.get(paths.size() - 1).toString());
    aggregation.put("note", "scalar metrics are averaged; kernel lists and trace view use the final trial.");
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
      double m = PyRound.round(numbers.stream().mapToDouble(JsonNode::asDouble).average().orElse(0), 3);
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
    trials.forEach(t -> {
      if (!t.path("bound").asText("").isEmpty()) {
        bounds.add(t.get("bound").asText());
      }
    });
    if (bounds.size() > 1) {
      p.put("bound", "mixed");
      metrics.put("bound", "mixed");
      p.put("bound_why", "repeat trials produced mixed bottleneck verdicts");
    }
    ObjectNode samples = p.putObject("samples");
    ArrayNode perTrial = samples.putArray("step_ms_per_trial");
    trials.forEach(t -> perTrial.add(t.path("samples").path("step_ms")));
    ArrayNode allSteps = samples.putArray("step_ms");
    trials.forEach(t -> t.path("samples").path("step_ms").forEach(allSteps::add));
    samples.set("img_per_s_trials", p.get("img_per_s_trials").deepCopy());
    ProfileKeys.moveOursToEnd(p);
    return p;
  }
}
