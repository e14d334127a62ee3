package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.history.ChangePoints;
import org.libreyolo.profile.history.History;
import org.libreyolo.profile.history.Run;
import org.libreyolo.profile.result.Metric;

/**
 * The history report in a real browser: the plot, its change point, the latest run, no console
 * error.
 */
class HistoryReportBrowserTest {
  @TempDir Path dir;

  @Test
  void aSeriesWithOneStepRendersItsPlotAndChangePoint() throws Exception {
    SplittableRandom r = new SplittableRandom(11);
    List<Run> runs = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      double level = i < 70 ? 2.0 : 2.2;
      double[] forks = new double[5];
      double log = 0;
      for (int k = 0; k < forks.length; k++) {
        forks[k] = level * (1 + 0.03 * (r.nextDouble() - 0.5));
        log += Math.log(forks[k]) / forks.length;
      }
      runs.add(
          new Run(
              Instant.ofEpochSecond(1_700_000_000L + 3600L * i),
              "commit" + i,
              "main",
              Map.of(),
              Map.of(Metric.STEP_VS_CANARY.key(), Math.exp(log)),
              Map.of(Metric.STEP_VS_CANARY.key(), forks)));
    }
    String url = "jdbc:sqlite:" + dir.resolve("h.db");
    try (History h = History.open(url)) {
      h.record("infer", Map.of("cpu", "test"), runs);
    }
    Path page = dir.resolve("history.html");
    HistoryViews.View v =
        HistoryViews.report(
            org.libreyolo.profile.history.HistoryCommands.seriesRuns(
                url, "infer", null, ChangePoints.Options.defaults()),
            page);
    assertThat(v.lines().get(0)).contains("120 runs, 1 change points");
    String html = Files.readString(page);
    assertThat(html)
        .contains("<svg id=\"plot\"", "class=\"run latest\"", "class=\"change-label\"", "commit70");
    assertThat(html.split("class=\"fork\"", -1)).hasSize(120 * 5 + 1); // every fork of every run
    // the axis names the unit and direction; a rise of a lower-is-better ratio is coloured as worse
    assertThat(html)
        .contains("step time / canary time (ratio), lower is better", "<td class=\"worse\">+");
    Chromium.Rendered rendered = Chromium.render(page, dir);
    Chromium.assertNoConsoleErrors(rendered.log());
    assertThat(rendered.dom()).contains("data-runs=\"120\"", "data-changes=\"1\"", "<svg");
    assertThat(rendered.screenshot()).isRegularFile();
    assertThat(Files.size(rendered.screenshot())).isGreaterThan(10_000);
    Path keep = Path.of("target/history-report-screenshots");
    Files.createDirectories(keep);
    Files.copy(
        rendered.screenshot(),
        keep.resolve("history.png"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  @Test
  void changesAreColouredByTheMetricsDirection() {
    assertThat(HistoryReport.tone(Metric.IMG_PER_S.key(), -0.1))
        .as("a throughput drop")
        .isEqualTo("worse");
    assertThat(HistoryReport.tone(Metric.IMG_PER_S.key(), 0.1)).isEqualTo("better");
    assertThat(HistoryReport.tone(Metric.STEP_MS.key(), 0.1)).isEqualTo("worse");
    assertThat(HistoryReport.tone("imported_score", 0.1)).isEqualTo("neutral");
    assertThat(HistoryReport.axisLabel(Metric.IMG_PER_S.key()))
        .isEqualTo("throughput (img/s), higher is better");
  }
}
