package org.libreyolo.profile.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SoloCheckTest {
  private static final double[] SHARED = {1.00, 1.02, 0.98, 1.01, 0.99, 1.00};

  @Test
  void aSideAsFastSharedAsAloneIsRepresentative() {
    SoloCheck c =
        SoloCheck.of(SHARED, new double[] {1.01}, SHARED, new double[] {0.99}, 0.01, 0.02);
    assertFalse(c.distorted());
    assertFalse(c.undecided(), "both within the threshold: nothing more to run");
    assertTrue(c.why("1.0", "this build").startsWith("a call shared against alone: 1.0 "));
  }

  @Test
  void aSideHalfAsSlowAgainSharedIsDistortedAndSaidWithItsTimes() {
    double[] slower = {1.50, 1.53, 1.47, 1.52, 1.49, 1.50};
    double[] aloneA = {1.0, 1.02, 0.99};
    double[] aloneB = {1.01, 0.98, 1.0};
    SoloCheck c = SoloCheck.of(slower, aloneA, SHARED, aloneB, 0.01, 0.02);
    assertTrue(c.baseline().distorted());
    assertFalse(c.candidate().distorted());
    assertEquals(0.5, c.baseline().change(), 0.02);
    assertTrue(c.baseline().ciLow() > 0.3, "its interval excludes no change");
    String why = c.why("1.0", "this build");
    assertTrue(
        why.startsWith("the JVMs holding both versions did not run it as it runs alone"), why);
    assertTrue(why.contains("1.0 1.5 ms a call shared, 1 ms alone (+49.7% ["), why);
  }

  /**
   * The case CI met: two shared JVMs that agree within 4%, and the solo JVMs of the two sides 60%
   * apart though the shared JVMs find the sides equal. The solo JVMs spread far more than the
   * shared ones; judged by the shared JVMs' spread alone, the baseline's +67% read as a distortion.
   * With the solo JVMs' own spread it is within the noise: undecided, worth a round.
   */
  @Test
  void soloJvmsThatSpreadMoreThanTheSharedOnesAreJudgedByTheirOwnSpread() {
    double[] sharedA = {0.100, 0.104};
    double[] sharedB = {0.102, 0.106};
    SoloCheck c =
        SoloCheck.of(sharedA, new double[] {0.0611}, sharedB, new double[] {0.098}, 0.01, 0.05);
    assertFalse(c.distorted());
    assertTrue(c.undecided(), "+67% beyond the threshold, within the noise: one more round");
    assertTrue(Math.expm1(c.soloNoise()) > 0.3, "the solo JVMs' spread: " + c.soloNoise());
    assertTrue(Math.expm1(c.sharedNoise()) < 0.05);
    // one JVM a side: an interval as wide as it is, its far end said as what it is
    assertTrue(c.why("1.0", "2.0").contains(", >+900]"), c.why("1.0", "2.0"));
  }

  @Test
  void aDistortionIsCalledOnlyOnceEachSidesSoloJvmsShowTheirSpread() {
    // five times slower shared, both sides; the solo JVMs agree within 2%
    double[] shared = {5.0, 5.1, 4.9};
    SoloCheck one =
        SoloCheck.of(shared, new double[] {1.0}, shared, new double[] {1.01}, 0.01, 0.05);
    SoloCheck two =
        SoloCheck.of(
            shared, new double[] {1.0, 1.02}, shared, new double[] {1.01, 0.99}, 0.01, 0.05);
    assertFalse(one.distorted(), "one JVM a side: look again, never call it");
    assertTrue(one.undecided());
    assertTrue(two.distorted());
    assertTrue(two.baseline().df() > 2);
  }

  @Test
  void aDifferenceWithinTheNoiseIsNotADistortion() {
    // JVMs that spread by ~10%: a 6% difference from one solo JVM is within the noise
    double[] noisy = {1.0, 1.12, 0.9, 1.1, 0.92, 1.05};
    SoloCheck c = SoloCheck.of(noisy, new double[] {0.95}, noisy, new double[] {1.0}, 0.01, 0.02);
    assertFalse(c.distorted());
  }

  @Test
  void aDifferenceBeyondTheNoiseButWithinTheThresholdIsNotADistortion() {
    double[] tight = {1.010, 1.011, 1.009, 1.010, 1.010, 1.011};
    double[] alone = {1.0, 1.001, 1.0005};
    SoloCheck c = SoloCheck.of(tight, alone, tight, alone, 0.01, 0.02);
    assertTrue(c.baseline().ciLow() > 0, "beyond the noise");
    assertFalse(c.distorted(), "1% is within the 2% threshold");
    assertFalse(c.undecided());
  }

  @Test
  void noCheckWithoutAFigureOnEachSideOrWithoutSpread() {
    assertNull(SoloCheck.of(SHARED, new double[0], SHARED, new double[] {1}, 0.01, 0.02));
    assertNull(
        SoloCheck.of(
            new double[] {1}, new double[] {1}, new double[] {1}, new double[] {1}, 0.01, 0.02));
  }

  /**
   * The histogram step of the adversarial study: JVMs that spread by ~15%, a 4% difference, two
   * solo JVMs a side. A third round would not call it should the difference stay: stop (futility).
   * A 50% difference in the same noise is worth the round.
   */
  @Test
  void aRoundThatCouldNotCallItIsNotRun() {
    double[] shared = {1.0, 1.15, 0.87, 1.1, 0.9, 1.05};
    double[] alone = {0.95, 1.1};
    SoloCheck small =
        SoloCheck.of(shared, scaled(alone, 0.96), shared, scaled(alone, 0.97), 0.01, 0.02);
    assertFalse(small.distorted());
    assertFalse(small.undecided(), "a third JVM cannot narrow 15% below 4%");
    assertTrue(small.futile());
    SoloCheck large =
        SoloCheck.of(shared, scaled(alone, 0.65), shared, scaled(alone, 0.97), 0.01, 0.02);
    assertFalse(large.distorted());
    assertTrue(large.undecided(), "a +50% difference may leave the noise with one more JVM");
    assertFalse(large.futile());
  }

  /**
   * A model step of the README's perf tests (2026-12-07): the shared JVMs spread by about 30%, one
   * solo JVM a side 25% faster. Had it stayed, three JVMs a side could not tell it from that noise:
   * no second round. The same 25% among JVMs that agree within 1% is worth one.
   */
  @Test
  void afterOneSoloJvmTheSharedSpreadDecidesWhetherMoreRoundsCouldCallIt() {
    double[] spread = {40, 56, 38, 61, 44, 35};
    SoloCheck noisy =
        SoloCheck.of(spread, new double[] {36.0}, spread, new double[] {37.0}, 0.01, 0.05);
    assertFalse(noisy.undecided(), "three JVMs a side cannot narrow 30% below 25%");
    assertTrue(noisy.futile());
    double[] tight = {45.0, 45.3, 44.8, 45.2, 45.1, 44.9};
    SoloCheck quiet =
        SoloCheck.of(tight, new double[] {36.0}, tight, new double[] {37.0}, 0.01, 0.05);
    assertTrue(quiet.undecided(), "one JVM a side: look again where the noise is small");
  }

  private static double[] scaled(double[] v, double by) {
    return java.util.Arrays.stream(v).map(x -> x * by).toArray();
  }
}
