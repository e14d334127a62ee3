package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.analysis.LatencyStats;
import org.libreyolo.profile.analysis.PyRound;
import org.libreyolo.profile.analysis.TraceAnalyzer;
import org.libreyolo.profile.profile.Profile;
import org.libreyolo.profile.profile.ProfileIo;

/**
 * A profile for any measured step (the JUnit extension's, or a user's own loop): per-iteration
 * latencies and per-phase times in, {@code profile.json} (+ summary) out, in the same schema and
 * with the same {@code samples} that compare and the gate read.
 */
public final class StepProfiles {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private StepProfiles() {}

  /**
   * @param latencyMs per-iteration wall time of the whole step
   * @param phaseMs per-phase wall times of the same iterations, in phase order
   * @param trace the captured trace, or null
   * @param config what was measured (name, warmup, runs, ...)
   * @param itemsPerStep images (or items) one step processes, for the throughput
   */
  public static Profile write(Path dir, double[] latencyMs, Map<String, double[]> phaseMs, Path trace,
      ObjectNode config, int itemsPerStep, ObjectNode environment) {
    if (latencyMs.length == 0) {
      throw new LibreYoloException(LibreYoloException.Kind.NO_PROFILE, "no measured iterations: nothing to profile");
    }
    LatencyStats lat = LatencyStats.of(latencyMs);
    double imgPerS = lat.mean() > 0 ? PyRound.round(itemsPerStep / (lat.mean() / 1000.0), 2) : 0.0;
    ObjectNode latency = F.objectNode();
    latency.put("p50_ms", lat.p50());
    latency.put("p90_ms", lat.p90());
    latency.put("p99_ms", lat.p99());
    latency.put("mean_ms", lat.mean());
    latency.put("min_ms", lat.min());
    latency.put("max_ms", lat.max());
    latency.put("n", lat.n());
    ObjectNode stages = F.objectNode();
    ObjectNode composition = F.objectNode();
    phaseMs.forEach((phase, values) -> {
      double mean = PyRound.round(LatencyStats.mean(values), 3);
      stages.put(phase, mean);
      composition.put(phase, mean);
    });

    ObjectNode summary = F.objectNode();
    summary.set("meta", config);
    ObjectNode real = summary.putObject("real");
    real.put("step_ms", lat.mean());
    real.put("img_per_s", imgPerS);
    real.put("dataload_ms", 0.0);
    real.put("dataload_frac", 0.0);
    summary.set("composition_ms", composition);
    summary.set("latency", latency);
    summary.set("stages_ms", stages);
    summary.putNull("bound");
    summary.put("bound_why", "");
    ProfileIo.writeIndented(dir.resolve("profile_summary.json"), summary);

    ObjectNode p;
    if (trace != null) {
      p = TraceAnalyzer.analyze(trace, summary).json();
    } else {
      p = F.objectNode();
      p.put("schema", Profile.SCHEMA);
      p.putNull("trace");
      p.set("model", config.path("model").isMissingNode() ? F.nullNode() : config.get("model"));
      p.set("config", config.deepCopy());
      p.put("bound", "compute");
      p.put("bound_why", "no trace: timings only");
      p.put("step_ms", PyRound.round(lat.mean(), 2));
      p.put("img_per_s", imgPerS);
      ObjectNode metrics = p.putObject("metrics");
      metrics.put("img_per_s", imgPerS);
      metrics.put("step_ms", PyRound.round(lat.mean(), 2));
      metrics.put("bound", "compute");
    }
    p.set("latency", latency);
    p.set("stages_ms", stages);
    ObjectNode metrics = (ObjectNode) p.get("metrics");
    metrics.put("latency_p50_ms", lat.p50());
    metrics.put("latency_p90_ms", lat.p90());
    metrics.put("latency_p99_ms", lat.p99());
    metrics.put("throughput_img_s", imgPerS);
    p.put("device", "cpu");
    if (!p.has("kernel_source")) {
      p.put("kernel_source", "none");
    }
    p.set("environment", environment);
    ObjectNode samples = p.putObject("samples");
    samples.set("latency_ms", array(latencyMs));
    ObjectNode phaseSamples = samples.putObject("stages_ms");
    phaseMs.forEach((phase, values) -> phaseSamples.set(phase, array(values)));
    ProfileKeys.moveOursToEnd(p);
    summary.put("bound", p.path("bound").asText());
    summary.put("bound_why", p.path("bound_why").asText());
    ProfileIo.writeIndented(dir.resolve("profile_summary.json"), summary);
    ProfileIo.writeCompact(dir.resolve("profile.json"), p);
    return new Profile(p);
  }

  private static ArrayNode array(double[] values) {
    ArrayNode a = F.arrayNode();
    for (double v : values) {
      a.add(PyRound.round(v, 4));
    }
    return a;
  }
}
