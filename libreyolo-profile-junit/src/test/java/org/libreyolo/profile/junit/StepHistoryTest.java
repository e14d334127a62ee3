package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.libreyolo.profile.history.History;
import org.libreyolo.profile.history.Series;

/**
 * {@code libreyolo.profile.history} in the extension alone: each run judged against the history,
 * then recorded.
 */
class StepHistoryTest {
  @TempDir Path dir;

  @ProfiledStep(warmup = 2, runs = 20)
  static class Spin {
    @Test
    void spin(StepProfiler profiler) {
      profiler.measure(
          () -> {
            long end = System.nanoTime() + 300_000;
            while (System.nanoTime() < end) {
              Thread.onSpinWait();
            }
          });
    }
  }

  private org.junit.platform.testkit.engine.Events run(String url, String record) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter("libreyolo.profile.outputDirectory", dir.resolve("out").toString())
        .configurationParameter(
            "libreyolo.profile.baselineDirectory", dir.resolve("none").toString())
        .configurationParameter("libreyolo.profile.history", url)
        .configurationParameter("libreyolo.profile.recordHistory", record)
        .selectors(selectClass(Spin.class))
        .execute()
        .testEvents();
  }

  @Test
  void eachRunIsJudgedThenRecordedAndTheCheckGoalIsToldSo() throws Exception {
    String url = "jdbc:sqlite:" + dir.resolve("history.db");
    for (int i = 0; i < 2; i++) {
      run(url, "true").assertStatistics(s -> s.succeeded(1));
    }
    try (History h = History.open(url)) {
      List<Series> series = h.list();
      assertThat(series).hasSize(1);
      assertThat(series.get(0).name()).isEqualTo("StepHistoryTest.Spin.spin");
      assertThat(h.runs(series.get(0))).hasSize(2);
    }
    Path marker = dir.resolve("out/" + Spin.class.getName() + "/spin/history-recorded.txt");
    assertThat(Files.readString(marker).strip()).isEqualTo(url);

    run(url, "false").assertStatistics(s -> s.succeeded(1));
    try (History h = History.open(url)) {
      assertThat(h.runs(h.list().get(0))).hasSize(2); // not recorded off the history's branch
    }
  }

  @Test
  void anUnreachableHistoryFailsTheTestInOneLine() {
    String bad = "jdbc:postgresql://127.0.0.1:1/none?connectTimeout=1";
    String failure =
        run(bad, "true").failed().stream()
            .findFirst()
            .orElseThrow()
            .getPayload(org.junit.platform.engine.TestExecutionResult.class)
            .orElseThrow()
            .getThrowable()
            .orElseThrow()
            .getMessage();
    assertThat(failure).contains("cannot reach the history database").doesNotContain("\n");
  }
}
