package org.libreyolo.profile.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.LibreYoloException;

/** The detector on seeded series whose truth is known. */
class ChangePointsTest {
  private static double[] noise(long seed, int n, double sd) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      double u = r.nextDouble();
      double w = r.nextDouble();
      v[i] = 100 * (1 + sd * Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * w));
    }
    return v;
  }

  @Test
  void aStepIsFoundWithinOneRunWithItsSize() {
    double[] v = noise(1, 300, 0.02);
    for (int i = 137; i < v.length; i++) {
      v[i] *= 1.08;
    }
    List<ChangePoint> found = ChangePoints.detect(v, ChangePoints.Options.defaults());
    assertThat(found).hasSize(1);
    assertThat(found.get(0).index()).isBetween(136, 138);
    assertThat(found.get(0).change()).isBetween(0.06, 0.10);
    assertThat(found.get(0).pValue()).isLessThan(1e-6);
  }

  @Test
  void noiseAloneHasNoChangePoint() {
    for (long seed = 1; seed <= 5; seed++) {
      assertThat(ChangePoints.detect(noise(seed, 500, 0.02), ChangePoints.Options.defaults()))
          .as("seed " + seed)
          .isEmpty();
    }
  }

  /** One or two slow runs are not a level. */
  @Test
  void outlyingRunsMakeNoChangePoint() {
    double[] v = noise(3, 400, 0.01);
    v[100] *= 1.5;
    v[200] *= 1.5;
    v[201] *= 1.5;
    v[300] *= 1.5;
    v[301] *= 1.5;
    assertThat(ChangePoints.detect(v, ChangePoints.Options.defaults())).isEmpty();
  }

  @Test
  void twoStepsBothFoundAndTheResultIsDeterministic() {
    double[] v = noise(4, 500, 0.02);
    for (int i = 150; i < v.length; i++) {
      v[i] *= 1.06;
    }
    for (int i = 320; i < v.length; i++) {
      v[i] *= 0.95;
    }
    List<ChangePoint> a = ChangePoints.detect(v, ChangePoints.Options.defaults());
    assertThat(a)
        .extracting(ChangePoint::index)
        .hasSize(2)
        .satisfies(
            idx -> {
              assertThat(idx.get(0)).isBetween(149, 151);
              assertThat(idx.get(1)).isBetween(319, 321);
            });
    assertThat(ChangePoints.detect(v.clone(), ChangePoints.Options.defaults())).isEqualTo(a);
  }

  @Test
  void aMinimumMagnitudeDropsSmallChanges() {
    double[] v = noise(5, 300, 0.005);
    for (int i = 150; i < v.length; i++) {
      v[i] *= 1.02;
    }
    assertThat(ChangePoints.detect(v, ChangePoints.Options.defaults())).hasSize(1);
    assertThat(ChangePoints.detect(v, ChangePoints.Options.of(50, 0.001, 0.05))).isEmpty();
  }

  @Test
  void badSettingsAreOneLine() {
    LibreYoloException e =
        catchThrowableOfType(LibreYoloException.class, () -> ChangePoints.Options.of(4, 0.001, 0));
    assertThat(e.getMessage()).isEqualTo("window must be >= 10 runs, got 4");
    e = catchThrowableOfType(LibreYoloException.class, () -> ChangePoints.Options.of(50, 1.5, 0));
    assertThat(e.getMessage()).startsWith("pValue must be within (0, 1)");
  }

  @Test
  void shortSeriesHaveNoChangePoint() {
    assertThat(ChangePoints.detect(new double[] {1, 2, 3}, ChangePoints.Options.defaults()))
        .isEmpty();
    assertThat(ChangePoints.detect(new double[0], ChangePoints.Options.defaults())).isEmpty();
  }
}
