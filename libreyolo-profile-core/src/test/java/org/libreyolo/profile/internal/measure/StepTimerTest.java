package org.libreyolo.profile.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.internal.capture.Span;
import org.libreyolo.profile.options.Progress;

/** The one measurement loop: what it runs, what it keeps, and how a failing step leaves it. */
class StepTimerTest {
  @Test
  void warmupIsDiscardedAndEveryMeasuredIterationKeepsItsTotalAndPhases() {
    List<Integer> indices = new ArrayList<>();
    Measurement m =
        StepTimer.run(
            new StepTimer.Plan(3, 4, null, 9, "runs", ""),
            (clock, index) -> {
              indices.add(index);
              try (Span s = clock.phase("a")) {
                busy(200_000);
              }
              if (index % 2
                  == 0) { // a phase entered twice sums; a phase missing from an iteration is 0
                // there
                try (Span s = clock.phase("b")) {
                  busy(100_000);
                }
                try (Span s = clock.phase("b")) {
                  busy(100_000);
                }
              }
            },
            Progress.NONE);
    assertThat(indices).containsExactly(0, 1, 2, 3, 4, 5, 6);
    assertThat(m.iterations()).isEqualTo(4);
    assertThat(m.trace()).isNull();
    assertThat(m.phaseMs()).containsOnlyKeys("a", "b");
    double[] b = m.phaseMs().get("b");
    assertThat(b[0]).isZero(); // index 3
    assertThat(b[1]).isGreaterThan(0.15); // index 4: two 0.1 ms spans
    for (int i = 0; i < 4; i++) {
      assertThat(m.totalMs()[i]).isGreaterThanOrEqualTo(m.phaseMs().get("a")[i] + b[i]);
    }
    assertThat(m.half()).isEqualTo(2);
    assertThat(m.total(0, m.half())).hasSize(2);
    assertThat(m.phases(m.half(), 4).get("a")).hasSize(2);
  }

  @Test
  void tracedStepsAreAllTheWindowReadsAndNoMore() {
    assertThat(StepTimer.traceSteps(2)).isEqualTo(2);
    assertThat(StepTimer.traceSteps(100)).isEqualTo(9);
    assertThat(new StepTimer.Plan(0, 5, null, 9, "runs", "").traceSteps()).isZero();
  }

  @Test
  void aFailingStepStopsTheLoopWithItsOwnCause() {
    IOException cause = new IOException("disk gone");
    assertThatThrownBy(
            () ->
                StepTimer.run(
                    new StepTimer.Plan(0, 3, null, 0, "runs", ""),
                    (clock, index) -> {
                      throw cause;
                    },
                    Progress.NONE))
        .isInstanceOf(StepTimer.StepFailedException.class)
        .hasCause(cause);
    IllegalStateException unchecked = new IllegalStateException("bad input");
    assertThatThrownBy(
            () ->
                StepTimer.run(
                    new StepTimer.Plan(0, 3, null, 0, "runs", ""),
                    (clock, index) -> {
                      throw unchecked;
                    },
                    Progress.NONE))
        .isSameAs(unchecked);
  }

  /**
   * The canary runs around every block (after each warmup iteration too); a remainder joins the
   * last block. Progress is reported at the blocks' ends.
   */
  @Test
  void blocksRunTheCanaryBeforeTheFirstBlockAndAfterEachOne() {
    List<String> order = new ArrayList<>();
    Canary canary =
        new Canary() {
          @Override
          public String name() {
            return "test canary";
          }

          @Override
          public void run() {
            order.add("c");
          }

          @Override
          public void close() {}
        };
    Measurement m =
        StepTimer.run(
            new StepTimer.Plan(2, 12, null, 0, "runs", ""),
            (clock, index) -> order.add(Integer.toString(index)),
            new StepTimer.Blocks(5, 2, canary, true),
            (stage, done, total) -> {
              if (stage.equals("runs")) {
                order.add("p" + done);
              }
            });
    // progress only between blocks, where the canary runs: never inside a timed block
    assertThat(String.join(" ", order))
        .isEqualTo("0 c 1 c c c 2 3 4 5 6 c c p5 7 8 9 10 11 12 13 c c p12");
    assertThat(m.blocks().stepMs()).hasSize(2);
    assertThat(m.blocks().canaryMs()).hasSize(2);
    assertThat(m.blocks().canary()).isEqualTo("test canary");
    assertThat(m.blocks().json().path("runs_per_block").asInt()).isEqualTo(5);
  }

  /**
   * A block's value is its median iteration; its canary the geometric mean of the canary blocks
   * around it.
   */
  @Test
  void aBlockIsItsMedianIterationBesideTheCanaryAroundIt() {
    BlockSeries s =
        BlockSeries.of(
            new double[] {1, 9, 2, 3, 4, 10, 11, 12}, 3, new double[] {1, 4, 16}, "c", true);
    assertThat(s.stepMs())
        .containsExactly(2, 10); // {1, 9, 2}, then {3, 4, 10, 11, 12}: the remainder joins
    assertThat(s.canaryMs()).containsExactly(2, 8);
    assertThat(BlockSeries.concat(List.of(s, s)).stepMs()).containsExactly(2, 10, 2, 10);
    // the tail metric's series: each block's p90 iteration, nearest rank as the headline's
    assertThat(s.quantiles().get("step_p90_ms")).containsExactly(9, 12);
    assertThat(BlockSeries.concat(List.of(s, s)).quantiles().get("step_p90_ms"))
        .containsExactly(9, 12, 9, 12);
    assertThat(s.json().path("step_p90_ms").toString()).isEqualTo("[9.0,12.0]");
  }

  private static void busy(long nanos) {
    long end = System.nanoTime() + nanos;
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }
}
