package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.libreyolo.profile.python.PyJson;

class InferCommandTest {
  @TempDir Path dir;

  @Test
  void textOutputFollowsTheReferenceAndTheProfileReadsBack() {
    CliTest.Result r = CliTest.run("profile", "infer", "--device", "cpu", "--threads", "1", "--imgsz", "64",
        "--warmup", "1", "--runs", "4", "--project", dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    String[] lines = r.out().split("\n");
    assertThat(lines).hasSize(5);
    assertThat(lines[0]).matches("latency  p50 [0-9.]+ ms \\| p90 [0-9.]+ ms \\| p99 [0-9.]+ ms  \\|  [0-9.]+ img/s");
    assertThat(lines[1]).matches("stages   preprocess [0-9.]+ ms \\| forward [0-9.]+ ms \\| postprocess/NMS [0-9.]+ ms");
    assertThat(lines[2]).startsWith(">> COMPUTE: forward dominates the step (").endsWith(" ms) \u2014 CPU-bound");
    Path profile = dir.resolve("infer").resolve("profile.json");
    assertThat(lines[3]).isEqualTo("profile: " + profile);
    assertThat(lines[4]).isEqualTo("next:    libreyolo profile summary " + profile);
    CliTest.Result summary = CliTest.run("profile", "summary", profile.toString());
    assertThat(summary.code()).isZero();
    assertThat(summary.out()).contains("(2 samples)", "CPU busy", "leaf op");
  }

  @Test
  void jsonOutputHasTheReferenceKeysInOrder() throws Exception {
    CliTest.Result r = CliTest.run("profile", "infer", "--device", "cpu", "--threads", "1", "--imgsz", "64",
        "--warmup", "0", "--runs", "2", "--repeat", "2", "--no-trace", "--project", dir.toString(), "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = PyJson.MAPPER.readTree(r.out());
    List<String> keys = new ArrayList<>();
    j.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("profile", "mode", "img_per_s", "img_per_s_std", "img_per_s_n", "latency_p50_ms",
        "latency_p90_ms", "latency_p99_ms", "bound", "stages_ms");
    assertThat(j.get("profile").asText()).isEqualTo(dir.resolve("infer_repeat.json").toString());
    assertThat(j.get("img_per_s_n").asInt()).isEqualTo(2);
    assertThat(j.get("img_per_s_std").isNumber()).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "--runs 0 | --runs must be >= 2",
    "--runs 1 | --runs must be >= 2",
    "--warmup -1 | --warmup must be >= 0",
    "--repeat -2 | --repeat must be >= 0",
    "--half | --half needs a CUDA device; on CPU the profile runs in float32",
    "--amp-dtype int4 | amp_dtype must be one of: bf16, bfloat16, float16, fp16; got 'int4'",
    "--imgsz 33 | --imgsz must be a positive multiple of 32",
    "--conf 7 | --conf must be within [0, 1]",
    "--threads 0 | --threads must be >= 1",
  })
  void badFlagsExitTwoBeforeAnyWork(String flags, String message) {
    List<String> args = new ArrayList<>(List.of("profile", "infer", "--device", "cpu", "--project", dir.resolve("p").toString()));
    args.addAll(List.of(flags.trim().split(" ")));
    CliTest.Result r = CliTest.run(args.toArray(String[]::new));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains(message).hasLineCount(1);
    assertThat(dir.resolve("p")).doesNotExist();
  }

  @Test
  void cudaDeviceWithoutCudaFailsBeforeWritingAnything() {
    CliTest.Result r = CliTest.run("profile", "infer", "--project", dir.resolve("p").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("no CUDA device/engine is available", "--device cpu");
    assertThat(dir.resolve("p")).doesNotExist();
  }

  /** {@code --device auto}: the CPU on this build, recorded as the device it decided on. */
  @Test
  void autoDeviceIsDecidedAndRecorded() throws Exception {
    CliTest.Result r = CliTest.run("profile", "infer", "--device", "auto", "--threads", "1", "--imgsz", "64",
        "--warmup", "1", "--runs", "4", "--no-trace", "--project", dir.resolve("auto").toString());
    assertThat(r.code()).as(r.err()).isZero();
    com.fasterxml.jackson.databind.JsonNode p = org.libreyolo.profile.python.PyJson.MAPPER.readTree(
        dir.resolve("auto/infer/profile.json").toFile());
    assertThat(p.get("device").asText()).isEqualTo("cpu");
    assertThat(p.get("config").get("device").asText()).isEqualTo("cpu");
  }
}
