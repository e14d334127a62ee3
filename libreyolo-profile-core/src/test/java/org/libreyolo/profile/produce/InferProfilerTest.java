package org.libreyolo.profile.produce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.result.InferResult;
import org.libreyolo.profile.result.Json;

class InferProfilerTest {
  @TempDir Path dir;

  @BeforeAll
  static void boot() {
    TestEngine.boot();
  }

  static InferOptions options(
      Path project,
      int imgsz,
      int warmup,
      int runs,
      int repeat,
      boolean trace,
      String weights,
      NmsOptions nms,
      int batch) {
    return new InferOptions(
        null,
        weights,
        null,
        batch,
        imgsz,
        false,
        "float16",
        warmup,
        runs,
        repeat,
        nms,
        DeviceSpec.CPU,
        1,
        trace,
        project);
  }

  @Test
  void tracedInferenceWritesTheThreeFilesAndAReferenceShapedProfile() throws Exception {
    InferResult r =
        InferProfiler.run(
            options(dir, 128, 1, 6, 1, true, null, NmsOptions.DEFAULT, 2), Progress.NONE);
    Path run = dir.resolve("infer");
    assertThat(r.reported()).isEqualTo(run.resolve("profile.json"));
    assertThat(run.toFile().list())
        .containsExactlyInAnyOrder("profile.json", "profile_trace.json", "profile_summary.json");
    JsonNode p = Json.MAPPER.readTree(run.resolve("profile.json").toFile());
    assertThat(p.get("mode").asText()).isEqualTo("inference");
    assertThat(p.get("bound").asText()).isEqualTo("compute");
    assertThat(p.get("bound_why").asText())
        .startsWith("forward dominates the step (")
        .endsWith(" ms) \u2014 CPU-bound");
    assertThat(p.get("latency").get("n").asInt()).isEqualTo(3);
    assertThat(p.get("samples").get("latency_ms")).hasSize(3);
    assertThat(p.get("samples").get("stages_ms").get("forward")).hasSize(3);
    assertThat(p.get("config").get("batch").asInt()).isEqualTo(2);
    assertThat(p.get("config").get("weights").asText()).isEqualTo("random-init");
    assertThat(p.get("config").get("params").asLong()).isEqualTo(2_036_544);
    assertThat(p.get("kernel_source").asText()).isEqualTo("cpu-leaf-ops");
    assertThat(p.get("environment").get("threads").asInt()).isEqualTo(1);
    List<String> phases = new ArrayList<>();
    p.get("phases").forEach(e -> phases.add(e.get("phase").asText()));
    assertThat(phases).startsWith("preprocess", "forward", "postprocess");
    assertThat(p.get("metrics").get("forward_ms").asDouble())
        .isEqualTo(p.get("stages_ms").get("forward").asDouble());
    double imgPerS = p.get("img_per_s").asDouble();
    assertThat(imgPerS)
        .isEqualTo(
            Math.round(2 / (p.get("latency").get("mean_ms").asDouble() / 1000) * 100) / 100.0);
    JsonNode summary = Json.MAPPER.readTree(run.resolve("profile_summary.json").toFile());
    assertThat(summary.get("bound").asText()).isEqualTo("compute");
    List<String> keys = new ArrayList<>();
    p.fieldNames().forEachRemaining(keys::add);
    assertThat(keys.subList(keys.size() - 12, keys.size()))
        .containsExactly(
            "device",
            "kernel_source",
            "profiler_compensation",
            "environment",
            "work",
            "tensor_memory", // the first traced step's tensor bytes, exact
            "allocation", // the Java heap per iteration
            "host_memory",
            "java_samples",
            "op_calls", // what the diff partitions the step into: no trace needed
            "recorded_at",
            "samples");
    assertThat(org.libreyolo.profile.result.OpCalls.of(p.get("op_calls")).processes()).hasSize(1);
    // the counters and the gate's unit: work from the traced shapes, blocks with the canary around
    // them
    assertThat(p.get("work").get("conv_macs_stride1_per_step").asLong()).isPositive();
    JsonNode blocks = p.get("samples").get("blocks");
    assertThat(blocks.get("canary").asText()).isEqualTo("yolo9t seeded 128x128");
    assertThat(blocks.get("step_ms").size()).isEqualTo(blocks.get("canary_ms").size()).isPositive();
    // the trace records the profiler's cost; the analysis took it out and scaled forward to its
    // untraced time
    JsonNode compensation = p.get("profiler_compensation");
    assertThat(compensation.get("applied").asBoolean()).isTrue();
    assertThat(compensation.get("per_op_us").asDouble()).isNotNegative();
    assertThat(compensation.get("phase_scale").has("forward")).isTrue();
    assertThat(compensation.get("raw").get("gpu_busy_ms_per_step").asDouble())
        .isGreaterThanOrEqualTo(p.get("gpu_busy_ms_per_step").asDouble());
  }

