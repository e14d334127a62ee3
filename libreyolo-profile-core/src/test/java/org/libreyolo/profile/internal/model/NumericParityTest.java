package org.libreyolo.profile.internal.model;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.io.Npz;
import org.libreyolo.profile.internal.io.Tensor;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;
import org.libreyolo.profile.internal.weights.WeightsSource;

/**
 * The acceptance that matters most: our LibreYOLO9t reproduces upstream's outputs, layer for layer
 * (unfused), and the fused inference path (BatchNorm folded, RepConvN merged) reproduces the
 * unfused one.
 */
class NumericParityTest {
  private static final String[] OUTPUTS = {"predictions", "raw0", "raw1", "raw2"};
  private static Map<String, Tensor> io;
  private static WeightsSource weights;

  @BeforeAll
  static void fixtures() {
    TestEngine.boot();
    weights =
        WeightsSource.resolve(
            TestEngine.fixture("libreyolo9t/libreyolo9t-seed7-320-weights.npz").toString(), null);
    io = Npz.read(TestEngine.fixture("libreyolo9t/libreyolo9t-seed7-320-io.npz"));
  }

  @Test
  void unfusedPredictionsAndRawMapsMatchUpstreamWithinOneEMinus4() {
    float[][] unfused = run(false);
    for (int i = 0; i < OUTPUTS.length; i++) {
      assertThat(maxAbsDiff(unfused[i], io.get(OUTPUTS[i]).toFloatArray()))
          .as("max |diff| of " + OUTPUTS[i])
          .isLessThanOrEqualTo(1e-4);
    }
  }

  @Test
  void fusedPathIsWithinOneEMinus4RelativeOfTheUnfusedOne() {
    float[][] unfused = run(false);
    float[][] fused = run(true);
    for (int i = 0; i < OUTPUTS.length; i++) {
      double diff = maxAbsDiff(fused[i], unfused[i]);
      double relative = diff / maxAbs(unfused[i]);
      System.out.printf(
          Locale.ROOT,
          "fused vs unfused %-11s max|diff| %.3e, relative %.3e%n",
          OUTPUTS[i],
          diff,
          relative);
      assertThat(relative)
          .as("max |diff| / max |value| of " + OUTPUTS[i])
          .isLessThanOrEqualTo(1e-4);
      // and the fused path still meets the upstream bar on its own
      assertThat(maxAbsDiff(fused[i], io.get(OUTPUTS[i]).toFloatArray()))
          .as(OUTPUTS[i] + " vs upstream")
          .isLessThanOrEqualTo(1e-4);
    }
  }

  @Test
  void fusionFollowsParameterChanges() {
    try (Yolo9Detector detector = (Yolo9Detector) ModelRuntimes.open(weights, 80, Device.cpu());
        NDManager sub = detector.manager().newSubManager()) {
      NDArray x = input(sub);
      float[] before = detector.forward(x).get(1).toFloatArray();
      // a changed BN shift in the class tower (raw0 shows it directly) must reach the fused weights
      // after unfuse()
      var bias = detector.net().namedParameters().get("head.cv3.0.1.bn.bias").getArray();
      bias.addi(1f);
      detector.unfuse();
      float[] after = detector.forward(x).get(1).toFloatArray();
      float[] reference = detector.fusion(false).forward(x).get(1).toFloatArray();
      assertThat(maxAbsDiff(before, after)).isGreaterThan(1e-3);
      assertThat(maxAbsDiff(after, reference) / maxAbs(reference)).isLessThanOrEqualTo(1e-4);
    }
  }

  private static float[][] run(boolean fusion) {
    try (Yolo9Detector detector = (Yolo9Detector) ModelRuntimes.open(weights, 80, Device.cpu());
        NDManager sub = detector.manager().newSubManager()) {
      assertThat(detector.info().size()).isEqualTo("t");
      NDList out = detector.fusion(fusion).forward(input(sub));
      float[][] values = new float[OUTPUTS.length][];
      for (int i = 0; i < OUTPUTS.length; i++) {
        assertThat(out.get(i).getShape().getShape())
            .as(OUTPUTS[i])
            .containsExactly(io.get(OUTPUTS[i]).shape());
        values[i] = out.get(i).toFloatArray();
      }
      return values;
    }
  }

  private static NDArray input(NDManager sub) {
    Tensor input = io.get("input");
    return sub.create(input.toFloat32(), new Shape(input.shape()), DataType.FLOAT32);
  }

  private static double maxAbsDiff(float[] a, float[] b) {
    assertThat(a).hasSameSizeAs(b);
    double max = 0;
    for (int j = 0; j < a.length; j++) {
      max = Math.max(max, Math.abs(a[j] - b[j]));
    }
    return max;
  }

  private static double maxAbs(float[] a) {
    double max = 0;
    for (float v : a) {
      max = Math.max(max, Math.abs(v));
    }
    return max;
  }
}
