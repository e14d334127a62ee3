package org.libreyolo.profile.internal.weights;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.model.TorchScriptDetector;
import org.libreyolo.profile.internal.pipeline.Postprocess;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.result.Detection;

/**
 * The TorchScript path with a real (identity) TorchScript archive: detection as TorchScript, load
 * through DJL, forward, and the (B, 4+nc, A) output layout read by postprocess.
 */
class TorchScriptTest {
  @TempDir Path dir;

  @Test
  void aTorchScriptPtIsRecognisedLoadedAndItsOutputDecoded() {
    TestEngine.boot();
    Path pt = TestEngine.fixture("torchscript/identity.pt");
    WeightsSource source = WeightsSource.resolve(pt.toString(), null);
    assertThat(source.kind()).isEqualTo(WeightsSource.Kind.TORCHSCRIPT);
    try (Detector detector = ModelRuntimes.open(source, 80, Device.cpu());
        NDManager sub = detector.manager().newSubManager()) {
      assertThat(detector).isInstanceOf(TorchScriptDetector.class);
      // the identity module hands back a ready-made (1, 4+2, 3) "predictions" tensor
      float[] values = {
        10,
        100,
        0, // x1
        10,
        100,
        0, // y1
        50,
        140,
        5, // x2
        50,
        140,
        5, // y2
        0.9f,
        0.1f,
        0.8f, // class 0
        0.2f,
        0.7f,
        0.1f // class 1
      };
      NDArray in = sub.create(values, new Shape(1, 6, 3));
      float[] out = detector.forward(in).get(0).toFloatArray();
      assertThat(out).containsExactly(values);
      assertThat(detector.info().classes()).isEqualTo(2);
      assertThat(detector.info().format()).isEqualTo("torchscript");
      List<Detection> dets =
          Postprocess.run(out, 0, 2, 3, 1.0, 200, 200, NmsOptions.DEFAULT, detector::className);
      assertThat(dets).extracting(Detection::score).containsExactly(0.9f, 0.8f, 0.7f);
    }
  }

  @Test
  void aCorruptTorchScriptIsBadInput() throws Exception {
    TestEngine.boot();
    Path broken = dir.resolve("broken.torchscript");
    Files.write(broken, new byte[] {'P', 'K', 3, 4, 0, 0});
    WeightsSource source = WeightsSource.resolve(broken.toString(), null);
    assertThatThrownBy(() -> ModelRuntimes.open(source, 80, Device.cpu()))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("cannot load TorchScript model");
  }
}
