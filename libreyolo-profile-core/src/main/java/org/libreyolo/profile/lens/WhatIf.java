package org.libreyolo.profile.lens;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.python.PyRound;
import org.libreyolo.profile.result.Profile;

/**
 * {@code what-if}: the reference's rough projections (docs/reference-behaviour.md, "What-if") on the stored,
 * already-rounded values, with the 80% utilisation switch between a host/launch and a compute model.
 */
public final class WhatIf {
  public static final String CAVEAT = "rough estimate (per-launch host cost is approximate); verify by profiling.";

  private WhatIf() {}

  /**
   * The projection: {@code json} is what {@code --json} prints (values rounded as stored);
   * {@code stepMs} the projected step before rounding, which the text prints with 0 decimals
   * (formatting the stored 1-decimal value rounded twice: 241.48 -> 241.5 -> "242").
   */
  public record Projection(ObjectNode json, double stepMs) {}

  public static Projection project(Profile p, String removeCategory, Integer removeLaunches) {
    boolean hasCategory = removeCategory != null && !removeCategory.isEmpty();
    if (!hasCategory && removeLaunches == null) {
      throw LibreYoloException.badInput("specify --remove-category or --remove-launches");
    }
    JsonNode j = p.json();
    double step = j.path("step_ms").asDouble(0);
    double bs = j.path("config").path("batch").asDouble(0);
    double host = j.path("host_overhead_ms_per_step").asDouble(0);
    long launches = j.path("launches_per_step").asLong(0);
    if (launches == 0) {
      launches = 1;
    }
    double gpu = j.path("gpu_busy_ms_per_step").asDouble(0);
    double util = j.path("gpu_util").asDouble(0);
    double perLaunch = host / launches;

    long removedLaunches = removeLaunches == null ? 0 : removeLaunches;
    double removedGpu = 0;
    if (hasCategory) {
      JsonNode category = null;
      List<String> names = new ArrayList<>();
      for (JsonNode c : j.path("categories")) {
        names.add(c.path("name").asText());
        if (category == null && c.path("name").asText().toLowerCase(Locale.ROOT)
            .contains(removeCategory.toLowerCase(Locale.ROOT))) {
          category = c;
        }
      }
      if (category == null) {
        throw LibreYoloException.badInput(
            "no category matching '" + removeCategory + "'. have: " + String.join(", ", names));
      }
      double catMs = category.path("ms_per_step").asDouble();
      removedGpu = catMs;
      removedLaunches += (long) (launches * catMs / (gpu != 0 ? gpu : 1));
    }
    double newStep;
    String mechanism;
    if (util < 0.8) {
      newStep = Math.max(step - removedLaunches * perLaunch, gpu + j.path("dataload_ms").asDouble(0));
      mechanism = "host/launch-bound: ~" + removedLaunches + " fewer launches x ~"
          + PyRound.format(perLaunch * 1000, 0) + "us host cost";
    } else {
      newStep = Math.max(step - removedGpu, host);
      mechanism = "compute-bound: ~" + PyRound.format(removedGpu, 1) + " ms less GPU work";
    }
    Double projected = bs == 0 || newStep == 0 ? null : PyRound.round(bs / (newStep / 1000.0), 1);

    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode out = f.objectNode();
    out.set("trace", Lenses.storedTrace(p));
    out.set("bound", j.path("bound"));
    out.put("mechanism", mechanism);
    ObjectNode removed = out.putObject("removed");
    removed.put("gpu_ms", PyRound.round(removedGpu, 2));
    removed.put("launches", removedLaunches);
    ObjectNode stepNode = out.putObject("step_ms");
    stepNode.set("now", j.path("step_ms"));
    stepNode.put("projected", PyRound.round(newStep, 1));
    ObjectNode ips = out.putObject("img_per_s");
    ips.set("now", j.path("img_per_s"));
    if (projected == null) {
      ips.putNull("projected");
    } else {
      ips.put("projected", projected);
    }
    out.put("caveat", CAVEAT);
    return new Projection(out, newStep);
  }
}
