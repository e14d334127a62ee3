package org.libreyolo.profile.internal.runtime.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnnxGraphTest {
  static final Path MODEL = Path.of("src/test/resources/fixtures/onnx/wide_pool_classifier.onnx");

  @Test
  void readsEachConvolutionsWeightShapeByNodeAndOutputName() {
    Map<String, long[]> weights = OnnxGraph.convolutionWeights(MODEL);
    assertThat(weights).containsOnlyKeys("conv", "y");
    assertThat(weights.get("conv")).containsExactly(32, 3, 3, 3);
  }

  @Test
  void anUnreadableFileHasNone(@TempDir Path dir) throws Exception {
    byte[] bytes = Files.readAllBytes(MODEL);
    Path cut = Files.write(dir.resolve("cut.onnx"), java.util.Arrays.copyOf(bytes, 100));
    assertThat(OnnxGraph.convolutionWeights(cut)).isEmpty();
    assertThat(OnnxGraph.convolutionWeights(dir.resolve("missing.onnx"))).isEmpty();
  }
}
