package org.libreyolo.profile.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The A/B across versions' estimator over several JVMs (docs/statistics.md, "Across JVMs"). */
class PairedBlocksTest {
  private static final double ALPHA = 0.01;
  private static final double THRESHOLD = 0.02;

  /** A JVM's pairs: {@code ln(1 + change)} plus noise of the given spread. */
  private static double[] jvm(double change, double spread, Random random) {
    double[] r = new double[30];
    for (int i = 0; i < r.length; i++) {
      r[i] = Math.log1p(change) + spread * random.nextGaussian();
    }
    return r;
  }

  /** Six JVMs, three each way; {@code firstAdvantage} is what going first is worth. */
  private static PairedBlocks sixJvms(double change, double firstAdvantage, long seed) {
    Random random = new Random(seed);
    List<double[]> jvms = new ArrayList<>();
    List<Boolean> candidateFirst = new ArrayList<>();
    for (int j = 0; j < 6; j++) {
      boolean late = j % 2 == 1;
      // baseline first: this build runs second and pays the order effect, and the other way round
      double bias = late ? -firstAdvantage : firstAdvantage;
      jvms.add(jvm((1 + change) * (1 + bias) - 1, 0.01, random));
      candidateFirst.add(late);
    }
    return PairedBlocks.acrossJvms(jvms, List.of(), candidateFirst, ALPHA, THRESHOLD);
  }

  @Test
  void anOrderEffectInsideEachJvmIsCancelledNotReportedAsAChange() {
    // the A/A that failed before: the side compiled second ran 12% slower in every JVM
    PairedBlocks p = sixJvms(0, 0.12, 1);
    assertThat(p.verdict()).isEqualTo(Verdict.PASS);
    assertThat(p.change()).isCloseTo(0, within(0.01));
    assertThat(p.orderEffect()).isCloseTo(0.12, within(0.01));
    assertThat(p.jvms()).isEqualTo(6);
    assertThat(p.pairs()).isEqualTo(180);
    // each JVM's order kept beside its change: a replay of the cross-over needs both
    assertThat(p.jvmCandidateFirst()).containsExactly(false, true, false, true, false, true);
    assertThat(p.ciHigh() - p.ciLow()).isLessThan(0.03);
  }

  @Test
  void aRealSlowdownIsFoundThroughTheOrderEffect() {
    PairedBlocks p = sixJvms(0.05, 0.12, 2);
    assertThat(p.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(p.change()).isCloseTo(0.05, within(0.01));
    assertThat(p.ciLow()).isGreaterThan(0);
  }

  @Test
  void jvmsThatDisagreeBeyondTheOrderWidenTheIntervalAndSaySo() {
    Random random = new Random(3);
    List<double[]> jvms =
        List.of(
            jvm(-0.11, 0.005, random),
            jvm(0.03, 0.005, random),
            jvm(-0.07, 0.005, random),
            jvm(0.015, 0.005, random),
            jvm(0.06, 0.005, random),
            jvm(-0.04, 0.005, random));
    List<Boolean> order = List.of(false, true, false, true, false, true);
    PairedBlocks p = PairedBlocks.acrossJvms(jvms, List.of(), order, ALPHA, THRESHOLD);
    assertThat(p.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(p.disagree()).isTrue();
    assertThat(p.why()).matches("the JVMs disagree, -11\\.\\d% / \\+3\\.\\d% / -7\\.\\d% / .*");
    assertThat(p.why()).endsWith("add JVMs (abJvms)");
    // one JVM's pairs alone would have claimed a change with a narrow interval
    PairedBlocks alone = PairedBlocks.of(jvms.get(0), ALPHA, THRESHOLD);
    assertThat(alone.verdict()).isEqualTo(Verdict.IMPROVED);
    assertThat(p.ciHigh() - p.ciLow()).isGreaterThan(10 * (alone.ciHigh() - alone.ciLow()));
  }

  @Test
  void agreeingJvmsGiveAnIntervalNoNarrowerThanTheirPairs() {
    // identical JVM means: the spread between them is zero, the pairs' own spread still counts
    double[] same = {0.01, -0.01, 0.02, -0.02, 0.0};
    List<double[]> jvms = List.of(same, same, same, same);
    PairedBlocks p =
        PairedBlocks.acrossJvms(
            jvms, List.of(), List.of(false, true, false, true), ALPHA, THRESHOLD);
    assertThat(p.ciHigh()).isGreaterThan(0);
    assertThat(p.ciLow()).isLessThan(0);
  }

  @Test
  void withOneJvmOfAnOrderTheJvmsAreCombinedByRandomEffects() {
    Random random = new Random(4);
    List<double[]> jvms =
        List.of(jvm(0.1, 0.01, random), jvm(0.1, 0.01, random), jvm(0.1, 0.01, random));
    PairedBlocks p =
        PairedBlocks.acrossJvms(jvms, List.of(), List.of(false, false, true), ALPHA, THRESHOLD);
    assertThat(p.orderEffect()).isNaN();
    assertThat(p.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(p.change()).isCloseTo(0.1, within(0.01));
  }

  @Test
  void theMedianIsASecondFigureCombinedTheSameWay() {
    Random random = new Random(5);
    List<double[]> means = new ArrayList<>();
    List<double[]> medians = new ArrayList<>();
    for (int j = 0; j < 4; j++) {
      means.add(jvm(0.30, 0.01, random)); // what a call costs, GC included
      medians.add(jvm(0.10, 0.01, random)); // the typical iteration, the GC's pauses left out
    }
    PairedBlocks p =
        PairedBlocks.acrossJvms(
            means, medians, List.of(false, true, true, false), ALPHA, THRESHOLD);
    assertThat(p.change()).isCloseTo(0.30, within(0.01));
    assertThat(p.medianChange()).isCloseTo(0.10, within(0.01));
  }
}
