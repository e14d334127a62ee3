package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.report.DiffReport;
import org.libreyolo.profile.result.Json;

/**
 * A study of how {@code profile diff} judges time (mvn verify -Pstudies, about 70 s): each model
 * measured in three fresh JVMs with every fork traced, the way a user's two builds are. The same
 * model twice names nothing; one layer four times wider is explained by the rows beyond their
 * noise. Timing claims, so not in every build (a busy runner may widen the noise past them).
 */
@Tag("study")
class DiffStudyTest {
  @TempDir static Path dir;

  @BeforeAll
  static void measure() throws Exception {
    Path model = dir.resolve("model.torchscript");
    // a first job runs colder than the ones after it (one CI run: -41% from the first to the last):
    // a throwaway job first, then the A/A pair back to back
    DiffCommandTest.infer(dir, model, "blocks", "warm-up", "3", "160", "20");
    DiffCommandTest.infer(dir, model, "layers_narrow", "layers_narrow", "3", "160", "20");
    DiffCommandTest.infer(dir, model, "layers_narrow", "layers_narrow_again", "3", "160", "20");
    DiffCommandTest.infer(dir, model, "layers_wide", "layers_wide", "3", "160", "20");
  }

  private static JsonNode diffJson(String before, String after) throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "diff",
            DiffCommandTest.profile(dir, before),
            DiffCommandTest.profile(dir, after),
            "--json");
    assertThat(r.code()).as(r.err()).isZero();
    return Json.MAPPER.readTree(r.out());
  }

  /** The same model measured twice: no row beyond its noise, and the diff says so in words. */
  @Test
  void anUnchangedModelHasNothingToExplain() throws Exception {
    JsonNode d = diffJson("layers_narrow", "layers_narrow_again");
    assertThat(d.path("changed").asBoolean()).as(d.path("summary").asText()).isFalse();
    for (JsonNode row : d.path("contributors")) {
      assertThat(row.path("above_noise").asBoolean()).as(row.toString()).isFalse();
    }
    assertThat(d.path("summary").asText()).contains(DiffReport.NOTHING_TO_EXPLAIN);
    assertThat(d.path("named")).as("an A/A names nothing").isEmpty();
  }

  /** One layer four times wider: the rows beyond their noise explain at least 70% of the change. */
  @Test
  void aWiderLayerExplainsMostOfTheChange() throws Exception {
    JsonNode d = diffJson("layers_narrow", "layers_wide");
    assertThat(d.path("named").get(0).path("name").asText())
        .startsWith("aten::mkldnn_convolution #3");
    assertThat(d.path("explained_share").asDouble())
        .as(d.path("summary").asText())
        .isGreaterThanOrEqualTo(0.70);
  }
}
