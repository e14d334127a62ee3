package org.libreyolo.profile.internal.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.result.Profile;

/** The reference's worked example A, derived from the rules in docs/reference-behaviour.md. */
class TraceAnalyzerTest {
  @TempDir Path dir;

  private Profile analyzeA() {
    return TraceAnalyzer.analyze(Traces.traceA().write(dir.resolve("trace.json")));
  }

  @Test
  void traceAScalars() {
    JsonNode p = analyzeA().json();
    assertThat(p.get("schema").asText()).isEqualTo("libreyolo.profile.analysis/v1");
    assertThat(p.get("kernels_per_step").asLong()).isEqualTo(5);
    assertThat(p.get("launches_per_step").asLong()).isEqualTo(5);
    assertThat(p.get("unique_kernels").asLong()).isEqualTo(5);
    assertThat(p.get("mean_kernel_us").asDouble()).isEqualTo(11.6);
    assertThat(p.get("tensorcore_pct").asDouble()).isEqualTo(25.9);
    assertThat(p.get("gpu_busy_ms_per_step").asDouble()).isEqualTo(0.06);
    assertThat(p.get("step_ms").asDouble()).isEqualTo(0.1);
    assertThat(p.get("gpu_util").asDouble()).isEqualTo(0.58);
    assertThat(p.get("host_overhead_ms_per_step").asDouble()).isEqualTo(0.04);
    assertThat(p.get("memcpy_ms_per_step").asDouble()).isEqualTo(0.003);
    assertThat(p.get("window").toString()).isEqualTo("{\"wall_ms\":0.3,\"real_steps\":3}");
    assertThat(p.get("bound").asText()).isEqualTo("host / launch");
    assertThat(p.get("bound_why").asText())
        .isEqualTo(
            "GPU only ~58% busy \u2014 tiny kernels / host overhead (dataloader stall not measurable from trace alone)");
    assertThat(p.get("img_per_s").isNull()).isTrue();
    assertThat(p.get("kernel_source").asText()).isEqualTo("gpu-kernels");
  }

  @Test
  void traceAListsAndMetrics() {
    JsonNode p = analyzeA().json();
    assertThat(rows(p.get("categories"), "name", "pct", "ms_per_step"))
        .containsExactly(
            "gemm / conv 43.1 0.025",
            "reduction / norm 34.5 0.02",
            "layout / copy 13.8 0.008",
            "elementwise 8.6 0.005");
    assertThat(rows(p.get("kernels"), "kernel", "pct_of_gpu", "tensorcore"))
        .containsExactly(
            "cudnn batchnorm (bwd) 34.48 false",
            "gemm 25.86 true",
            "gemm 17.24 false",
            "layout nchw->nhwc 13.79 false",
            "elementwise 8.62 false");
    assertThat(
            rows(
                p.get("phases"),
                "phase",
                "gpu_ms_per_step",
                "kernels_per_step",
                "ops_per_step",
                "wall_ms_per_step"))
        .containsExactly("forward 0.023 3 1 null", "backward 0.035 2 1 null");
    assertThat(rows(p.get("ops"), "op", "pct_of_cpu_ops"))
        .containsExactly("aten::convolution_backward 55.56", "aten::conv2d 44.44");
    List<String> keys = new ArrayList<>();
    p.get("metrics").fieldNames().forEachRemaining(keys::add);
    assertThat(keys.stream().sorted().toList())
        .containsExactly(
            ("backward_gpu_ms backward_kernels backward_ops"
                    + " backward_wall_ms bound cuda_mallocs_per_step dataload_frac dataload_ms forward_gpu_ms forward_kernels"
                    + " forward_ops forward_wall_ms gpu_busy_ms gpu_util host_overhead_ms img_per_s kernels_per_step"
                    + " launches_per_step mean_kernel_us memcpy_ms memory_pressure ops_per_step peak_vram_mb step_ms"
                    + " tensorcore_pct unique_kernels")
                .split(" "));
    assertThat(p.get("top_kernels")).hasSize(5);
    assertThat(p.get("kernels_by_phase").get("forward")).hasSize(3);
  }

