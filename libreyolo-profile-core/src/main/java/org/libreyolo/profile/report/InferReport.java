package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.python.PyJson;
import org.libreyolo.profile.result.InferResult;

/** {@code profile infer}'s output (docs/reference-behaviour.md, "Inference measurement"): the five text lines and the JSON object. */
public final class InferReport {
  private InferReport() {}

  public static ObjectNode json(InferResult r) {
    JsonNode p = r.profile();
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("profile", r.reported().toString());
    o.put("mode", "inference");
    o.set("img_per_s", p.get("img_per_s"));
    if (r.imgPerSStd() == null) {
      o.putNull("img_per_s_std");
    } else {
      o.put("img_per_s_std", r.imgPerSStd());
    }
    o.put("img_per_s_n", r.imgPerSN());
    o.set("latency_p50_ms", p.path("latency").get("p50_ms"));
    o.set("latency_p90_ms", p.path("latency").get("p90_ms"));
    o.set("latency_p99_ms", p.path("latency").get("p99_ms"));
    o.set("bound", p.get("bound"));
    o.set("stages_ms", p.get("stages_ms"));
    return o;
  }

  public static List<String> text(InferResult r) {
    JsonNode p = r.profile();
    JsonNode latency = p.path("latency");
    JsonNode stages = p.path("stages_ms");
    String spread = r.imgPerSN() > 1 ? " +/- " + PyJson.repr(r.imgPerSStd()) + " (n=" + r.imgPerSN() + ")" : "";
    return List.of(
        "latency  p50 " + Fmt.str(latency.get("p50_ms")) + " ms | p90 " + Fmt.str(latency.get("p90_ms"))
            + " ms | p99 " + Fmt.str(latency.get("p99_ms")) + " ms  |  " + Fmt.str(p.get("img_per_s")) + spread + " img/s",
        "stages   preprocess " + Fmt.str(stages.get("preprocess")) + " ms | forward " + Fmt.str(stages.get("forward"))
            + " ms | postprocess/NMS " + Fmt.str(stages.get("postprocess")) + " ms",
        ">> " + p.get("bound").asText().toUpperCase(Locale.ROOT) + ": " + p.get("bound_why").asText(),
        "profile: " + r.reported(),
        "next:    libreyolo profile summary " + r.reported());
  }
}
