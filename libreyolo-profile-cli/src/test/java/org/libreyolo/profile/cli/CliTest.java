package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.libreyolo.profile.internal.io.Npz;
import org.libreyolo.profile.internal.io.Tensor;

class CliTest {
  @TempDir Path dir;

  /**
   * A run's exit code and output; {@code err} without the heartbeat's {@code progress:} lines (a
   * stage still running after 2 s says so, as a loaded machine loading libtorch does: not part of
   * any error; ProgressLogTest tests them).
   */
  record Result(int code, String out, String err) {}

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    String errors =
        err.toString()
            .lines()
            .filter(l -> !l.startsWith("progress: "))
            .map(l -> l + "\n")
            .collect(java.util.stream.Collectors.joining());
    return new Result(code, out.toString(), errors);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "predict --device 0 --threads 1 | no CUDA device/engine is available",
        "predict --device cpu --threads 1 /no/such/image.jpg | no images found at: /no/such/image.jpg",
        "predict --device cpu --imgsz 100 | --imgsz must be a positive multiple of 32",
        "predict --device cpu --imgsz 0 | --imgsz must be a positive multiple of 32",
        "predict --device cpu --batch 0 | --batch must be >= 1",
        "predict --device cpu --max-det 0 | --max-det must be >= 1",
        "predict --device cpu --conf 1.5 | --conf must be within [0, 1]",
        "predict --device cpu --iou -0.1 | --iou must be within [0, 1]",
        "predict --device cpu --size x | unknown --size 'x'",
        "predict --device tpu | unknown --device 'tpu'",
        "predict weights=LibreYOLO9t.pt | --weights LibreYOLO9t.pt (not weights=LibreYOLO9t.pt)",
        "predict --device cpu --weights missing.npz | weights file not found: missing.npz",
        "predict --device cpu --no-such-flag | Unknown option",
        "model info --size e | unknown --size 'e'",
      })
  void badInputExitsTwoWithOneLine(String args, String message) {
    Result r = run(args.trim().split("\\s+"));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains(message).doesNotContain("\tat ").hasLineCount(1);
    assertThat(r.out()).isEmpty();
  }

  @Test
  void emptyDirectoryAndCorruptImageAreBadInput() throws Exception {
    Result empty = run("predict", "--device", "cpu", "--threads", "1", dir.toString());
    assertThat(empty.code()).isEqualTo(2);
    assertThat(empty.err()).contains("no images found at: " + dir);
    Path corrupt = Files.writeString(dir.resolve("broken.jpg"), "not a jpeg");
    Result bad = run("predict", "--device", "cpu", "--threads", "1", corrupt.toString());
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("cannot decode image").hasLineCount(1);
  }

  @Test
  void npzWithoutInputIsBadInput() {
    Path file = dir.resolve("x.npz");
    org.libreyolo.profile.internal.io.AtomicFiles.write(
        file,
        out ->
            Npz.writeFloat32(
                out, Map.of("other", new Npz.FloatArray(new float[1], new long[] {1}))));
    Result r = run("predict", "--device", "cpu", "--threads", "1", file.toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("has no 'input' array");
  }

  @Test
  void predictPrintsDetectionsAsJsonAndSavesRawPredictions() throws Exception {
    Path raw = dir.resolve("raw.npz");
    Result r =
        run(
            "predict",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "128",
            "--conf",
            "0.0",
            "--max-det",
            "5",
            "--json",
            "--save-raw",
            raw.toString());
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode images = new ObjectMapper().readTree(r.out());
    assertThat(images).hasSize(1);
    assertThat(images.get(0).get("image").asText()).isEqualTo("coffee.jpg");
    assertThat(images.get(0).get("weights").asText()).isEqualTo("random-init");
    assertThat(images.get(0).get("detections")).hasSize(5);
    JsonNode box = images.get(0).get("detections").get(0).get("box");
    assertThat(box.get(2).asDouble()).isLessThanOrEqualTo(600.0);
    Tensor predictions = Npz.read(raw).get("predictions");
    assertThat(predictions.shape()).containsExactly(1, 84, 16 * 16 + 8 * 8 + 4 * 4);
  }

  @Test
  void npzInputSkipsPreprocessing() throws Exception {
    Path io = Path.of(getClass().getResource("/libreyolo9t-input.npz").toURI());
    Result r = run("predict", "--device", "cpu", "--threads", "1", io.toString(), "--json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(new ObjectMapper().readTree(r.out()).get(0).get("image").asText()).endsWith("[0]");
  }

  @Test
  void modelInfoReportsParametersGflopsAndOutputShape() throws Exception {
    Result r = run("model", "info", "--size", "t", "--nc", "3", "--imgsz", "320", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode info = new ObjectMapper().readTree(r.out());
    assertThat(info.get("params").asLong()).isEqualTo(1_913_817);
    assertThat(info.get("output_shape").toString()).isEqualTo("[1,7,2100]");
    assertThat(info.get("gflops").asDouble()).isPositive();
  }

  @Test
  void bareCommandsListTheirSubcommands() {
    Result r = run();
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("predict", "model", "bench");
  }
}
