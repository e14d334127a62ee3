package example;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;
import org.libreyolo.profile.junit.StepResult;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.internal.weights.Detectors;

/** LibreYOLO9t's predict step (random weights, seed 0), split into its three phases. */
class ForwardPerfTest {
  static Yolo9Detector detector = Detectors.randomInit(Yolo9Size.T, 80, Device.cpu(), 0);
  static DetectionPipeline predictor = new DetectionPipeline(detector, 320, 320, NmsOptions.DEFAULT);
  static List<RgbImage> images = List.of(ImageSource.sample());

  @Test
  @ProfiledStep(warmup = 5, runs = 30, unit = "images", threads = 1, trace = true)
  void predict(StepProfiler step) {
    StepResult result = step.model(detector.net()).measure(it -> {
      var batch = it.phase("preprocess", () -> predictor.preprocess(images));
      try (NDManager sub = detector.manager().newSubManager()) {
        NDList out = it.phase("forward", () -> predictor.forward(sub, batch));
        it.phase("postprocess", () -> predictor.postprocess(out.get(0), batch));
      }
    });
    System.out.println(result.headline() + ", forward " + result.phaseMeansMs().get("forward") + " ms");
  }

  @AfterAll
  static void close() {
    detector.close();
  }
}
