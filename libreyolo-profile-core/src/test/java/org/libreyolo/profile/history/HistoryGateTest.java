package org.libreyolo.profile.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.report.HistoryGateReport;
import org.libreyolo.profile.result.Metric;

/** The prediction-interval gate on histories whose noise is known. */
class HistoryGateTest {
  @TempDir java.nio.file.Path temp;

  private static List<Point> history(long seed, int n, double sd) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Point> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double z =
          Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
      out.add(new Point(Instant.ofEpochSecond(i), "c" + i, "main", 2.0 * Math.exp(sd * z)));
    }
    return out;
  }

  @Test
  void aQuietHistoryPassesTheSameLevelAndFailsTenPercent() {
    List<Point> h = history(1, 30, 0.01);
    GateOptions o = GateOptions.defaults();
    HistoryGate.Result same = HistoryGate.against(h, 2.0, o);
    assertThat(same.verdict()).isEqualTo(Verdict.PASS);
    assertThat(same.noise()).isBetween(0.005, 0.015);
    HistoryGate.Result slower = HistoryGate.against(h, 2.2, o);
    assertThat(slower.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(slower.change()).isBetween(0.08, 0.12);
    assertThat(slower.low()).isPositive();
    assertThat(HistoryGateReport.lines(slower).get(1))
        .startsWith("step vs history: +")
        .contains("REGRESSION");
  }

  /**
   * A noisy history cannot tell 6% from noise: INCONCLUSIVE with what it could detect, never a
   * guess.
   */
  @Test
  void aNoisyHistoryIsInconclusiveAndSaysWhatItCouldDetect() {
    HistoryGate.Result r =
        HistoryGate.against(history(2, 12, 0.06), 2.0 * 1.06, GateOptions.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(r.why()).contains("could detect");
    assertThat(r.mde()).isGreaterThan(0.1);
  }

  /** The level after main's last change point is the reference, not a mean over both levels. */
  @Test
  void theReferenceIsTheLevelAfterTheLastChangePoint() throws Exception {
    java.nio.file.Path dir = temp;
    try (History h = History.open("jdbc:sqlite:" + dir.resolve("h.db"))) {
      List<Point> before = history(3, 40, 0.01);
      List<Run> runs = new ArrayList<>();
      for (int i = 0; i < before.size(); i++) {
        double v =
            before.get(i).value()
                * (i >= 25 ? 1.15 : 1.0); // main got 15% slower at run 25, and stayed
        runs.add(
            new Run(
                Instant.ofEpochSecond(i),
                "c" + i,
                "main",
                java.util.Map.of(),
                java.util.Map.of(Metric.STEP_VS_CANARY.key(), v),
                java.util.Map.of()));
      }
      h.record("s", java.util.Map.of(), runs);
      Series s = h.series("s");
      List<Point> all = h.points(s, Metric.STEP_VS_CANARY.key(), "main", 0);
      List<ChangePoint> cps =
          ChangePoints.detect(History.values(all), ChangePoints.Options.defaults());
      assertThat(cps).extracting(ChangePoint::index).containsExactly(25);
      // 2.3 is the new level: PASS against it (it would be a 15% regression against the mean of
      // both)
      HistoryGate.Result r =
          HistoryGate.against(all.subList(25, all.size()), 2.3, GateOptions.defaults());
      assertThat(r.verdict()).isEqualTo(Verdict.PASS);
    }
  }

  /**
   * A plain-Java step (blocks the canary does not divide) at {@code level} ms: five forks of 20
   * blocks, each fork at its own speed (1% between forks).
   */
  static org.libreyolo.profile.result.Profile plainStep(double level, long seed) {
    return plainStep(level, seed, 5);
  }

  static org.libreyolo.profile.result.Profile plainStep(double level, long seed, int processes) {
    SplittableRandom r = new SplittableRandom(seed);
    var f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
    var p = f.objectNode();
    p.put("schema", "libreyolo.profile.analysis/v1");
    p.putObject("config").put("step", "parse").put("batch", 1);
    p.putObject("environment").put("cpu", "test-cpu").put("threads", 2);
    var forks = p.putObject("samples").putArray("forks");
    for (int k = 0; k < processes; k++) {
      double speed = level * Math.exp(0.01 * r.nextGaussian());
      var blocks = forks.addObject().put("index", k).putObject("blocks");
      blocks.put("runs_per_block", 5).put("canary", "cpu-gemm").put("normalised", false);
      var step = blocks.putArray("step_ms");
      var canary = blocks.putArray("canary_ms");
      for (int i = 0; i < 20; i++) {
        step.add(speed * Math.exp(0.005 * r.nextGaussian()));
        canary.add(1.0 + 0.01 * r.nextDouble());
      }
    }
    return new org.libreyolo.profile.result.Profile(p);
  }

  /** Records {@code runs} profiles of a series on main, the i-th at second i. */
  private static void recordOnMain(
      History h,
      String series,
      int runs,
      java.util.function.IntFunction<org.libreyolo.profile.result.Profile> step) {
    for (int i = 0; i < runs; i++) {
      var p = step.apply(i);
      h.record(
          series,
          History.testbed(p),
          List.of(History.run(p, "c" + i, "main", Instant.ofEpochSecond(i))));
    }
  }

  /**
   * The history check says one verdict in every format that renders it (text, JSON, markdown), and
   * markdown says why no history judged where none did; BMF refuses it in one line.
   */
  @Test
  void aCheckAgainstHistoryReadsTheSameInTextJsonAndMarkdown() throws Exception {
    try (History h = History.open("jdbc:sqlite:" + temp.resolve("f.db"))) {
      HistoryGate.Result none =
          HistoryGate.check(h, "T.parse", plainStep(4.0, 1), "main", 30, GateOptions.defaults());
      assertThat(none.verdict()).isNull();
      assertThat(org.libreyolo.profile.report.Format.MARKDOWN.history(none))
          .startsWith("### libreyolo-profile history check: not judged\n\nHistory not used: ")
          .contains(none.fallback());
      recordOnMain(h, "T.parse", 12, i -> plainStep(4.0, i));
      HistoryGate.Result r =
          HistoryGate.check(
              h, "T.parse", plainStep(4.0 * 1.3, 100), "main", 30, GateOptions.defaults());
      assertThat(r.verdict()).isEqualTo(Verdict.REGRESSION);
      String text = org.libreyolo.profile.report.Format.TEXT.history(r);
      String json = org.libreyolo.profile.report.Format.JSON.history(r);
      String md = org.libreyolo.profile.report.Format.MARKDOWN.history(r);
      assertThat(text).endsWith("verdict: REGRESSION");
      assertThat(org.libreyolo.profile.result.Json.MAPPER.readTree(json).get("verdict").asText())
          .isEqualTo("REGRESSION");
      assertThat(md)
          .startsWith("### libreyolo-profile history check: REGRESSION\n")
          .contains(
              String.format(
                  java.util.Locale.ROOT,
                  "| %+.1f%% | [%+.1f%%, %+.1f%%] | %d |",
                  100 * r.change(),
                  100 * r.low(),
                  100 * r.high(),
                  r.runs()),
              "History: " + r.used());
      assertThat(text).contains(String.format(java.util.Locale.ROOT, "%+.1f%%", 100 * r.change()));
      assertThatThrownBy(
              () ->
                  org.libreyolo.profile.report.Format.of(
                      "bmf", org.libreyolo.profile.report.Format.Subject.HISTORY))
          .hasMessage(
              "format bmf does not render a check against history: use text, json or markdown");
    }
  }

  /**
   * A plain-Java step has no canary-normalised value: it is judged on its own step time. Six builds
   * 30% slower each fail, recorded or not: the runs after the change point they make are judged
   * against the level they left until ten of them establish a new one.
   */
  @Test
  void aPlainJavaStepIsJudgedOnItsStepTimeAndSixSlowerBuildsAllFail() throws Exception {
    java.nio.file.Path dir = temp;
    try (History h = History.open("jdbc:sqlite:" + dir.resolve("h.db"))) {
      recordOnMain(h, "T.parse", 12, i -> plainStep(4.0, i));
      HistoryGate.Result same =
          HistoryGate.check(h, "T.parse", plainStep(4.0, 100), "main", 30, GateOptions.defaults());
      assertThat(same.verdict()).as(same.fallback()).isEqualTo(Verdict.PASS);
      assertThat(same.used()).contains("plain code, not divided by the canary");
      assertThat(HistoryGateReport.lines(same).get(1)).contains("minimum detectable effect");
      for (int i = 0; i < 6; i++) {
        var slower = plainStep(4.0 * 1.3, 200 + i);
        HistoryGate.Result r =
            HistoryGate.check(h, "T.parse", slower, "main", 30, GateOptions.defaults());
        assertThat(r.verdict())
            .as("build %d: %s", i, HistoryGateReport.lines(r))
            .isEqualTo(Verdict.REGRESSION);
        assertThat(r.change()).isBetween(0.25, 0.35);
        System.out.println("[HistoryGateTest] " + String.join(" | ", HistoryGateReport.lines(r)));
        h.record(
            "T.parse",
            History.testbed(slower),
            List.of(History.run(slower, "s" + i, "main", Instant.ofEpochSecond(100 + i))));
      }
    }
  }

  /**
   * A run of one process cannot show its own JVM's bias: against a quiet history (1% between runs)
   * its noise is taken as the gate's process noise (5%), so one JVM 13% slow is not a regression,
   * and 30% still is.
   */
  @Test
  void aOneProcessRunIsJudgedWithAtLeastTheProcessNoise() throws Exception {
    java.nio.file.Path dir = temp;
    try (History h = History.open("jdbc:sqlite:" + dir.resolve("h.db"))) {
      recordOnMain(h, "T.one", 20, i -> plainStep(4.0, i, 1));
      GateOptions o = GateOptions.defaults();
      HistoryGate.Result outlier =
          HistoryGate.check(h, "T.one", plainStep(4.52, 99, 1), "main", 30, o);
      assertThat(outlier.verdict())
          .as(HistoryGateReport.lines(outlier).toString())
          .isNotEqualTo(Verdict.REGRESSION);
      assertThat(outlier.used())
          .contains("(taken as 5.0%, the process noise: this run is one process)");
      HistoryGate.Result slower =
          HistoryGate.check(h, "T.one", plainStep(5.2, 98, 1), "main", 30, o);
      assertThat(slower.verdict())
          .as(HistoryGateReport.lines(slower).toString())
          .isEqualTo(Verdict.REGRESSION);
      HistoryGate.Result forked =
          HistoryGate.check(h, "T.one", plainStep(4.52, 97, 5), "main", 30, o);
      assertThat(forked.used()).doesNotContain("taken as");
    }
  }
}
