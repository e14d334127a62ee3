package org.libreyolo.profile.internal.weights;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.io.Npz;
import org.libreyolo.profile.internal.io.Tensor;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;

class WeightsTest {
  @TempDir Path dir;

  @Test
  void builtInNamesWithoutAFileAreRandomInitAndFixTheSize() {
    WeightsSource s = WeightsSource.resolve("LibreYOLO9m.pt", null);
    assertThat(s.kind()).isEqualTo(WeightsSource.Kind.RANDOM_INIT);
    assertThat(s.size()).isEqualTo(Yolo9Size.M);
    assertThat(s.label()).isEqualTo("random-init");
    assertThat(WeightsSource.resolve(null, "s").size()).isEqualTo(Yolo9Size.S);
    assertThatThrownBy(() -> WeightsSource.resolve("LibreYOLO9t.pt", "c"))
        .hasMessageContaining("size is c");
  }

  @Test
  void missingFilesAndPickledCheckpointsAreBadInput() throws Exception {
    assertThatThrownBy(() -> WeightsSource.resolve("nope.npz", null))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("weights file not found");
    Path pickle = dir.resolve("model.pt");
    Files.write(pickle, new byte[] {(byte) 0x80, 2});
    assertThatThrownBy(() -> WeightsSource.resolve(pickle.toString(), null))
        .hasMessageContaining("pickled");
  }

  @Test
  void randomInitIsSeededAndSetsTheHeadPriors() {
    TestEngine.boot();
    try (Yolo9Detector a = Detectors.randomInit(Yolo9Size.T, 80, Device.cpu(), 0);
        Yolo9Detector b = Detectors.randomInit(Yolo9Size.T, 80, Device.cpu(), 0)) {
      float[] wa =
          a.net().namedParameters().get("backbone.conv0.conv.weight").getArray().toFloatArray();
      float[] wb =
          b.net().namedParameters().get("backbone.conv0.conv.weight").getArray().toFloatArray();
      assertThat(wa).containsExactly(wb);
      assertThat(wa[0])
          .isNotZero()
          .isBetween(-1 / (float) Math.sqrt(27), 1 / (float) Math.sqrt(27));
      float[] cls = a.net().namedParameters().get("head.cv3.0.2.bias").getArray().toFloatArray();
      assertThat(cls[0]).isCloseTo(-11.537f, org.assertj.core.data.Offset.offset(1e-3f));
      assertThat(a.net().namedParameters().get("head.cv2.2.2.bias").getArray().toFloatArray()[5])
          .isEqualTo(1f);
    }
  }

  @Test
  void mismatchedNamesAndShapesListTheOffendingKeys() {
    TestEngine.boot();
    Map<String, Tensor> fixture =
        Npz.read(TestEngine.fixture("libreyolo9t/libreyolo9t-seed7-320-weights.npz"));
    Map<String, Npz.FloatArray> broken = new LinkedHashMap<>();
    fixture.forEach(
        (name, t) -> {
          if (!name.equals("backbone.conv1.bn.bias")) {
            long[] shape = name.equals("backbone.conv0.bn.weight") ? new long[] {17} : t.shape();
            float[] values =
                name.equals("backbone.conv0.bn.weight") ? new float[17] : t.toFloatArray();
            broken.put(name, new Npz.FloatArray(values, shape));
          }
        });
    broken.put("extra.weight", new Npz.FloatArray(new float[1], new long[] {1}));
    Path file = dir.resolve("broken.npz");
    AtomicFiles.write(file, out -> Npz.writeFloat32(out, broken));
    WeightsSource source = WeightsSource.resolve(file.toString(), null);
    assertThatThrownBy(() -> ModelRuntimes.open(source, 80, Device.cpu()))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("1 missing (backbone.conv1.bn.bias)")
        .hasMessageContaining("wrong shape (backbone.conv0.bn.weight [17]")
        .hasMessageContaining("1 unexpected (extra.weight)");
  }
}
