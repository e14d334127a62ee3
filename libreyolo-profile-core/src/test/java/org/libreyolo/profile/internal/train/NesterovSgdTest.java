package org.libreyolo.profile.internal.train;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.GradientCollector;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.weights.Detectors;

class NesterovSgdTest {
  @Test
  void learningRateWarmsUpLinearlyThenDecaysToOnePercent() {
    assertThat(NesterovSgd.learningRate(0, 30, 300)).isCloseTo(1e-4f, within(1e-9f));
    assertThat(NesterovSgd.learningRate(15, 30, 300)).isCloseTo(0.00505f, within(1e-7f));
    assertThat(NesterovSgd.learningRate(30, 30, 300)).isCloseTo(0.01f, within(1e-7f));
    assertThat(NesterovSgd.learningRate(300, 30, 300)).isCloseTo(1e-4f, within(1e-7f));
  }

  @Test
  void emaDecayRampsUp() {
    assertThat(Ema.decay(1)).isCloseTo(0.9999 * (1 - Math.exp(-1 / 2000.0)), within(1e-12));
    assertThat(Ema.decay(100_000)).isCloseTo(0.9999, within(1e-6));
  }

  @Test
  void oneStepFollowsPytorchNesterovWithDecayGroups() {
    TestEngine.boot();
    try (Yolo9Detector d = Detectors.randomInit(Yolo9Size.T, 3, Device.cpu(), 0);
        NDManager state = d.manager().newSubManager();
        NDManager scratch = d.manager().newSubManager()) {
      Map<String, Parameter> params = d.net().namedParameters();
      NesterovSgd sgd = new NesterovSgd(params, state);
      // decay: the 221 Conv weights and the head's 6 final 1x1 weights; none: 221 gammas, 221
      // betas, 6 biases
      assertThat(sgd.groups()).containsExactly(227, 448);
      Parameter w = params.get("backbone.conv0.conv.weight");
      Parameter gamma = params.get("backbone.conv0.bn.weight");
      float w0 = w.getArray().toFloatArray()[0];
      float gamma0 = gamma.getArray().toFloatArray()[0];
      float gw;
      float gg;
      backwardOnOnes(d, 1f);
      gw = w.getArray().getGradient().toFloatArray()[0];
      gg = gamma.getArray().getGradient().toFloatArray()[0];
      sgd.step(0.01f, scratch);
      // first step, v = g: w -= lr (g + m g), with g += wd w for decayed weights only
      float gDecayed = gw + NesterovSgd.WEIGHT_DECAY * w0;
      assertThat(w.getArray().toFloatArray()[0])
          .isCloseTo(w0 - 0.01f * (gDecayed + NesterovSgd.MOMENTUM * gDecayed), within(1e-6f));
      assertThat(gamma.getArray().toFloatArray()[0])
          .isCloseTo(gamma0 - 0.01f * (gg + NesterovSgd.MOMENTUM * gg), within(1e-6f));
      assertThat(w.getArray().getGradient().toFloatArray()[0]).isZero();
    }
  }

  @Test
  void aNonFiniteLossSkipsTheUpdateAndClearsTheNanGradients() {
    TestEngine.boot();
    try (Yolo9Detector d = Detectors.randomInit(Yolo9Size.T, 3, Device.cpu(), 0);
        NDManager state = d.manager().newSubManager();
        NDManager scratch = d.manager().newSubManager()) {
      Map<String, Parameter> params = d.net().namedParameters();
      NesterovSgd sgd = new NesterovSgd(params, state);
      Parameter w = params.get("backbone.conv0.conv.weight");
      float w0 = w.getArray().toFloatArray()[0];
      backwardOnOnes(d, Float.NaN);
      assertThat(w.getArray().getGradient().toFloatArray()[0]).isNaN();

      assertThat(sgd.stepIfFinite(Double.NaN, 0.01f, scratch)).isFalse();
      assertThat(w.getArray().toFloatArray()[0]).as("weights untouched").isEqualTo(w0);
      assertThat(w.getArray().getGradient().abs().max().getFloat())
          .as("NaN gradients cleared")
          .isZero();
      assertThat(sgd.stepIfFinite(1.0, 0.01f, scratch)).isTrue();
    }
  }

  /**
   * Gradients of {@code scale} times the sum of the first level map, for a 64 x 64 input of ones.
   */
  private static void backwardOnOnes(Yolo9Detector d, float scale) {
    try (NDManager sub = d.manager().newSubManager();
        GradientCollector c = Engine.getInstance().newGradientCollector()) {
      var raw = d.forwardTraining(sub.ones(new Shape(1, 3, 64, 64)));
      c.backward(raw.get(0).sum().mul(scale));
    }
  }
}
