package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.result.Json;

/**
 * ONNX models through {@code profile infer}, run by ONNX Runtime (docs/onnx.md): the model line
 * names the engine, ONNX Runtime's kernels are the trace's ops and the readers read them, the work
 * counter matches the same network as TorchScript and guards it, and bad models are one line.
 */
class OnnxInferTest {
  @TempDir Path dir;

  private static final String ONNX = "libreyolo-profile-core/src/test/resources/fixtures/onnx/";

  private static Path fixture(String name) {
    return Path.of("..").resolve(ONNX).resolve(name).toAbsolutePath().normalize();
  }

  private CliTest.Result infer(Path model, String project, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "profile",
                "infer",
                "--weights",
                model.toString(),
                "--threads",
                "1",
                "--imgsz",
                "64",
                "--warmup",
                "1",
                "--runs",
                "16", // the gate needs 3 blocks
                "--project",
                dir.resolve(project).toString()));
    args.addAll(List.of(extra));
    return CliTest.run(args.toArray(String[]::new));
  }

  @Test
  void anOnnxModelIsProfiledWithItsKernelsAsTheTracesOps() throws Exception {
    CliTest.Result r = infer(fixture("global_pool_classifier.onnx"), "narrow");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("(ONNX Runtime 1.22.0, provider CPUExecutionProvider)");
    Path profile = dir.resolve("narrow/infer/profile.json");
    JsonNode p = Json.MAPPER.readTree(profile.toFile());
    assertThat(p.path("environment").path("engine").asText()).startsWith("ONNX Runtime 1.22.0");
    assertThat(p.path("work").path("conv_macs_stride1_per_step").asLong())
        .isEqualTo(64L * 64 * 16 * 3 * 3 * 3);
    assertThat(p.path("work").path("matmul_macs_per_step").asLong()).isEqualTo(16L * 10);
    // the same network as TorchScript (16 channels): the same work in both engines
    CliTest.Result ts =
        infer(
            Path.of("..")
                .resolve(InferCommandTest.CLASSIFIER)
                .resolve("wide_pool_classifier.torchscript")
                .toAbsolutePath()
                .normalize(),
            "torchscript");
    assertThat(ts.code()).as(ts.err()).isZero();
    assertThat(
            Json.MAPPER
                .readTree(dir.resolve("torchscript/infer/profile.json").toFile())
                .get("work"))
        .isEqualTo(p.get("work"));
    CliTest.Result ops = CliTest.run("profile", "ops", profile.toString());
    assertThat(ops.code()).as(ops.err()).isZero();
    assertThat(ops.out()).contains("Conv", "Gemm");
    CliTest.Result summary = CliTest.run("profile", "summary", profile.toString());
    assertThat(summary.out()).contains("gemm / conv");
    boolean named = false;
    for (JsonNode e :
        Json.MAPPER
            .readTree(dir.resolve("narrow/infer/profile_trace.json").toFile())
            .path("traceEvents")) {
      named |= "Conv".equals(e.path("name").asText()) && e.path("args").has("node");
    }
    assertThat(named).as("ONNX Runtime's Conv kernel, its node named").isTrue();
    try (var files = Files.list(dir.resolve("narrow/infer"))) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .as("ONNX Runtime's own profile is read and removed")
          .containsExactlyInAnyOrder("profile.json", "profile_summary.json", "profile_trace.json");
    }
  }

  @Test
  void twiceTheConvolutionChannelsIsACountersRegression() {
    Path model = dir.resolve("model.onnx"); // one file, changed by a pull request
    for (String version : List.of("global_pool_classifier", "wide_pool_classifier")) {
      try {
        Files.copy(
            fixture(version + ".onnx"), model, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      CliTest.Result r = infer(model, version);
      assertThat(r.code()).as(r.err()).isZero();
    }
    CliTest.Result check =
        CliTest.run(
            "profile",
            "check",
            dir.resolve("global_pool_classifier/infer/profile.json").toString(),
            dir.resolve("wide_pool_classifier/infer/profile.json").toString());
    assertThat(check.code()).as(check.out()).isEqualTo(4);
    assertThat(check.out())
        .contains("work: convolution MACs (stride 1) +100.0%/step", "counters: REGRESSION");
  }

  @Test
  void badModelsAreOneLineAndWriteNothing() throws Exception {
    Path truncated = dir.resolve("truncated.onnx");
    byte[] bytes = Files.readAllBytes(fixture("global_pool_classifier.onnx"));
    Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length / 3));
    Path text = Files.writeString(dir.resolve("text.onnx"), "not a model\n");
    Path folder = Files.createDirectories(dir.resolve("folder.onnx"));
    record Case(Path model, String imgsz, String message) {}
    for (Case c :
        List.of(
            new Case(truncated, "64", "cannot load ONNX model " + truncated),
            new Case(text, "64", "cannot load ONNX model " + text),
            new Case(folder, "64", folder + " is a directory, not a weights file"),
            new Case(fixture("two_inputs.onnx"), "64", "takes 2 inputs (a, b)"),
            new Case(
                fixture("opset99_classifier.onnx"),
                "64",
                "cannot load ONNX model " + fixture("opset99_classifier.onnx")),
            new Case(
                fixture("fixed64_classifier.onnx"),
                "128",
                "has a fixed input shape [1, 3, 64, 64]"))) {
      CliTest.Result r =
          CliTest.run(
              "profile",
              "infer",
              "--weights",
              c.model().toString(),
              "--imgsz",
              c.imgsz(),
              "--project",
              dir.resolve("bad").toString());
      assertThat(r.code()).as(r.err()).isEqualTo(2);
      assertThat(r.err().strip()).contains(c.message()).doesNotContain("\n", "Exception");
      assertThat(dir.resolve("bad")).doesNotExist();
    }
    CliTest.Result train =
        CliTest.run(
            "profile",
            "run",
            "shapes128",
            "--weights",
            fixture("global_pool_classifier.onnx").toString(),
            "--project",
            dir.resolve("bad").toString());
    assertThat(train.code()).isEqualTo(2);
    assertThat(train.err()).contains("is an ONNX model, which runs inference only");
  }
}
