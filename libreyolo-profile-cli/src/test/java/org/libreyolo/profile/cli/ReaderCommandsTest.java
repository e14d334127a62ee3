package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.libreyolo.profile.internal.analysis.Traces;
import org.libreyolo.profile.result.Json;

/**
 * The readers on the reference's CLI test trace B (worked example B, docs/reference-behaviour.md),
 * text exactly as documented.
 */
class ReaderCommandsTest {
  @TempDir Path dir;
  String t;

  @BeforeEach
  void traceB() throws Exception {
    Path trace = Traces.traceB().write(dir.resolve("profile_trace.json"));
    Files.writeString(
        dir.resolve("profile_summary.json"),
        "{\"meta\":{\"model\":\"YOLOv9-t\",\"batch\":16},"
            + "\"real\":{\"step_ms\":0.3,\"img_per_s\":53.3,\"dataload_ms\":0.0,\"dataload_frac\":0.0},"
            + "\"composition_ms\":{\"forward\":0.05,\"backward\":0.06},\"bound\":\"host / launch\",\"bound_why\":\"test\"}");
    t = trace.toString();
  }

  static CliTest.Result run(String... args) {
    return CliTest.run(args);
  }

  @Test
  void summaryText() {
    CliTest.Result r = run("profile", "summary", t);
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .isEqualTo(
            String.join(
                "\n",
                "model YOLOv9-t  |  53.3 img/s  |  step 0.3 ms  |  3 kernels/step @ ~15us",
                "GPU util 15%  (0.05 ms busy)  |  Tensor Cores 33%  |  peak VRAM ? MB  |  memcpy 0.0 ms",
                "host overhead 0.26 ms/step  |  3 kernel launches/step",
                ">> HOST / LAUNCH: test",
                "kernel mix:",
                "  gemm / conv        55.6%   0.0 ms/step",
                "  reduction / norm   44.4%   0.0 ms/step",
                "top kernels/step:",
                "   44.4%   0.020 ms  x1    cudnn batchnorm (bwd)",
                "   33.3%   0.015 ms  x1    gemm [TC]",
                "   22.2%   0.010 ms  x1    gemm",
                ""));
  }

  @Test
  void getPhasesKernelsOps() {
    assertThat(run("profile", "get", t, "kernels_per_step").out()).isEqualTo("3\n");
    assertThat(run("profile", "get", t, "forward_kernels", "--json").out())
        .isEqualTo("{\"forward_kernels\": 1}\n");
    assertThat(run("profile", "get", t).out())
        .startsWith("available metrics:\n  backward_gpu_ms\n");
    assertThat(run("profile", "phases", t).out())
        .isEqualTo(
            String.join(
                "\n",
                "phase         gpu_ms  wall_ms  kernels     ops",
                "forward          0.0      0.1        1       1",
                "backward         0.0      0.1        2       1",
                ""));
    assertThat(run("profile", "kernels", t).out())
        .isEqualTo(
            String.join(
                "\n",
                "  %GPU   ms/step  x/step TC  kernel  [category]",
                " 44.44     0.020       1     cudnn batchnorm (bwd)  [reduction / norm]",
                " 33.33     0.015       1  Y  gemm  [gemm / conv]",
                " 22.22     0.010       1     gemm  [gemm / conv]",
                ""));
    assertThat(run("profile", "ops", t).out())
        .isEqualTo(
            String.join(
                "\n",
                "  %cpu   ms/step  x/step  op",
                " 55.56     0.050       1  aten::convolution_backward",
                " 44.44     0.040       1  aten::conv2d",
                ""));
  }

  @Test
  void kernelFilters() throws Exception {
    JsonNode tc =
        Json.MAPPER.readTree(run("profile", "kernels", t, "--tensorcore", "--json").out());
    assertThat(tc.get("matched").asInt()).isEqualTo(1);
    JsonNode grep =
        Json.MAPPER.readTree(run("profile", "kernels", t, "--grep", "SGEMM", "--json").out());
    assertThat(grep.get("kernels").get(0).get("raw_name").asText())
        .isEqualTo("ampere_sgemm_128x128_nt");
    JsonNode norm =
        Json.MAPPER.readTree(run("profile", "kernels", t, "--category", "NORM", "--json").out());
    assertThat(norm.get("matched").asInt()).isEqualTo(1);
    JsonNode byName =
        Json.MAPPER.readTree(
            run("profile", "kernels", t, "--sort", "name", "--top", "2", "--json").out());
    assertThat(byName.get("kernels")).hasSize(2);
    assertThat(byName.get("kernels").get(0).get("kernel").asText())
        .isEqualTo("cudnn batchnorm (bwd)");
    JsonNode phase =
        Json.MAPPER.readTree(run("profile", "kernels", t, "--phase", "backward", "--json").out());
    assertThat(phase.get("kernels").get(0).get("pct_of_gpu").asDouble())
        .isCloseTo(57.14, org.assertj.core.data.Offset.offset(0.01));
  }

