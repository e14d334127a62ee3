package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.libreyolo.profile.onnx.OnnxModel;
import org.libreyolo.profile.result.Json;

/**
 * The model as deployed in a JUnit perf test: an ONNX model loaded once by a {@link ModelFixture},
 * its {@code run} measured in a traced {@code @ProfiledStep}, ONNX Runtime's kernels the profile's
 * ops and work (docs/onnx.md).
 */
class OnnxStepTest {
  @TempDir Path dir;

  static final Path MODEL =
      Path.of(
              "../libreyolo-profile-core/src/test/resources/fixtures/onnx/global_pool_classifier.onnx")
          .toAbsolutePath()
          .normalize();

  static class Classifier {
    @RegisterExtension
    static ModelFixture<OnnxModel> model = ModelFixture.of(() -> OnnxModel.load(MODEL, 1));

    @Test
    @ProfiledStep(warmup = 2, runs = 20, trace = true)
    void classify(StepProfiler step) throws Exception {
      float[] image = new float[3 * 64 * 64];
      try (OnnxTensor x =
          OnnxTensor.createTensor(
              model.get().environment(), FloatBuffer.wrap(image), new long[] {1, 3, 64, 64})) {
        step.runsOn(model.get())
            .measure(
                () -> {
                  try (OrtSession.Result r = model.get().run(Map.of("images", x))) {
                    return r.get(0).getValue();
                  }
                });
      }
    }
  }

  @Test
  void anOnnxModelsRunIsProfiledWithItsKernelsAndWork() throws Exception {
    EngineTestKit.engine("junit-jupiter")
        .configurationParameter("libreyolo.profile.outputDirectory", dir.toString())
        .selectors(selectClass(Classifier.class))
        .execute()
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));
    Path out = dir.resolve(Classifier.class.getName()).resolve("classify");
    JsonNode p = Json.MAPPER.readTree(out.resolve("profile.json").toFile());
    assertThat(p.path("environment").path("engine").asText()).startsWith("ONNX Runtime");
    assertThat(p.path("work").path("conv_macs_stride1_per_step").asLong())
        .isEqualTo(64L * 64 * 16 * 3 * 3 * 3);
    assertThat(p.path("ops").findValuesAsText("op")).contains("Conv", "Gemm");
  }
}
