package org.libreyolo.profile.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.Option;

/**
 * The sequential A/B's looks and their boundaries (docs/statistics.md, "Stopping when decided").
 */
class LooksTest {
  private static final double THRESHOLD = 0.02;

  /**
   * O'Brien and Fleming's constant for K equally spaced looks, as Jennison and Turnbull tabulate it
   * ("Group Sequential Methods", 2000, table 2.3): 1.977, 2.004, 2.024, 2.040 for K = 2 to 5 at
   * alpha 0.05; 2.609 for K = 4 at 0.01.
   */
  @Test
  void theBoundariesAreOBrienAndFlemingsPublishedOnes() {
    double[] published = {1.977, 2.004, 2.024, 2.040};
    for (int k = 2; k <= 5; k++) {
      Looks l = Looks.of(k, 120 * k, 0.05);
      assertThat(l.z()[k - 1]).as("K = %d", k).isCloseTo(published[k - 2], within(0.002));
      assertThat(l.z()[0]).isCloseTo(published[k - 2] * Math.sqrt(k), within(0.005));
    }
    assertThat(Looks.of(4, 400, 0.01).z()[3]).isCloseTo(2.609, within(0.002));
  }

  @Test
  void looksFallAfterEvenPairsAndTheLastAtAllOfThem() {
    assertThat(Looks.of(4, 150, 0.05).at()).containsExactly(38, 76, 112, 150);
    assertThat(Looks.of(4, 151, 0.05).at()).containsExactly(38, 76, 114, 151);
    // too few pairs to share: the looks that would repeat one are dropped
    assertThat(Looks.of(4, 6, 0.05).at()).containsExactly(4, 6);
    assertThat(Looks.of(4, 4, 0.05).at()).containsExactly(4);
    assertThat(Looks.of(4, 150, 0.05).lookAfter(76)).isEqualTo(1);
    assertThat(Looks.of(4, 150, 0.05).lookAfter(77)).isEqualTo(-1);
  }

  @Test
  void oneLookIsTheFixedLengthInterval() {
    Looks one = Looks.of(1, 150, 0.05);
    assertThat(one.count()).isEqualTo(1);
    assertThat(one.quantile(0, 149))
        .isEqualTo(new TDistribution(null, 149).inverseCumulativeProbability(0.975));
  }

  @Test
  void aCountOutsideOneToTenIsRefusedNamingTheOption() {
    for (int bad : new int[] {0, 11}) {
      LibreYoloException e =
          catchThrowableOfType(LibreYoloException.class, () -> Looks.of(bad, 150, 0.05));
      assertThat(e.message(Option.Surface.CLI))
          .isEqualTo("--looks must be within 1 (only at the end) and 10, got " + bad);
    }
  }

  /**
   * The point of the boundaries: an A/B that stops at whichever look decides keeps its error rate.
   * 4,000 simulated A/As of 150 pairs: some look's interval misses 0 in at most {@code alpha} of
   * them (with the fixed-length quantile at every look, about 2.5 times that), and a REGRESSION or
   * IMPROVED is as rare as at fixed length.
   */
  @Test
  void stoppingAtTheFirstDecidedLookKeepsTheErrorRate() {
    Simulated s = simulate(0, 42);
    assertThat(s.missedZero).isLessThan(ALPHA * 1.2);
    assertThat(s.naiveMissedZero).isGreaterThan(ALPHA * 1.5);
    assertThat(s.sequentialFlagged).isLessThanOrEqualTo(s.fixedFlagged + 0.002);
    assertThat(s.meanPairs).isLessThan(150);
  }

  /**
   * A real change below the threshold (+1% at 2%) reads REGRESSION no more often than at fixed
   * length (an early look's noisier estimate overshooting the threshold is what the half-threshold
   * margin of {@link Looks#stops} prevents), and a clear one (+5%) stops early.
   */
  @Test
  void aChangeBelowTheThresholdIsNotFlaggedMoreOftenAndAClearOneStopsEarly() {
    Simulated small = simulate(0.01, 7);
    assertThat(small.sequentialFlagged).isLessThanOrEqualTo(small.fixedFlagged * 1.25 + 0.003);
    Simulated clear = simulate(0.05, 8);
    assertThat(clear.sequentialFlagged).isGreaterThan(0.99);
    assertThat(clear.meanPairs).isLessThan(0.6 * 150);
  }

  /**
   * @param missedZero the share of sequential A/Bs where a look's interval up to the stop missed 0
   * @param naiveMissedZero the same with the fixed-length interval read at every look
   * @param sequentialFlagged the share read REGRESSION or IMPROVED, stopping at the first look that
   *     decides
   * @param fixedFlagged the share read REGRESSION or IMPROVED on all 150 pairs
   * @param meanPairs the pairs the sequential A/Bs measured, on average
   */
  private record Simulated(
      double missedZero,
      double naiveMissedZero,
      double sequentialFlagged,
      double fixedFlagged,
      double meanPairs) {}

  private static final double ALPHA = 0.05;

  /** 4,000 A/Bs of 150 pairs with a 6% spread per pair (a 1% half-width at the end). */
  private static Simulated simulate(double change, long seed) {
    Random random = new Random(seed);
    Looks looks = Looks.of(4, 150, ALPHA);
    int runs = 4000;
    int missed = 0;
    int naiveMissed = 0;
    int sequential = 0;
    int fixed = 0;
    long pairsRun = 0;
    for (int run = 0; run < runs; run++) {
      double[] pairs = new double[150];
      for (int i = 0; i < pairs.length; i++) {
        pairs[i] = Math.log1p(change) + 0.06 * random.nextGaussian();
      }
      boolean naiveMiss = false;
      for (int k = 0; k < looks.count(); k++) {
        PairedBlocks p = PairedBlocks.of(Arrays.copyOf(pairs, looks.at()[k]), ALPHA, THRESHOLD);
        naiveMiss |= misses(p, change);
      }
      boolean miss = false;
      for (int k = 0; k < looks.count(); k++) {
        PairedBlocks p =
            PairedBlocks.atLook(Arrays.copyOf(pairs, looks.at()[k]), looks, k, THRESHOLD);
        miss |= misses(p, change);
        if (k == looks.count() - 1 || Looks.stops(p, THRESHOLD)) {
          sequential += flagged(p) ? 1 : 0;
          pairsRun += p.pairs();
          break;
        }
      }
      fixed += flagged(PairedBlocks.of(pairs, ALPHA, THRESHOLD)) ? 1 : 0;
      missed += miss ? 1 : 0;
      naiveMissed += naiveMiss ? 1 : 0;
    }
    return new Simulated(
        (double) missed / runs,
        (double) naiveMissed / runs,
        (double) sequential / runs,
        (double) fixed / runs,
        (double) pairsRun / runs);
  }

  private static boolean misses(PairedBlocks p, double change) {
    return p.ciLow() > change || p.ciHigh() < change;
  }

  private static boolean flagged(PairedBlocks p) {
    return p.verdict() == Verdict.REGRESSION || p.verdict() == Verdict.IMPROVED;
  }
}