  @Test
  void compareSameProfileIsASingleRun() {
    assertThat(run("profile", "compare", t, t).out())
        .isEqualTo(
            String.join(
                "\n",
                "img/s          53.3 -> 53.3 (+0%)  [single run, use 'run --repeat N' for a significance call]",
                "ms/image       0.019 -> 0.019 (+0%)   (batch-independent speed)",
                "GPU util       15% -> 15%",
                "host overhead  0.26 -> 0.26 ms/step",
                "launches/step  3 -> 3",
                "verdict        host / launch -> host / launch",
                ""));
  }

  @Test
  void whatIfProjections() throws Exception {
    assertThat(run("profile", "what-if", t, "--remove-launches", "2").out())
        .isEqualTo(
            String.join(
                "\n",
                "what-if [host / launch]: host/launch-bound: ~2 fewer launches x ~87us host cost",
                "  step   0.3 -> ~0 ms",
                "  img/s  53.3 -> ~126316 (+236890%)",
                "  (rough, verify by actually profiling the change)",
                ""));
    JsonNode launches =
        Json.MAPPER.readTree(
            run("profile", "what-if", t, "--remove-launches", "2", "--json").out());
    assertThat(launches.get("removed").toString()).isEqualTo("{\"gpu_ms\":0.0,\"launches\":2}");
    assertThat(launches.get("step_ms").toString()).isEqualTo("{\"now\":0.3,\"projected\":0.1}");
    assertThat(launches.get("img_per_s").get("projected").asDouble()).isEqualTo(126315.8);
    JsonNode norm =
        Json.MAPPER.readTree(
            run("profile", "what-if", t, "--remove-category", "norm", "--json").out());
    assertThat(norm.get("removed").toString()).isEqualTo("{\"gpu_ms\":0.02,\"launches\":1}");
    assertThat(norm.get("step_ms").get("projected").asDouble()).isEqualTo(0.2);
    assertThat(norm.get("img_per_s").get("projected").asDouble()).isEqualTo(75000.0);
    assertThat(norm.get("caveat").asText()).contains("rough estimate");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "profile what-if T | 2 | specify --remove-category or --remove-launches",
        "profile what-if T --remove-category tensor | 2 | no category matching 'tensor'. have: gemm / conv, reduction / norm",
        "profile get T nope | 2 | unknown metric 'nope'. run 'profile get T' to list metrics.",
        "profile kernels T --phase optimizer | 2 | unknown phase 'optimizer'. available: forward, backward",
        "profile ops T --phase dataload | 2 | unknown phase 'dataload'. available: forward, backward",
        "profile kernels T --grep ( | 2 | invalid --grep regex '('",
        "profile summary MISSING | 2 | not found: MISSING",
        "profile compare T MISSING | 2 | not found: MISSING",
        "profile summary BROKEN | 1 | failed to analyse BROKEN",
      })
  void errorsExitWithOneLine(String command, int code, String message) throws Exception {
    Path broken = Files.writeString(dir.resolve("broken.json"), "{\"traceEvents\": [1, 2");
    String missing = dir.resolve("missing.json").toString();
    String[] args =
        command
            .replace("MISSING", missing)
            .replace("BROKEN", broken.toString())
            .replace(" T", " " + t)
            .split(" ");
    CliTest.Result r = run(args);
    assertThat(r.code()).isEqualTo(code);
    assertThat(r.err())
        .contains(
            message
                .replace("MISSING", missing)
                .replace("BROKEN", broken.toString())
                .replaceAll("\\bT\\b", java.util.regex.Matcher.quoteReplacement(t)))
        .hasLineCount(1)
        .doesNotContain("\tat ");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void readersWorkOnTheRealGpuTraces() {
    Path a100 = org.libreyolo.profile.TestEngine.fixture("gpu-traces/a100-train-control.json.gz");
    CliTest.Result r = run("profile", "summary", a100.toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains(">> COMPUTE: GPU ~100% busy", "Tensor Cores 14%", "kernel mix:");
    assertThat(run("profile", "get", a100.toString(), "launches_per_step").out())
        .isEqualTo("1428\n");
  }

  @Test
  void reportWritesSelfContainedHtmlForOneAndForTwoProfiles() throws Exception {
    CliTest.Result one = run("profile", "report", t);
    assertThat(one.code()).as(one.err()).isZero();
    Path html = dir.resolve("report.html");
    assertThat(one.out()).isEqualTo("report: " + html + "\n");
    assertThat(Files.readString(html))
        .contains("<svg", "Kernel mix by category")
        .doesNotContain("<script");
    Path out = dir.resolve("cmp.html");
    CliTest.Result two = run("profile", "report", t, t, "--out", out.toString());
    assertThat(two.code()).isZero();
    assertThat(Files.readString(out)).contains("comparison", "Kernel-category change");
    assertThat(run("profile", "report", dir.resolve("nope.json").toString()).code()).isEqualTo(2);
  }

  @Test
  void bareProfileListsItsSubcommands() {
    CliTest.Result r = run("profile");
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .contains(
            "infer", "summary", "get", "phases", "kernels", "ops", "compare", "what-if", "report");
  }
}
