package org.libreyolo.profile.produce;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.internal.report.TextReport;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;

/**
 * Forks of known, different speeds merged: every headline figure pools them, the trace says whose
 * it is.
 */
class ForkedInferTest {
  @TempDir static Path dir;
  static ObjectNode traced;

  @BeforeAll
  static void measureOnce() throws Exception {
    TestEngine.boot();
    InferProfiler.run(
        InferProfilerTest.options(dir, 128, 1, 6, 1, true, null, NmsOptions.DEFAULT, 2),
        Progress.NONE);
    traced = (ObjectNode) Json.MAPPER.readTree(dir.resolve("infer/profile.json").toFile());
  }

  /**
   * A fork whose every iteration took {@code ms} (forward 80% of it, the rest split between pre and
   * post).
   */
  private static ObjectNode fork(double ms, boolean withTrace) {
    ObjectNode f = traced.deepCopy();
    if (!withTrace) {
      f.putNull("trace");
    }
    ObjectNode samples = (ObjectNode) f.get("samples");
    int n = samples.get("latency_ms").size();
    ArrayNode lat = samples.putArray("latency_ms");
    ObjectNode stages = samples.putObject("stages_ms");
    ArrayNode pre = stages.putArray("preprocess");
    ArrayNode fwd = stages.putArray("forward");
    ArrayNode post = stages.putArray("postprocess");
    for (int i = 0; i < n; i++) {
      lat.add(ms);
      pre.add(ms * 0.1);
      fwd.add(ms * 0.8);
      post.add(ms * 0.1);
    }
    f.put("step_ms", ms);
    f.put("img_per_s", 2 / (ms / 1000));
    return f;
  }

  @Test
  void everyHeadlineFigurePoolsTheForksAndTheTraceNamesItsFork() {
    double busy = traced.get("gpu_busy_ms_per_step").asDouble();
    ObjectNode merged =
        ForkedInfer.merge(List.of(fork(100, false), fork(100, false), fork(400, true)), 2, false);
    // pooled mean: (100 + 100 + 400) / 3 = 200 ms for a batch of 2 -> 10 img/s
    assertThat(merged.get("latency").get("mean_ms").asDouble()).isEqualTo(200.0);
    assertThat(merged.get("latency").get("p50_ms").asDouble()).isEqualTo(100.0);
    assertThat(merged.get("step_ms").asDouble()).isEqualTo(200.0);
    assertThat(merged.get("img_per_s").asDouble()).isEqualTo(10.0);
    JsonNode m = merged.get("metrics");
    assertThat(m.get("img_per_s").asDouble()).isEqualTo(10.0);
    assertThat(m.get("throughput_img_s").asDouble()).isEqualTo(10.0);
    assertThat(m.get("step_ms").asDouble()).isEqualTo(200.0);
    assertThat(m.get("latency_p50_ms").asDouble()).isEqualTo(100.0);
    assertThat(merged.get("stages_ms").get("forward").asDouble()).isEqualTo(160.0);
    assertThat(m.get("forward_ms").asDouble()).isEqualTo(160.0);
    // the shares built on the step are taken against the pooled step, the busy time stays the
    // trace's
    assertThat(merged.get("gpu_busy_ms_per_step").asDouble()).isEqualTo(busy);
    assertThat(merged.get("gpu_util").asDouble()).isEqualTo(PyRound.round(busy / 200, 3));
    assertThat(merged.get("host_overhead_ms_per_step").asDouble())
        .isEqualTo(PyRound.round(200 - busy, 2));
    assertThat(m.get("host_overhead_ms").asDouble()).isEqualTo(PyRound.round(200 - busy, 2));
    JsonNode from = merged.get("trace_from");
    assertThat(from.get("fork").asInt()).isEqualTo(3);
    assertThat(from.get("forks").asInt()).isEqualTo(3);
    assertThat(from.get("step_ms").asDouble()).isEqualTo(400.0);
    assertThat(from.get("img_per_s").asDouble()).isEqualTo(5.0);
    assertThat(merged.get("config").get("forks").asInt()).isEqualTo(3);
    assertThat(merged.get("samples").get("latency_ms"))
        .hasSize(3 * traced.get("samples").get("latency_ms").size());
    List<String> text = TextReport.summary(new Profile(merged));
    assertThat(text.get(0)).contains("10.0 img/s").contains("step 200.0 ms");
    assertThat(text)
        .anySatisfy(
            l -> assertThat(l).startsWith("trace from fork 3 of 3 (its own step 400.0 ms)"));
  }

  @Test
  void aTracelessMergeIsPooledToo() {
    ObjectNode merged = ForkedInfer.merge(List.of(fork(100, false), fork(300, false)), 2, false);
    assertThat(merged.get("step_ms").asDouble()).isEqualTo(200.0);
    assertThat(merged.get("img_per_s").asDouble()).isEqualTo(10.0);
    assertThat(merged.has("trace_from")).isFalse();
  }
}
