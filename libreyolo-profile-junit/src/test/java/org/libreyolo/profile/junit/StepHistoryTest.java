package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
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

  /** Rounds of arithmetic the step does: fixed work, so a build 30% slower is 30% more work. */
  static volatile int rounds = 40_000;

  static volatile long sink;

  @ProfiledStep(warmup = 5, runs = 40)
  static class Work {
    @Test
    void parse(StepProfiler profiler) {
      profiler.measure(
          () -> {
            long x = sink;
            for (int i = 0; i < rounds; i++) {
              x = x * 6364136223846793005L + 1442695040888963407L;
              x ^= x >>> 29;
            }
            sink = x;
          });
    }
  }

  private org.junit.platform.testkit.engine.Events run(String url, String record) {
    return run(Spin.class, url, record);
  }

  private org.junit.platform.testkit.engine.Events run(Class<?> type, String url, String record) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter("libreyolo.profile.outputDirectory", dir.resolve("out").toString())
        .configurationParameter(
            "libreyolo.profile.baselineDirectory", dir.resolve("none").toString())
        .configurationParameter("libreyolo.profile.history", url)
        .configurationParameter("libreyolo.profile.recordHistory", record)
        .selectors(selectClass(type))
        .execute()
        .testEvents();
  }

  /**
   * A plain-Java step with a history and no canary to divide by is judged on its own step time: a
   * history recorded twice as fast as this machine ran the step (this run's blocks, halved) fails
   * each of six builds, recorded as they go. Twice, not 30% (as it was): the builds after the first
   * run in this JVM run code the JIT warmed meanwhile, faster than the run the history was made
   * from, and a 30% gap closed in one run of the suite.
   */
  @Test
  @Tag("slow")
  void aPlainJavaStepTwiceAsSlowAsItsHistoryFailsSixBuildsInARow() throws Exception {
    String url = "jdbc:sqlite:" + dir.resolve("plain.db");
    run(Work.class, url, "false").assertStatistics(s -> s.succeeded(1));
    Path measured = dir.resolve("out/" + Work.class.getName() + "/parse/profile.json");
    com.fasterxml.jackson.databind.node.ObjectNode p =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            org.libreyolo.profile.result.Json.MAPPER.readTree(measured.toFile());
    java.util.SplittableRandom noise = new java.util.SplittableRandom(7);
    String series = "StepHistoryTest.Work.parse";
    try (History h = History.open(url)) {
      for (int i = 0; i < 12; i++) {
        com.fasterxml.jackson.databind.node.ObjectNode copy = p.deepCopy();
        var steps =
            (com.fasterxml.jackson.databind.node.ArrayNode)
                copy.get("samples").get("blocks").get("step_ms");
        double scale = Math.exp(0.01 * noise.nextGaussian()) / 2;
        for (int b = 0; b < steps.size(); b++) {
          steps.set(b, steps.get(b).asDouble() * scale);
        }
        var profile = new org.libreyolo.profile.result.Profile(copy);
        h.record(
            series,
            History.testbed(profile),
            List.of(
                History.run(
                    profile, "c" + i, "main", java.time.Instant.ofEpochSecond(1_000_000 + i))));
      }
    }
    for (int build = 0; build < 6; build++) {
      var events = run(Work.class, url, "true");
      events.assertStatistics(s -> s.failed(1));
      assertThat(failure(events))
          .as("build " + build)
          .contains("REGRESSION", "plain code, not divided by the canary", "step vs history: +");
      // the files beside the profile tell the verdict the failure does
      Path folder = measured.getParent();
      assertThat(
              org.libreyolo.profile.result.Json.MAPPER
                  .readTree(folder.resolve("history-result.json").toFile())
                  .get("verdict")
                  .asText())
          .isEqualTo("REGRESSION");
      assertThat(Files.readString(folder.resolve("history-summary.md")))
          .startsWith("### libreyolo-profile history check: REGRESSION");
    }
    try (History h = History.open(url)) {
      assertThat(h.runs(h.series(series))).as("every build recorded").hasSize(18);
    }
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
    assertThat(failure(run(bad, "true")))
        .contains("cannot reach the history database")
        .doesNotContain("\n");
  }

  /** The message of the first failed test. */
  private static String failure(org.junit.platform.testkit.engine.Events events) {
    return events.failed().stream()
        .findFirst()
        .orElseThrow()
        .getPayload(org.junit.platform.engine.TestExecutionResult.class)
        .orElseThrow()
        .getThrowable()
        .orElseThrow()
        .getMessage();
  }
}