  @Test
  void untracedInferenceBuildsTheFallbackProfile() throws Exception {
    InferProfiler.run(options(dir, 64, 0, 4, 1, false, null, NmsOptions.DEFAULT, 1), Progress.NONE);
    Path run = dir.resolve("infer");
    assertThat(run.toFile().list())
        .containsExactlyInAnyOrder("profile.json", "profile_summary.json");
    JsonNode p = Json.MAPPER.readTree(run.resolve("profile.json").toFile());
    List<String> keys = new ArrayList<>();
    p.fieldNames().forEachRemaining(keys::add);
    // the reference's trace-less form, key for key, then ours
    assertThat(keys)
        .containsExactly(
            "schema",
            "mode",
            "trace",
            "model",
            "config",
            "bound",
            "bound_why",
            "step_ms",
            "img_per_s",
            "dataload_ms",
            "dataload_frac",
            "gpu_util",
            "gpu_util_raw",
            "memory_pressure",
            "cuda_mallocs_per_step",
            "host_overhead_ms_per_step",
            "launches_per_step",
            "gpu_busy_ms_per_step",
            "mean_kernel_us",
            "kernels_per_step",
            "unique_kernels",
            "memcpy_ms_per_step",
            "tensorcore_pct",
            "peak_vram_mb",
            "window",
            "latency",
            "stages_ms",
            "metrics",
            "categories",
            "phases",
            "phases_gpu",
            "kernels_by_phase",
            "ops_by_phase",
            "top_kernels",
            "kernels",
            "ops",
            "device",
            "kernel_source",
            "environment",
            "allocation",
            "host_memory", // Linux: the measured runs' peak resident memory
            "java_samples", // every measured step is sampled, traced or not
            "recorded_at",
            "samples");
    List<String> metrics = new ArrayList<>();
    p.get("metrics").fieldNames().forEachRemaining(metrics::add);
    assertThat(metrics)
        .containsExactly(
            "img_per_s",
            "step_ms",
            "gpu_util",
            "gpu_busy_ms",
            "mean_kernel_us",
            "kernels_per_step",
            "unique_kernels",
            "memcpy_ms",
            "tensorcore_pct",
            "peak_vram_mb",
            "host_overhead_ms",
            "launches_per_step",
            "cuda_mallocs_per_step",
            "memory_pressure",
            "bound",
            "latency_p50_ms",
            "latency_p90_ms",
            "latency_p99_ms",
            "throughput_img_s",
            "preprocess_ms",
            "forward_ms",
            "nms_ms",
            "preprocess_wall_ms",
            "forward_wall_ms",
            "postprocess_wall_ms",
            "peak_rss_mb", // ours, so get lists the memory figures
            "java_heap_bytes_per_iteration");
    assertThat(p.get("cuda_mallocs_per_step").isIntegralNumber()).isTrue();
    assertThat(p.get("gpu_util").isDouble()).isTrue();
    assertThat(p.get("trace").isNull()).isTrue();
    assertThat(p.get("phases")).hasSize(3);
    assertThat(p.get("phases").get(1).get("wall_ms_per_step").asDouble())
        .isEqualTo(p.get("stages_ms").get("forward").asDouble());
    assertThat(p.get("metrics").has("postprocess_wall_ms")).isTrue();
  }

  @Test
  void repeatWritesTheAggregateWithEveryTrialsSamples() throws Exception {
    InferResult r =
        InferProfiler.run(
            options(dir, 64, 0, 2, 2, false, null, NmsOptions.DEFAULT, 1), Progress.NONE);
    assertThat(r.reported()).isEqualTo(dir.resolve("infer_repeat.json"));
    assertThat(dir.toFile().list()).contains("infer_0", "infer_1", "infer_repeat.json");
    JsonNode p = Json.MAPPER.readTree(r.reported().toFile());
    assertThat(p.get("img_per_s_n").asInt()).isEqualTo(2);
    assertThat(p.get("img_per_s_trials")).hasSize(2);
    assertThat(p.get("samples").get("latency_ms_per_trial")).hasSize(2);
    double mean =
        (p.get("img_per_s_trials").get(0).asDouble() + p.get("img_per_s_trials").get(1).asDouble())
            / 2;
    assertThat(p.get("img_per_s").asDouble())
        .isCloseTo(mean, org.assertj.core.data.Offset.offset(0.011));
    assertThat(r.profile().throughputTrials()).isEqualTo(2);
    // our samples: each trial's as it stored them, all of them appended, every trial's blocks
    List<JsonNode> trials = new java.util.ArrayList<>();
    for (String t : List.of("infer_0", "infer_1")) {
      trials.add(Json.MAPPER.readTree(dir.resolve(t).resolve("profile.json").toFile()));
    }
    JsonNode samples = p.get("samples");
    java.util.List<JsonNode> appended = new java.util.ArrayList<>();
    for (int k = 0; k < 2; k++) {
      JsonNode own = trials.get(k).get("samples");
      assertThat(samples.get("latency_ms_per_trial").get(k)).isEqualTo(own.get("latency_ms"));
      own.get("latency_ms").forEach(appended::add);
    }
    assertThat(samples.get("latency_ms")).containsExactlyElementsOf(appended);
    assertThat(samples.get("blocks").get("step_ms"))
        .hasSize(
            trials.get(0).get("samples").get("blocks").get("step_ms").size()
                + trials.get(1).get("samples").get("blocks").get("step_ms").size());
  }

