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

  private static boolean flagged(PairedBlocks p) {
    return p.verdict() == Verdict.REGRESSION || p.verdict() == Verdict.IMPROVED;
  }

  /** Simulated JVMs of an A/A: each its own bias, the order effect, 25 pairs of noise. */
  private static final class Jvms {
    final List<double[]> ratios = new ArrayList<>();
    final List<Boolean> candidateFirst = new ArrayList<>();

    void add(int n, Random random) {
      List<Boolean> orders = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        orders.add(j % 2 == 1);
      }
      Collections.shuffle(orders, random);
      for (boolean late : orders) {
        double bias = 0.01 * random.nextGaussian() + (late ? -0.005 : 0.005);
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
