package org.libreyolo.profile.internal.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.TestEngine;

/**
 * Golden values of LibreYOLO's YOLO9Loss computed in float64 by the reference (docs/model.md,
 * "Loss").
 */
class Yolo9LossTest {
  static final int M = 100;

  static float[] targets() {
    float[] t = new float[2 * M * 5];
    java.util.Arrays.fill(t, 0f);
    float[][] rows = {
      {0, .10f, .10f, .40f, .50f}, {1, .50f, .55f, .90f, .95f}, {2, .60f, .05f, .70f, .15f}
    };
    for (int b = 0; b < 2; b++) {
      for (int m = 0; m < M; m++) {
        t[(b * M + m) * 5] = -1;
      }
      for (int r = 0; r < 3; r++) {
        System.arraycopy(rows[r], 0, t, (b * M + r) * 5, 5);
      }
    }
    return t;
  }

  static NDList maps(NDManager m, boolean sin) {
    NDList raw = new NDList();
    int[] sizes = {40, 20, 10};
    int[] strides = {8, 16, 32};
    for (int i = 0; i < 3; i++) {
      int s = sizes[i];
      float[] v = new float[2 * 67 * s * s];
      int k = 0;
      for (int b = 0; b < 2; b++) {
        for (int c = 0; c < 67; c++) {
          for (int h = 0; h < s; h++) {
            for (int w = 0; w < s; w++) {
              v[k++] =
                  sin
                      ? (float)
                          Math.sin(0.37 * (c + 1) + 0.11 * h + 0.07 * w + 0.5 * b + strides[i])
                      : 0f;
            }
          }
        }
      }
      raw.add(m.create(v, new Shape(2, 67, s, s)));
    }
    return raw;
  }

  /**
   * The main golden test (the reference's advice: "treat sin as the main test"). Float32 here
   * against float64 there, so 1e-4 relative. The soft targets divide by max(align) + 1e-9 as
   * LibreYOLO does; without that epsilon every term drifts by 0.2-0.7% on these poor predictions.
   */
  @Test
  void sinPatternMatchesTheGoldenValues() {
    TestEngine.boot();
    try (NDManager m = NDManager.newBaseManager()) {
      Yolo9Loss.Terms t = Yolo9Loss.compute(maps(m, true), targets(), M, 320, 320);
      assertThat(t.numFgPerImage()).isEqualTo(30.0);
      assertThat(t.box()).isCloseTo(3.808903, within(3.808903 * 1e-4));
      assertThat(t.dfl()).isCloseTo(4.479259, within(4.479259 * 1e-4));
      assertThat(t.cls()).isCloseTo(219.473802, within(219.473802 * 1e-4));
      assertThat(t.total().toType(ai.djl.ndarray.types.DataType.FLOAT64, false).getDouble())
          .isCloseTo(227.761963, within(227.761963 * 1e-4));
    }
  }

  @Test
  void zeroMapsMatchTheGoldenValues() {
    TestEngine.boot();
    try (NDManager m = NDManager.newBaseManager()) {
      Yolo9Loss.Terms t = Yolo9Loss.compute(maps(m, false), targets(), M, 320, 320);
      assertThat(t.dfl()).isCloseTo(1.5 * Math.log(16), within(1e-4));
      assertThat(t.box()).isCloseTo(1.819638, within(1.819638 * 1e-4));
      assertThat(t.cls()).isCloseTo(165.926939, within(165.926939 * 1e-4));
      assertThat(t.numFgPerImage()).isEqualTo(30.0);
    }
  }
}
