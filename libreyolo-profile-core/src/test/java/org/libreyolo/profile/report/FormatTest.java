package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.GateTest;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;

/** The format seam: every format renders the one verdict; BMF is valid for Bencher. */
class FormatTest {
  private static CheckFiles.Judged judged(double after) throws Exception {
    Profile base = GateTest.profile(100, 0.01, 1, "x");
    Profile now = GateTest.profile(after, 0.01, 2, "x");
    Gate.Result r = Gate.check(base, now, GateOptions.defaults());
    return new CheckFiles.Judged(r, base, Path.of("b.json"), now, Path.of("c.json"));
  }

  /** Bencher's schema: benchmark -> measure -> {value, lower_value <= value <= upper_value}. */
  private static void assertBmf(JsonNode root) {
    assertThat(root.isObject()).isTrue();
    root.fields()
        .forEachRemaining(
            benchmark -> {
              assertThat(benchmark.getValue().size()).isPositive();
              benchmark
                  .getValue()
                  .fields()
                  .forEachRemaining(
                      m -> {
                        assertThat(m.getKey()).matches("[a-z0-9-]{1,64}");
                        JsonNode v = m.getValue();
                        assertThat(v.path("value").isNumber()).as(m.getKey()).isTrue();
                        if (v.has("lower_value")) {
                          assertThat(v.path("lower_value").asDouble())
                              .isLessThanOrEqualTo(v.path("value").asDouble());
                          assertThat(v.path("upper_value").asDouble())
                              .isGreaterThanOrEqualTo(v.path("value").asDouble());
                        }
                      });
            });
  }

  @Test
  void aCheckInBmfCarriesTheJudgedChangeWithItsInterval() throws Exception {
    CheckFiles.Judged c = judged(140);
    JsonNode bmf = Json.MAPPER.readTree(Format.BMF.check(c));
    assertBmf(bmf);
    JsonNode measures = bmf.elements().next();
    Gate.Row latency = c.result().rows().get(1);
    assertThat(measures.path("latency-p50-ms-change").path("value").asDouble())
        .isCloseTo(100 * latency.change(), org.assertj.core.data.Offset.offset(1e-3));
    assertThat(measures.path("latency-p50-ms-change").path("lower_value").asDouble())
        .isCloseTo(100 * latency.ciLow(), org.assertj.core.data.Offset.offset(1e-3));
    // Bencher's latency measure is in nanoseconds
    assertThat(measures.path("latency").path("value").asDouble())
        .isCloseTo(
            c.current().latency().p50().value() * 1e6, org.assertj.core.data.Offset.offset(1.0));
  }

  @Test
  void aProfileInBmfHasNoIntervalItDoesNotHave() throws Exception {
    JsonNode bmf = Json.MAPPER.readTree(Format.BMF.profile(GateTest.profile(100, 0.01, 1, "x")));
    assertBmf(bmf);
    List<String> fields = new ArrayList<>();
    bmf.elements().next().fields().forEachRemaining(e -> fields.add(e.getKey()));
    assertThat(fields).contains("latency", "throughput");
    assertThat(bmf.toString()).doesNotContain("lower_value");
  }

  @Test
  void theTextJsonAndMarkdownFormatsAreTheReportsOwnRenderings() throws Exception {
    CheckFiles.Judged c = judged(140);
    assertThat(Format.TEXT.check(c)).isEqualTo(String.join(System.lineSeparator(), c.lines()));
    assertThat(Format.JSON.check(c))
        .isEqualTo(
            Json.indented(CheckFiles.resultJson(c.result(), c.baselineFile(), c.currentFile())));
    assertThat(Format.MARKDOWN.check(c))
        .isEqualTo(GateReport.markdown(c.result(), "b.json", "c.json"));
  }

  @Test
  void anUnknownOrUnfitFormatIsOneLine() throws Exception {
    assertThatThrownBy(() -> Format.of("yaml"))
        .isInstanceOf(LibreYoloException.class)
        .hasMessage("format must be one of text, json, markdown, bmf, got 'yaml'");
    Profile p = GateTest.profile(100, 0.01, 1, "x");
    assertThatThrownBy(() -> Format.MARKDOWN.profile(p))
        .hasMessage("format markdown does not render a profile: use text, json or bmf");
    assertThat(Format.of("BMF")).isEqualTo(Format.BMF);
    assertThatThrownBy(() -> Format.of("markdown", Format.Subject.AB))
        .hasMessage("format markdown does not render an A/B: use text, json or bmf");
    assertThat(Format.of("markdown", Format.Subject.CHECK)).isEqualTo(Format.MARKDOWN);
    assertThat(Format.of("markdown", Format.Subject.DIFF)).isEqualTo(Format.MARKDOWN);
    assertThatThrownBy(() -> Format.of("bmf", Format.Subject.BISECT))
        .hasMessage("format bmf does not render a bisect: use text, json or markdown");
    assertThatThrownBy(() -> Format.of("bmf", Format.Subject.VERSIONS))
        .hasMessage(
            "format bmf does not render an A/B across versions: use text, json or markdown");
  }
}
