package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.result.Json;

/** {@code profile ab}: both arms in one process, alternating blocks, the verdict from the pairs. */
class AbCommandTest {
  @TempDir Path dir;

  @Test
  @Tag("slow")
  void aaRunAlternatesTheArmsAndWritesEveryPair() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "ab",
            "--baseline-weights",
            "LibreYOLO9t.pt",
            "--weights",
            "LibreYOLO9t.pt",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "64",
            "--warmup",
            "2",
            "--pairs",
            "6",
            "--block-runs",
            "3",
            "--looks",
            "1", // fixed length: all 6 pairs
            "--project",
            dir.toString());
    JsonNode ab = Json.MAPPER.readTree(dir.resolve("ab.json").toFile());
    assertThat(r.code())
        .as(r.err())
        .isEqualTo(ab.get("verdict").asText().equals("REGRESSION") ? 4 : 0);
    assertThat(r.out()).contains("A/B  random-init (A) vs random-init (B): 6 pairs", "verdict: ");
    assertThat(ab.get("schema").asText()).isEqualTo("libreyolo.profile.ab/v1");
    assertThat(ab.get("pairs")).hasSize(6);
    // the pairs began after alternating blocks let the JIT settle (at most 5 s), recorded
    assertThat(ab.get("settle_rounds").asInt()).isPositive();
    assertThat(ab.has("settled")).isTrue();
    assertThat(ab.get("pairs").get(0).get("order").asText()).isEqualTo("AB");
    assertThat(ab.get("pairs").get(1).get("order").asText()).isEqualTo("BA");
    double low = ab.get("ci_low").asDouble();
    double high = ab.get("ci_high").asDouble();
    assertThat(ab.get("change").asDouble())
        .isBetween(low, high); // the estimate inside its own interval
    assertThat(ab.get("config").get("imgsz").asInt()).isEqualTo(64);
    // each arm traced after the pairs: what changed between them, judged by the paired interval
    assertThat(dir.resolve("ab/a/profile_trace.json")).exists();
    assertThat(dir.resolve("ab/b/profile_trace.json")).exists();
    JsonNode diff = ab.get("diff");
    assertThat(diff.get("level").asText()).isEqualTo("op calls");
    assertThat(diff.get("interval").get("change").asDouble())
        .isEqualTo(ab.get("change").asDouble());
    assertThat(diff.get("contributors").size()).isGreaterThan(100); // LibreYOLO9t's calls of a step
    assertThat(r.out()).contains("what changed: step ");
  }

  @Test
  void badInputExitsTwoWithOneLine() {
    CliTest.Result pairs =
        CliTest.run(
            "profile",
            "ab",
            "--baseline-weights",
            "LibreYOLO9t.pt",
            "--device",
            "cpu",
            "--pairs",
            "2",
            "--project",
            dir.toString());
    assertThat(pairs.code()).isEqualTo(2);
    assertThat(pairs.err().strip()).isEqualTo("--pairs must be >= 4 for a paired interval, got 2");
    CliTest.Result missing =
        CliTest.run("profile", "ab", "--device", "cpu", "--project", dir.toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("--baseline-weights");
    CliTest.Result looks =
        CliTest.run(
            "profile",
            "ab",
            "--baseline-weights",
            "LibreYOLO9t.pt",
            "--device",
            "cpu",
            "--looks",
            "0",
            "--project",
            dir.toString());
    assertThat(looks.code()).isEqualTo(2);
    assertThat(looks.err().strip())
        .isEqualTo("--looks must be within 1 (only at the end) and 10, got 0");
    assertThat(dir.resolve("ab.json")).doesNotExist();
  }

  /**
   * An export with layers four times as wide is slower by about +100-200%: the first of four looks
   * (a quarter of the pairs) decides, and the A/B stops there.
   */
  @Test
  @Tag("slow")
  void aClearChangeStopsAtTheFirstLook() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "ab",
            "--baseline-weights",
            BisectCommandTest.TORCHSCRIPT.resolve("layers_narrow.torchscript").toString(),
            "--weights",
            BisectCommandTest.TORCHSCRIPT.resolve("layers_wide.torchscript").toString(),
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "64",
            "--block-runs",
            "10",
            "--no-trace",
            "--project",
            dir.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(4);
    JsonNode ab = Json.MAPPER.readTree(dir.resolve("ab.json").toFile());
    assertThat(ab.get("verdict").asText()).isEqualTo("REGRESSION");
    assertThat(ab.get("looks").get("at").toString()).isEqualTo("[38,76,112,150]");
    assertThat(ab.get("looks").get("stopped_at").asInt()).isEqualTo(1);
    assertThat(ab.get("pairs")).hasSize(38);
    assertThat(r.out())
        .contains(": 38 pairs of blocks")
        .contains("stopped at look 1 of 4: decided after 38 of 150 pairs");
  }
}
