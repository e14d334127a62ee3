package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.produce.StepOptions;
import org.libreyolo.profile.reader.ReaderViews;
import org.libreyolo.profile.reader.Reports;
import org.libreyolo.profile.result.Profile;

/**
 * A step of plain JVM code reads in its own terms: its unit, its timings, memory and Java samples;
 * no op, device, model or bound words (no engine ran it), in the summary and on the page.
 */
class PlainSummaryTest {
  @TempDir Path dir;

  static volatile double sink;

  @Test
  void aPlainStepIsSummarisedInItsOwnUnitWithoutEngineWords() throws Exception {
    StepOptions o =
        StepOptions.builder("parse", "PlainSummaryTest.parse")
            .warmup(2)
            .runs(15)
            .unit("records")
            .javaSamples(false)
            .outputDirectory(dir.resolve("out"))
            .build();
    Profile p =
        CustomStepProfiler.run(
            o,
            (phases, index) -> {
              try (var ph = phases.start("parse")) {
                double s = 0;
                for (int i = 0; i < 20_000; i++) {
                  s += Math.sqrt(i + index);
                }
                sink = s;
              }
            });
    assertThat(p.isPlainCode()).isTrue();
    assertThat(p.throughputUnit()).isEqualTo("records");
    Path file = dir.resolve("out/profile.json");
    String text = String.join("\n", ReaderViews.summary(file).text());
    assertThat(text)
        .startsWith("step PlainSummaryTest.parse  |  ")
        .contains(" records/s  |  step ", "plain JVM code (no engine ops)", "phases   parse ")
        .contains(">> PLAIN CODE: timings, memory and Java samples of plain JVM code")
        .doesNotContain(
            "img/s", "COMPUTE", "leaf op", "Tensor Cores", "VRAM", "CPU busy", "op mix");
    Path page = Reports.single(file, dir.resolve("report.html"));
    String html = Files.readString(page);
    assertThat(html)
        .contains("<b>PLAIN CODE</b>", "records/s")
        .doesNotContain("peak VRAM", "model_params", "COMPUTE", "Op mix", "Top leaf ops");
  }
}