  @Test
  void topLevelKeysFollowTheReferenceOrderThenOurs() {
    List<String> keys = new ArrayList<>();
    analyzeA().json().fieldNames().forEachRemaining(keys::add);
    assertThat(keys)
        .startsWith(
            "schema",
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
            "kernel_source");
  }

  @Test
  void traceAWithSummaryTakesThroughputAndVerdictFromIt() throws Exception {
    Path trace = Traces.traceA().write(dir.resolve("trace.json"));
    Files.writeString(
        dir.resolve("profile_summary.json"),
        "{\"meta\":{\"model\":\"YOLOv9-t\",\"batch\":16},"
            + "\"real\":{\"step_ms\":100.0,\"img_per_s\":10.0,\"dataload_ms\":1.0,\"dataload_frac\":0.01},"
            + "\"composition_ms\":{\"forward\":0.05,\"backward\":0.06,\"to_device\":0.01,\"optimizer\":0.005},"
            + "\"bound\":\"dataloader\",\"bound_why\":\"from summary\",\"analysis\":{\"peak_vram_mb\":1234.0}}");
    JsonNode p = TraceAnalyzer.analyze(trace).json();
    assertThat(p.get("bound").asText()).isEqualTo("dataloader");
    assertThat(p.get("bound_why").asText()).isEqualTo("from summary");
    assertThat(p.get("step_ms").asDouble()).isEqualTo(100.0);
    assertThat(p.get("img_per_s").asDouble()).isEqualTo(10.0);
    assertThat(p.get("gpu_util").asDouble()).isEqualTo(0.001);
    assertThat(p.get("host_overhead_ms_per_step").asDouble()).isEqualTo(98.94);
    assertThat(p.get("peak_vram_mb").asDouble()).isEqualTo(1234.0);
    assertThat(rows(p.get("phases"), "phase", "wall_ms_per_step"))
        .containsExactly("forward 0.05", "backward 0.06");
    assertThat(p.get("model").asText()).isEqualTo("YOLOv9-t");
  }

  @Test
  void twentyMallocsRaiseMemoryPressure() {
    Traces t = Traces.traceA();
    for (int i = 0; i < 20; i++) {
      t.x("cuda_runtime", "cudaMalloc", 250 + i, 0.5);
    }
    JsonNode p = TraceAnalyzer.analyze(t.write(dir.resolve("trace.json"))).json();
    assertThat(p.get("cuda_mallocs_per_step").asLong()).isEqualTo(6);
    assertThat(p.get("memory_pressure").asBoolean()).isTrue();
    assertThat(p.get("bound").asText()).isEqualTo("memory-pressure");
    assertThat(p.get("bound_why").asText())
        .startsWith("allocator thrash (~6 cudaMalloc/free per step)");
  }

  @Test
  void traceBCountsThreeKernelsPerStep() {
    JsonNode p = TraceAnalyzer.analyze(Traces.traceB().write(dir.resolve("trace.json"))).json();
    assertThat(p.get("metrics").get("kernels_per_step").asLong()).isEqualTo(3);
    assertThat(p.get("metrics").get("forward_kernels").asLong()).isEqualTo(1);
  }

  @Test
  void noMarkersMeansEverythingCountsAsOneStep() {
    Traces t = new Traces();
    t.x("kernel", "k", 10, 5).x("kernel", "k", 1000, 5);
    JsonNode p = TraceAnalyzer.analyze(t.write(dir.resolve("trace.json"))).json();
    assertThat(p.get("window").get("real_steps").asInt()).isEqualTo(1);
    assertThat(p.get("kernels_per_step").asLong()).isEqualTo(2);
    assertThat(p.get("window").get("wall_ms").asDouble()).isEqualTo(0.0);
    assertThat(rows(p.get("phases"), "phase")).containsExactly("unphased");
  }

  static List<String> rows(JsonNode array, String... fields) {
    List<String> out = new ArrayList<>();
    for (JsonNode row : array) {
      List<String> parts = new ArrayList<>();
      for (String f : fields) {
        parts.add(row.get(f).isNull() ? "null" : row.get(f).asText());
      }
      out.add(String.join(" ", parts));
    }
    return out;
  }
}
