package org.libreyolo.profile.model;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.io.Npz;
import org.libreyolo.profile.io.Tensor;
import org.libreyolo.profile.weights.Detectors;
import org.libreyolo.profile.weights.WeightsSource;

/** The acceptance that matters most: our LibreYOLO9t reproduces upstream's outputs. */
class NumericParityTest {
  @Test
  void predictionsAndRawMapsMatchUpstreamWithinOneEMinus4() {
    TestEngine.boot();
    WeightsSource source =
        WeightsSource.resolve(TestEngine.fixture("libreyolo9t/libreyolo9t-seed7-320-weights.npz").toString(), null);
    Map<String, Tensor> io = Npz.read(TestEngine.fixture("libreyolo9t/libreyolo9t-seed7-320-io.npz"));
    try (Detector detector = Detectors.load(source, 80, Device.cpu());
        NDManager sub = detector.manager().newSubManager()) {
      assertThat(detector.info().size()).isEqualTo("t");
      Tensor input = io.get("input");
      NDArray x = sub.create(input.toFloat32(), new Shape(input.shape()), DataType.FLOAT32);
      NDList out = detector.forward(x);
      String[] names = {"predictions", "raw0", "raw1", "raw2"};
      for (int i = 0; i < names.length; i++) {
        Tensor expected = io.get(names[i]);
        assertThat(out.get(i).getShape().getShape()).as(names[i]).containsExactly(expected.shape());
        float[] actual = out.get(i).toFloatArray();
        float[] want = expected.toFloatArray();
        double maxDiff = 0;
        for (int j = 0; j < want.length; j++) {
          maxDiff = Math.max(maxDiff, Math.abs(actual[j] - want[j]));
        }
        assertThat(maxDiff).as("max |diff| of " + names[i]).isLessThanOrEqualTo(1e-4);
      }
    }
  }
}
