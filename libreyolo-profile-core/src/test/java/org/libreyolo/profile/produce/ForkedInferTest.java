package org.libreyolo.profile.produce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.measure.Iterations;
import org.libreyolo.profile.internal.measure.ProfileAssembler;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.internal.report.TextReport;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Num;
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
   * post), with the measured fork's blocks and facts.
   */
  private static ForkReply fork(double ms) {
    Iterations measured = Iterations.read(new Profile(traced));
    int n = measured.latencyMs().length;
    double[] lat = new double[n];
    java.util.Arrays.fill(lat, ms);
    Map<String, double[]> stages = new LinkedHashMap<>();
    stages.put("preprocess", scaled(n, ms * 0.1));
    stages.put("forward", scaled(n, ms * 0.8));
    stages.put("postprocess", scaled(n, ms * 0.1));
    ObjectNode meta = (ObjectNode) traced.get("config").deepCopy();
    return new ForkReply(
        meta,
        new Iterations(lat, stages, measured.blocks(), new double[0]),
        new ProfileAssembler.ProcessFigures(null, null, new double[0]),
        (ObjectNode) traced.get("environment"),
        DeviceSpec.CPU,
        new Num(ms, false),
        new Num(2 / (ms / 1000), false),
        null);
  }

  private static double[] scaled(int n, double v) {
    double[] out = new double[n];
    java.util.Arrays.fill(out, v);
    return out;
  }

  @Test
  void everyHeadlineFigurePoolsTheForksAndTheTraceNamesItsFork() {
    double busy = traced.get("gpu_busy_ms_per_step").asDouble();
    ForkReply measured = ForkReply.read(new Profile(traced));
    ObjectNode merged =
        ForkedInfer.merge(
            dir.resolve("merged"),
            List.of(fork(100), fork(100), measured),
            dir.resolve("infer/profile_trace.json"));
    double[] pooled =
        java.util.stream.DoubleStream.concat(
                java.util.stream.DoubleStream.concat(
                    Arrays.stream(fork(100).iterations().latencyMs()),
                    Arrays.stream(fork(100).iterations().latencyMs())),
                Arrays.stream(measured.iterations().latencyMs()))
            .toArray();
    // the headline's own mean (a compensated sum can differ in the last digit, and so round apart)
    double mean = org.libreyolo.profile.internal.analysis.LatencyStats.mean(pooled);
    assertThat(merged.get("latency").get("mean_ms").asDouble()).isEqualTo(PyRound.round(mean, 3));
    // two thirds of the iterations took 100 ms, the measured third far less
    assertThat(merged.get("latency").get("p50_ms").asDouble()).isEqualTo(100.0);
    // the headline's step is the latency mean as stored (3 decimals), its throughput from that
    double stored = PyRound.round(mean, 3);
    assertThat(merged.get("step_ms").asDouble()).isEqualTo(PyRound.round(stored, 2));
    double imgPerS = PyRound.round(2 / (stored / 1000), 2);
    assertThat(merged.get("img_per_s").asDouble()).isEqualTo(imgPerS);
    JsonNode m = merged.get("metrics");
    assertThat(m.get("img_per_s").asDouble()).isEqualTo(imgPerS);
    assertThat(m.get("throughput_img_s").asDouble()).isEqualTo(imgPerS);
    // metrics repeat the stored step (from the 3-decimal mean): rounding the raw mean to 2
    // decimals differs in the last digit where it ends in 5 at the third (1 run in 14 did)
    assertThat(m.get("step_ms").asDouble()).isEqualTo(PyRound.round(stored, 2));
    assertThat(m.get("latency_p50_ms").asDouble()).isEqualTo(100.0);
    assertThat(m.get("forward_ms")).isEqualTo(merged.get("stages_ms").get("forward"));
    // the trace's per-step figures are the traced fork's own (its profiler cost taken out against
    // its own stages); the shares built on the step are taken against the pooled step
    assertThat(merged.get("gpu_busy_ms_per_step").asDouble()).isEqualTo(busy);
    // the busy share is at most 1: beside busy processes the traced fork's ops can outlast the
    // pooled step (one loaded run: 1.085); the raw share keeps the ratio
    assertThat(merged.get("gpu_util").asDouble())
        .isCloseTo(Math.min(1.0, busy / mean), within(0.0015));
    assertThat(merged.get("gpu_util_raw").asDouble()).isCloseTo(busy / mean, within(0.0015));
    assertThat(merged.get("host_overhead_ms_per_step").asDouble())
        .satisfiesAnyOf(
            h -> assertThat(h).isCloseTo(mean - busy, within(0.011)),
            h -> assertThat(h).isCloseTo(Math.max(0, mean - busy), within(0.011)));
    assertThat(m.get("host_overhead_ms")).isEqualTo(merged.get("host_overhead_ms_per_step"));
    JsonNode from = merged.get("trace_from");
    assertThat(from.get("fork").asInt()).isEqualTo(3);
    assertThat(from.get("forks").asInt()).isEqualTo(3);
    assertThat(from.get("step_ms")).isEqualTo(traced.get("step_ms"));
    assertThat(from.get("img_per_s")).isEqualTo(traced.get("img_per_s"));
    assertThat(merged.get("config").get("forks").asInt()).isEqualTo(3);
    assertThat(merged.get("samples").get("latency_ms")).hasSize(pooled.length);
    assertThat(merged.get("samples").get("forks")).hasSize(3);
    assertThat(merged.get("trace").asText()).endsWith("profile_trace.json");
    List<String> text = TextReport.summary(new Profile(merged));
    assertThat(text.get(0)).contains(imgPerS + " img/s");
    assertThat(text)
        .anySatisfy(l -> assertThat(l).startsWith("trace from fork 3 of 3 (its own step "));
  }

  @Test
  void aTracelessMergeIsPooledToo() {
    ObjectNode merged =
        ForkedInfer.merge(dir.resolve("traceless"), List.of(fork(100), fork(300)), null);
    assertThat(merged.get("step_ms").asDouble()).isEqualTo(200.0);
    assertThat(merged.get("img_per_s").asDouble()).isEqualTo(10.0);
    assertThat(merged.has("trace_from")).isFalse();
    assertThat(merged.get("window").get("real_steps").asInt())
        .isEqualTo(2 * traced.get("samples").get("latency_ms").size());
  }

  @Test
  void aForksReplyTravelsWholeAndUnrounded() {
    ForkReply sent = fork(100.000001);
    Path file = dir.resolve("reply.json");
    ChildJvms.write(file, sent);
    ForkReply got = ChildJvms.read(file, ForkReply.class);
    assertThat(got.iterations().latencyMs()).containsExactly(sent.iterations().latencyMs());
    assertThat(got.iterations().stagesMs().keySet())
        .containsExactly("preprocess", "forward", "postprocess");
    assertThat(got.iterations().stagesMs().get("forward"))
        .containsExactly(sent.iterations().stagesMs().get("forward"));
    assertThat(got.iterations().blocks().stepMs())
        .containsExactly(sent.iterations().blocks().stepMs());
    assertThat(got.iterations().blocks().quantiles().keySet())
        .isEqualTo(sent.iterations().blocks().quantiles().keySet());
    assertThat(got.iterations().blocks().canaryMs())
        .containsExactly(sent.iterations().blocks().canaryMs());
    assertThat(got.stepMs()).isEqualTo(sent.stepMs());
    assertThat(got.device()).isEqualTo(DeviceSpec.CPU);
    assertThat(got.meta()).isEqualTo(sent.meta());
    assertThat(got.environment()).isEqualTo(sent.environment());
  }
}
