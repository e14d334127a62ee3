package org.libreyolo.profile.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Verdict;

/** The prediction-interval gate on histories whose noise is known. */
class HistoryGateTest {
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
    assertThat(slower.lines().get(1)).startsWith("step vs history: +").contains("REGRESSION");
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
    java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("hg");
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
                java.util.Map.of(History.STEP_VS_CANARY, v),
                java.util.Map.of()));
      }
      h.record("s", java.util.Map.of(), runs);
      Series s = h.series("s");
      List<Point> all = h.points(s, History.STEP_VS_CANARY, "main", 0);
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
}
