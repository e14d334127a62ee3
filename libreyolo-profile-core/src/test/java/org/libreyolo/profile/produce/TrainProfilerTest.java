package org.libreyolo.profile.produce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.TrainResult;

class TrainProfilerTest {
  @TempDir static Path cache;
  @TempDir Path dir;

  @BeforeAll
  static void boot() {
    TestEngine.boot();
  }

  static TrainOptions options(
      String data, Path project, int batch, int steps, int warmup, int repeat) {
    return new TrainOptions(
        data,
        null,
        null,
        batch,
        64,
        1,
        true,
        steps,
        warmup,
        repeat,
        DeviceSpec.CPU,
        1,
        project,
        cache);
  }

  /**
   * Two trials of a short run (one training run costs seconds: one covers both): each trial's
   * profile with its phases, trace and compensation, then the reference's aggregate over them. One
   * trial alone writes {@code prof/} ({@code RunCommandTest}).
   */
  @Test
  @Tag("slow")
  void eachTrialWritesItsTrainingProfileAndRepeatTheReferenceAggregate() throws Exception {
    TrainResult r = TrainProfiler.run(options("shapes8", dir, 2, 2, 1, 2), Progress.NONE);
    Path run = dir.resolve("prof_1");
    assertThat(run.toFile().list())
        .contains("profile.json", "profile_trace.json", "profile_summary.json");
    JsonNode p = Json.MAPPER.readTree(run.resolve("profile.json").toFile());
    List<String> phases = new ArrayList<>();
    p.get("phases").forEach(e -> phases.add(e.get("phase").asText()));
    assertThat(phases).startsWith("dataload", "to_device", "forward", "backward", "optimizer");
    assertThat(p.get("img_per_s").asDouble()).isPositive();
    assertThat(p.get("bound").asText()).isIn("compute", "host / launch", "dataloader");
    assertThat(p.get("config").get("amp_applied").asBoolean()).isFalse();
    assertThat(p.get("samples").get("step_ms")).hasSize(1);
    assertThat(p.get("samples").get("last_loss").get("total").asDouble()).isPositive();
    JsonNode summary = Json.MAPPER.readTree(run.resolve("profile_summary.json").toFile());
    assertThat(summary.get("composition_ms").has("backward")).isTrue();
    assertThat(p.get("metrics").get("backward_ops").asInt()).isGreaterThan(100);
    // the profiler's cost is taken out; what the trace said as recorded stays beside it
    JsonNode c = p.get("profiler_compensation");
    assertThat(c.get("applied").asBoolean()).isTrue();
    assertThat(c.get("phase_scale").has("backward")).isTrue();
    assertThat(c.get("raw").get("bound").asText()).isIn("compute", "host / launch", "dataloader");
    assertThat(c.get("raw").get("gpu_busy_ms_per_step").asDouble())
        .isGreaterThanOrEqualTo(p.get("gpu_busy_ms_per_step").asDouble());

    assertThat(r.reported()).isEqualTo(dir.resolve("profile_repeat.json"));
    JsonNode a = Json.MAPPER.readTree(r.reported().toFile());
    assertThat(a.get("img_per_s_n").asInt()).isEqualTo(2);
    assertThat(a.get("aggregation").get("n").asInt()).isEqualTo(2);
    assertThat(a.get("aggregation").get("note").asText()).startsWith("scalar metrics are averaged");
    assertThat(a.get("metrics").has("gpu_util_raw")).isTrue();
    assertThat(a.get("kernels_per_step").isIntegralNumber()).isTrue();
    assertThat(a.get("samples").get("step_ms_per_trial")).hasSize(2);
  }

