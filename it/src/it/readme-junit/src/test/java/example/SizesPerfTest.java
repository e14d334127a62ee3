package example;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.internal.weights.Detectors;

/** One profile and one baseline per invocation: predict[imgsz=256], predict[imgsz=320]. */
class SizesPerfTest {
  static Yolo9Detector detector = Detectors.randomInit(Yolo9Size.T, 80, Device.cpu(), 0);
  static List<RgbImage> images = List.of(ImageSource.sample());

  @ParameterizedTest(name = "imgsz={0}")
  @ValueSource(ints = {256, 320})
  @ProfiledStep(runs = 15, unit = "images", threads = 1, trace = true)
  void predict(int imgsz, StepProfiler step) {
    DetectionPipeline pipeline = new DetectionPipeline(detector, imgsz, imgsz, NmsOptions.DEFAULT);
    step.model(detector.net()).measure(it -> {
      var batch = it.phase("preprocess", () -> pipeline.preprocess(images));
      try (NDManager sub = detector.manager().newSubManager()) {
        NDList out = it.phase("forward", () -> pipeline.forward(sub, batch));
        it.phase("postprocess", () -> pipeline.postprocess(out.get(0), batch));
      }
    });
  }

  @AfterAll
  static void close() {
    detector.close();
  }
}
