package org.libreyolo.profile.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.Option;

/**
 * The versions A/B's looks over its JVMs (docs/statistics.md, "Looks across versions"): the
 * spending boundaries, and the error rate of an A/B that adds JVMs only to a step still undecided.
 */
class LooksAcrossJvmsTest {
  private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);
  private static final double ALPHA = 0.05;
  private static final double THRESHOLD = 0.02;

  /**
   * Pocock's constant boundary for two looks at 0.05 is 2.178 (Pocock, Biometrika 64, 1977): spent
   * as Pocock spends it, the second boundary the recursion solves is the first one again.
   */
  @Test
  void spendingReproducesPococksBoundary() {
    double first = 2 * NORMAL.cumulativeProbability(-2.178);
    double[] z =
        org.libreyolo.profile.internal.compare.GroupSequential.spending(
            new double[] {0.5, 1}, new double[] {first, ALPHA});
    assertThat(z[0]).isCloseTo(2.178, within(1e-9));
    assertThat(z[1]).isCloseTo(2.178, within(0.002));
  }

  @Test
  void theFirstLookSpendsMostOfTheLevelAtTheJvmsAlwaysRun() {
    Looks l = Looks.overJvms(2, 6, ALPHA);
    assertThat(l.at()).containsExactly(6, 12);
    double spent = ALPHA * Math.pow(0.5, Looks.JVM_SPENDING_RHO);
    assertThat(l.z()[0])
        .isCloseTo(NORMAL.inverseCumulativeProbability(1 - spent / 2), within(1e-12));
    assertThat(l.z()[1]).isGreaterThan(l.z()[0]).isLessThan(2.6);
    assertThat(Looks.overJvms(1, 6, ALPHA).z()[0])
        .isCloseTo(NORMAL.inverseCumulativeProbability(1 - ALPHA / 2), within(1e-12));
  }

  @Test
  void aCountOutsideOneToTenIsRefusedNamingTheParameter() {
    LibreYoloException e =
        catchThrowableOfType(LibreYoloException.class, () -> Looks.overJvms(0, 6, ALPHA));
    assertThat(e.message(Option.Surface.MAVEN))
        .isEqualTo("abLooks must be within 1 (only after abJvms JVMs) and 10, got 0");
  }

  /**
   * 2,000 simulated A/As of 6 JVMs (a JVM bias of 1%, an order effect of 0.5%, 25 noisy pairs
   * each), 6 more for a step still undecided: some look's interval misses 0 in at most alpha of
   * them; the REGRESSION or IMPROVED verdicts are no more than at fixed length; and fewer end
   * INCONCLUSIVE.
   */
  @Test
  void addingJvmsToAnUndecidedStepKeepsTheErrorRateAndDecidesMore() {
    Random random = new Random(7);
    int runs = 2000;
    int missed = 0;
    int flaggedFixed = 0;
    int flaggedLooks = 0;
    int undecidedFixed = 0;
    int undecidedLooks = 0;
    Looks looks = Looks.overJvms(2, 6, ALPHA);
    for (int r = 0; r < runs; r++) {
      Jvms jvms = new Jvms();
      jvms.add(6, random);
      PairedBlocks fixed = jvms.judge(Looks.overJvms(1, 6, ALPHA), 0);
      PairedBlocks first = jvms.judge(looks, 0);
      PairedBlocks last = first;
      boolean miss = first.ciLow() > 0 || first.ciHigh() < 0;
      if (!Looks.stops(first, THRESHOLD)) {
        jvms.add(6, random);
        last = jvms.judge(looks, 1);
        miss |= last.ciLow() > 0 || last.ciHigh() < 0;
      }
      missed += miss ? 1 : 0;
      flaggedFixed += flagged(fixed) ? 1 : 0;
      flaggedLooks += flagged(last) ? 1 : 0;
      undecidedFixed += fixed.verdict() == Verdict.INCONCLUSIVE ? 1 : 0;
      undecidedLooks += last.verdict() == Verdict.INCONCLUSIVE ? 1 : 0;
    }
    assertThat((double) missed / runs).isLessThan(ALPHA * 1.2);
    assertThat(flaggedLooks).isLessThanOrEqualTo(flaggedFixed + runs / 200);
    assertThat(undecidedLooks).isLessThan(undecidedFixed / 2);
  }

  /**
   * 2,000 simulated A/Bs of JVMs that disagree (a JVM bias of 5%: the first look is wide), each
   * drawn once and judged two ways: the second look's JVMs for every step still undecided, or only
   * for one they could decide ({@link Looks#chanceToDecide} at least {@link
   * Defaults.Versions#FUTILITY_POWER}). Unchanged code: futility saves the JVMs of over a third of
   * the second looks (44%) and gives up at most a tenth of the decisions they would bring (5 of
   * 787); a +6% change at the same noise is called REGRESSION as often within 2 points (1,659 ->
   * 1,636 of 2,000); no more false verdicts.
   */
  @Test
  void futilitySavesTheJvmsThatCouldNotDecideAndFewDecisions() {
    for (double change : new double[] {0, 0.06}) {
      Random random = new Random(11);
      int runs = 2000;
      int secondLooks = 0;
      int saved = 0;
      int[] decided = new int[2];
      int[] regressions = new int[2];
      int[] falseVerdicts = new int[2];
      Looks looks = Looks.overJvms(2, 6, ALPHA);
      for (int r = 0; r < runs; r++) {
        Jvms jvms = new Jvms(change, 0.05);
        jvms.add(6, random);
        PairedBlocks first = jvms.judge(looks, 0);
        PairedBlocks all = first;
        PairedBlocks futile = first;
        if (!Looks.stops(first, THRESHOLD)) {
          secondLooks++;
          jvms.add(6, random);
          all = jvms.judge(looks, 1);
          if (looks.chanceToDecide(first, THRESHOLD) >= Defaults.Versions.FUTILITY_POWER) {
            futile = all;
          } else {
            saved++;
          }
        }
        PairedBlocks[] ways = {all, futile};
        for (int w = 0; w < 2; w++) {
          decided[w] += ways[w].verdict() != Verdict.INCONCLUSIVE ? 1 : 0;
          regressions[w] += ways[w].verdict() == Verdict.REGRESSION ? 1 : 0;
          falseVerdicts[w] += change == 0 && flagged(ways[w]) ? 1 : 0;
        }
      }
      System.out.printf(
          "change %.2f: second looks %d, saved %d, decided %d -> %d, regressions %d -> %d%n",
          change, secondLooks, saved, decided[0], decided[1], regressions[0], regressions[1]);
      assertThat(falseVerdicts[1]).isLessThanOrEqualTo(falseVerdicts[0]);
      if (change == 0) {
        assertThat(saved).isGreaterThan(secondLooks / 3);
        assertThat(decided[0] - decided[1]).isLessThanOrEqualTo(saved / 10);
      } else {
        assertThat(regressions[1]).isGreaterThanOrEqualTo(regressions[0] - runs / 50);
      }
    }
  }

  /** The forks' gate takes a level: each look's is the one its boundary stands for. */
  @Test
  void aLooksLevelIsItsBoundarysOnTheNormalScale() {
    Looks two = Looks.overJvms(2, 8, 0.01);
    assertThat(two.levelAt(0))
        .isCloseTo(0.01 * Math.pow(0.5, Looks.JVM_SPENDING_RHO), within(1e-9));
    assertThat(two.levelAt(1))
        .isCloseTo(2 * NORMAL.cumulativeProbability(-two.z()[1]), within(1e-15));
    assertThat(two.levelAt(1)).isLessThan(two.levelAt(0));
    assertThat(Looks.overJvms(1, 8, 0.01).levelAt(0)).isEqualTo(0.01);
  }

  /**
   * A step at the first look: a clear slowdown short of the stopping margin, or an A/A whose first
   * look is narrow, is worth the next look's JVMs; an A/A whose first look is four times the
   * threshold wide is not (the second look, at about half that width, still could not exclude it).
   */
  @Test
  void theNextLookIsWorthItWhereItCouldDecide() {
    Looks looks = Looks.overJvms(2, 6, 0.01);
    double t = looks.quantile(0, 4);
    assertThat(looks.chanceToDecide(0.06, 0.05 / t, 14, 6, THRESHOLD)).isGreaterThan(0.5);
    assertThat(looks.chanceToDecide(0.0, 0.025 / t, 14, 6, THRESHOLD)).isGreaterThan(0.5);
    assertThat(looks.chanceToDecide(0.0, 0.08 / t, 14, 6, THRESHOLD))
        .isLessThan(Defaults.Versions.FUTILITY_POWER);
  }

  @Test
  void nothingLeftToMeasureCannotDecide() {
    Jvms jvms = new Jvms(0, 0.01);
    jvms.add(12, new Random(3));
    Looks looks = Looks.overJvms(2, 6, ALPHA);
    assertThat(looks.chanceToDecide(jvms.judge(looks, 1), THRESHOLD)).isZero();
  }

  private static boolean flagged(PairedBlocks p) {
    return p.verdict() == Verdict.REGRESSION || p.verdict() == Verdict.IMPROVED;
  }

  /** Simulated JVMs: the change, each JVM its own bias, the order effect, 25 pairs of noise. */
  private static final class Jvms {
    final List<double[]> ratios = new ArrayList<>();
    final List<Boolean> candidateFirst = new ArrayList<>();
    final double change;
    final double jvmNoise;

    Jvms() {
      this(0, 0.01);
    }

    Jvms(double change, double jvmNoise) {
      this.change = Math.log1p(change);
      this.jvmNoise = jvmNoise;
    }

    void add(int n, Random random) {
      List<Boolean> orders = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        orders.add(j % 2 == 1);
      }
      Collections.shuffle(orders, random);
      for (boolean late : orders) {
        double bias = change + jvmNoise * random.nextGaussian() + (late ? -0.005 : 0.005);
        double[] pairs = new double[25];
        for (int i = 0; i < pairs.length; i++) {
          pairs[i] = bias + 0.03 * random.nextGaussian();
        }
        ratios.add(pairs);
        candidateFirst.add(late);
      }
    }

    PairedBlocks judge(Looks looks, int look) {
      return PairedBlocks.acrossJvms(ratios, List.of(), candidateFirst, looks, look, THRESHOLD);
    }
  }
}