  @Test
  void aDatasetSmallerThanABatchProducesNoProfile() {
    assertThatThrownBy(() -> TrainProfiler.run(options("shapes3", dir, 4, 2, 0, 1), Progress.NONE))
        .isInstanceOfSatisfying(
            LibreYoloException.class,
            e -> assertThat(e.kind()).isEqualTo(LibreYoloException.Kind.NO_PROFILE))
        .hasMessage(
            "no profile produced for run 0: the dataset has 3 training images, fewer than one batch of 4."
                + " Use a smaller batch or a larger dataset.");
  }

  @Test
  void unknownDatasetsSayWhereTheyLookedAndNameTheBuiltIn() {
    assertThatThrownBy(() -> TrainProfiler.run(options("coco128", dir, 2, 2, 0, 1), Progress.NONE))
        .hasMessageContaining("dataset 'coco128' not found")
        .hasMessageContaining("shapes128");
  }

  @Test
  void badLabelsAndYamlsAreBadInputWithFileAndLine() throws Exception {
    Path root = dir.resolve("ds");
    Files.createDirectories(root.resolve("images/train"));
    Files.createDirectories(root.resolve("labels/train"));
    Files.copy(
        TestEngine.fixture("../org/libreyolo/profile/sample/coffee.jpg"),
        root.resolve("images/train/a.jpg"));
    Path yaml =
        Files.writeString(
            root.resolve("data.yaml"), "path: .\ntrain: images/train\nnc: 2\nnames: [a, b]\n");
    Path label = root.resolve("labels/train/a.txt");
    Files.writeString(label, "0 0.5 0.5 0.2 0.2\n1 0.5 x 0.2 0.2\n");
    assertThatThrownBy(
            () -> TrainProfiler.run(options(yaml.toString(), dir, 1, 2, 0, 1), Progress.NONE))
        .hasMessageContaining("malformed label at " + label + ":2");
    Files.writeString(label, "2 0.5 0.5 0.2 0.2\n");
    assertThatThrownBy(
            () -> TrainProfiler.run(options(yaml.toString(), dir, 1, 2, 0, 1), Progress.NONE))
        .hasMessageContaining(label + ":1 has class 2 outside 0..1");
    Files.writeString(label, "0 0.5 1.5 0.2 0.2\n");
    assertThatThrownBy(
            () -> TrainProfiler.run(options(yaml.toString(), dir, 1, 2, 0, 1), Progress.NONE))
        .hasMessageContaining("coordinate outside [0, 1]");
    Files.writeString(yaml, "path: .\ntrain: ../../etc\nnames: [a, b]\n");
    assertThatThrownBy(
            () -> TrainProfiler.run(options(yaml.toString(), dir, 1, 2, 0, 1), Progress.NONE))
        .hasMessageContaining("escapes the dataset root");
    Files.writeString(yaml, "path: .\ntrain: images/train\nnc: 3\nnames: [a, b]\n");
    assertThatThrownBy(
            () -> TrainProfiler.run(options(yaml.toString(), dir, 1, 2, 0, 1), Progress.NONE))
        .hasMessageContaining("nc 3 does not match the 2 names");
    Files.writeString(yaml, "path: [unclosed\n");
    assertThatThrownBy(
            () -> TrainProfiler.run(options(yaml.toString(), dir, 1, 2, 0, 1), Progress.NONE))
        .hasMessageContaining("malformed data YAML");
  }

  @Test
  void optionsAreValidatedFirst() {
    assertThatThrownBy(() -> options("shapes8", dir, 2, 0, 0, 1))
        .hasMessageContaining("steps must be >= 2");
    assertThatThrownBy(() -> options("shapes8", dir, 2, 2, -1, 1))
        .hasMessageContaining("warmup must be >= 0");
    assertThatThrownBy(() -> options("shapes8", dir, -2, 2, 0, 1))
        .hasMessageContaining("batch must be >= 1, or -1");
    assertThatThrownBy(
            () ->
                new TrainOptions(
                    "shapes8", null, null, 2, 64, -1, true, 2, 0, 1, DeviceSpec.CPU, 1, dir, cache))
        .hasMessageContaining("workers must be >= 0");
  }
}
