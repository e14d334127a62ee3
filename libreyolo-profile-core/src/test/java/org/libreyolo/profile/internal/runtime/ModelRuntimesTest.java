package org.libreyolo.profile.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.model.ModelInfo;
import org.libreyolo.profile.internal.runtime.onnx.OnnxBacked;
import org.libreyolo.profile.internal.runtime.onnx.OnnxSession;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.runtime.EngineFiles;

/**
 * The engine seam: runtimes found by name, and of those claiming a weights file or a model the
 * highest ranked; an engine's files found by suffix and by its profile's first event.
 */
class ModelRuntimesTest {
  @TempDir Path dir;

  @Test
  void aWeightsFileOpensOnTheRuntimeOfItsEngineAndAnythingElseOnLibtorch() throws Exception {
    Path onnx =
        Files.copy(
            Path.of("src/test/resources/fixtures/onnx/two_inputs.onnx"), dir.resolve("m.ONNX"));
    assertThat(ModelRuntimes.forWeights(WeightsSource.resolve(onnx.toString(), null)).name())
        .isEqualTo("onnxruntime");
    assertThat(ModelRuntimes.forWeights(WeightsSource.resolve(null, "t")).name())
        .isEqualTo("libtorch");
  }

  @Test
  void aModelBothRuntimesRunGoesToTheHigherRanked() {
    // a detector backed by an ONNX Runtime session: libtorch runs any detector, the engine's own
    // runtime ranks above it
    Object backed = new BackedDetector();
    assertThat(ModelRuntimes.named("libtorch").modelType().isInstance(backed)).isTrue();
    assertThat(ModelRuntimes.named("onnxruntime").modelType().isInstance(backed)).isTrue();
    assertThat(ModelRuntimes.named("onnxruntime").rank())
        .isGreaterThan(ModelRuntimes.named("libtorch").rank());
    assertThat(ModelRuntimes.forModel(backed).name()).isEqualTo("onnxruntime");
    assertThat(ModelRuntimes.forModel(null).name()).isEqualTo("java");
  }

  @Test
  void aNameNoRuntimeHasIsRefusedNamingThoseThereAre() {
    // this module's tests register a fourth, the ThirdEngineTest's
    assertThatThrownBy(() -> ModelRuntimes.named("tensorrt"))
        .hasMessageStartingWith("no runtime named tensorrt; there are ")
        .hasMessageContainingAll("onnxruntime", "libtorch", "java", "dot");
  }

  @Test
  void anEnginesFilesAreFoundBySuffixAndByTheirFirstEvent() throws Exception {
    assertThat(EngineFiles.forModel("exports/Model.Onnx").map(EngineFiles::engine))
        .contains("onnxruntime");
    assertThat(EngineFiles.forModel("model.torchscript")).isEmpty();
    Path ort =
        Files.writeString(
            dir.resolve("ort.json"),
            "[{\"cat\":\"Session\",\"name\":\"model_run\",\"ts\":0,\"dur\":5,\"ph\":\"X\"}]");
    Path torch = Files.writeString(dir.resolve("trace.json"), "{\"traceEvents\":[]}");
    assertThat(EngineFiles.forProfile(ort).map(EngineFiles::engine)).contains("onnxruntime");
    assertThat(EngineFiles.forProfile(torch)).isEmpty();
    assertThat(EngineFiles.all())
        .flatMap(EngineFiles::processWidePackages)
        .contains("ai/onnxruntime/");
  }

  /** Never run: it only has to be both a detector and ONNX-backed. */
  private static final class BackedDetector implements Detector, OnnxBacked {
    @Override
    public OnnxSession session() {
      throw new UnsupportedOperationException();
    }

    @Override
    public ModelInfo info() {
      throw new UnsupportedOperationException();
    }

    @Override
    public NDManager manager() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Device device() {
      return Device.cpu();
    }

    @Override
    public NDList forward(NDArray input) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void close() {}
  }
}