  /**
   * Postprocess is timed around the NMS work: many candidates take longer than few. Judged on each
   * side's fastest iteration, which a busy neighbour can only make slower, never faster.
   */
  @Test
  void moreCandidatesMakePostprocessSlower() {
    String weights = TestEngine.fixture("libreyolo9t/libreyolo9t-seed7-320-weights.npz").toString();
    InferProfiler.run(
        options(
            dir.resolve("low"),
            320,
            1,
            8,
            1,
            false,
            weights,
            new NmsOptions(0.001f, 0.45f, 300),
            1),
        Progress.NONE);
    InferProfiler.run(
        options(
            dir.resolve("high"), 320, 1, 8, 1, false, weights, new NmsOptions(0.9f, 0.45f, 300), 1),
        Progress.NONE);
    double low = fastestStage(dir.resolve("low/infer/profile.json"));
    double high = fastestStage(dir.resolve("high/infer/profile.json"));
    assertThat(low).isGreaterThan(high * 2);
  }

  private static double fastestStage(Path profile) {
    try {
      double min = Double.MAX_VALUE;
      for (var v :
          Json.MAPPER
              .readTree(profile.toFile())
              .get("samples")
              .get("stages_ms")
              .get("postprocess")) {
        min = Math.min(min, v.asDouble());
      }
      return min;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void badOptionsFailBeforeAnyWork() throws Exception {
    assertThatThrownBy(() -> options(dir, 64, 0, 0, 1, true, null, NmsOptions.DEFAULT, 1))
        .hasMessageContaining("runs");
    assertThatThrownBy(() -> options(dir, 64, -1, 2, 1, true, null, NmsOptions.DEFAULT, 1))
        .hasMessageContaining("warmup");
    assertThatThrownBy(() -> options(dir, 64, 0, 2, -1, true, null, NmsOptions.DEFAULT, 1))
        .hasMessageContaining("repeat");
    assertThatThrownBy(
            () ->
                new InferOptions(
                    null,
                    null,
                    null,
                    1,
                    64,
                    true,
                    "float16",
                    0,
                    2,
                    1,
                    NmsOptions.DEFAULT,
                    DeviceSpec.CPU,
                    1,
                    true,
                    dir))
        .hasMessage("half needs a CUDA device; on CPU the profile runs in float32");
    assertThatThrownBy(
            () ->
                new InferOptions(
                    null,
                    null,
                    null,
                    1,
                    64,
                    false,
                    "int8",
                    0,
                    2,
                    1,
                    NmsOptions.DEFAULT,
                    DeviceSpec.CPU,
                    1,
                    true,
                    dir))
        .hasMessageContaining("amp_dtype must be one of");
    // DJL 0.36 aborts on BF16 arrays: refused without --half too (docs/deviations.md)
    assertThatThrownBy(
            () ->
                new InferOptions(
                    null,
                    null,
                    null,
                    1,
                    64,
                    false,
                    "bf16",
                    0,
                    2,
                    1,
                    NmsOptions.DEFAULT,
                    DeviceSpec.CPU,
                    1,
                    true,
                    dir))
        .hasMessageStartingWith("ampDtype bfloat16 is not available with DJL 0.36");
    Path empty = Files.createDirectory(dir.resolve("empty"));
    InferOptions noImages =
        new InferOptions(
            empty,
            null,
            null,
            1,
            64,
            false,
            "fp16",
            0,
            2,
            1,
            NmsOptions.DEFAULT,
            DeviceSpec.CPU,
            1,
            true,
            dir.resolve("out"));
    assertThatThrownBy(() -> InferProfiler.run(noImages, Progress.NONE))
        .isInstanceOf(LibreYoloException.class)
        .hasMessage("no images found at: " + empty + " (no jpg, png, bmp or tif file there)");
    Path file = Files.writeString(dir.resolve("file"), "x");
    InferOptions unwritable =
        options(file.resolve("sub"), 64, 0, 2, 1, true, null, NmsOptions.DEFAULT, 1);
    assertThatThrownBy(() -> InferProfiler.run(unwritable, Progress.NONE))
        .hasMessageContaining("cannot write under project");
    assertThat(dir.resolve("out")).doesNotExist();
  }
}
