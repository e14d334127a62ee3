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
    assertEquals(10, c.df()); // 5 + 0 + 5 + 0: only the shared JVMs give the spread
    assertTrue(c.why("1.0", "this build").startsWith("a call shared against alone: 1.0 "));
  }

  @Test
  void aSideHalfAsSlowAgainSharedIsDistortedAndSaidWithItsTimes() {
    double[] slower = {1.50, 1.53, 1.47, 1.52, 1.49, 1.50};
    SoloCheck c = SoloCheck.of(slower, new double[] {1.0}, SHARED, new double[] {1.0}, 0.01, 0.02);
    assertTrue(c.baseline().distorted());
    assertFalse(c.candidate().distorted());
    assertEquals(0.5, c.baseline().change(), 0.02);
    assertTrue(c.baseline().ciLow() > 0.3, "its interval excludes no change");
    String why = c.why("1.0", "this build");
    assertTrue(
        why.startsWith("the JVMs holding both versions did not run it as it runs alone"), why);
    assertTrue(why.contains("1.0 1.5 ms a call shared, 1 ms alone (+50."), why);
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
    double[] alone = {1.0, 1.001};
    SoloCheck c = SoloCheck.of(tight, alone, tight, alone, 0.01, 0.02);
    assertTrue(c.baseline().ciLow() > 0, "beyond the noise");
    assertFalse(c.distorted(), "1% is within the 2% threshold");
  }

  @Test
  void noCheckWithoutAFigureOnEachSideOrWithoutSpread() {
    assertNull(SoloCheck.of(SHARED, new double[0], SHARED, new double[] {1}, 0.01, 0.02));
    assertNull(
        SoloCheck.of(
            new double[] {1}, new double[] {1}, new double[] {1}, new double[] {1}, 0.01, 0.02));
  }
}
