package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.result.Json;

class RunCommandTest {
  @TempDir Path dir;

  @Test
  void shortRunPrintsTheReferenceLinesAndTheAmpNote() {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "run",
            "shapes8",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "64",
            "--batch",
            "2",
            "--steps",
            "2",
            "--warmup",
            "0",
            "--workers",
            "1",
            "--amp",
            "--project",
            dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    String[] lines = r.out().split("\n");
    assertThat(lines[0]).matches("img/s: [0-9.]+  \\|  (compute|host / launch|dataloader)");
    assertThat(lines[1]).isEqualTo("profile: " + dir.resolve("prof").resolve("profile.json"));
    assertThat(lines[2])
        .isEqualTo(
            "next:    libreyolo profile summary " + dir.resolve("prof").resolve("profile.json"));
    assertThat(r.err()).contains("--amp is recorded but not applied");
  }

  @Test
  @Tag("slow")
  void autoBatchReportsTheBatchItChoseAndRecordsIt() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "run",
            "shapes128",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "32",
            "--batch",
            "-1",
            "--steps",
            "2",
            "--warmup",
            "0",
            "--workers",
            "1",
            "--project",
            dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode config =
        Json.MAPPER.readTree(dir.resolve("prof").resolve("profile.json").toFile()).get("config");
    int batch = config.get("batch").asInt();
    assertThat(config.get("batch_auto").asBoolean()).isTrue();
    assertThat(Integer.bitCount(batch)).as("a power of two: %s", batch).isEqualTo(1);
    assertThat(r.err())
        .contains("note: --batch -1 chose batch " + batch + " (the largest power of two up to 64")
        .as("no AMP note when --amp was not given")
        .doesNotContain("--amp is recorded");
  }

  @Test
  @Tag("slow")
  void jsonOutputAndNoAmpNoteWithNoAmp() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "run",
            "shapes8",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "64",
            "--batch",
            "2",
            "--steps",
            "2",
            "--warmup",
            "0",
            "--workers",
            "0",
            "--no-amp",
            "--json",
            "--project",
            dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = Json.MAPPER.readTree(r.out());
    assertThat(j.fieldNames())
        .toIterable()
        .containsExactly(
            "profile", "trace", "img_per_s", "img_per_s_std", "img_per_s_n", "bound", "gpu_util");
    assertThat(r.err()).doesNotContain("--amp");
  }

  @Test
  void exitCodes() {
    assertThat(
            CliTest.run(
                    "profile",
                    "run",
                    "shapes3",
                    "--device",
                    "cpu",
                    "--threads",
                    "1",
                    "--imgsz",
                    "64",
                    "--batch",
                    "4",
                    "--steps",
                    "2",
                    "--project",
                    dir.toString())
                .code())
        .isEqualTo(3);
    CliTest.Result missing =
        CliTest.run("profile", "run", "coco128", "--device", "cpu", "--project", dir.toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("shapes128").hasLineCount(1);
    assertThat(CliTest.run("profile", "run", "shapes8", "--device", "cpu", "--steps", "0").code())
        .isEqualTo(2);
    assertThat(
            CliTest.run("profile", "run", "shapes8", "--device", "cpu", "--workers", "-1").code())
        .isEqualTo(2);
    assertThat(CliTest.run("profile", "run", "--device", "cpu").code()).isEqualTo(2);
  }
}
