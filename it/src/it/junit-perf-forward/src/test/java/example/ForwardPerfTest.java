package example;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.data.ImageSource;
import org.libreyolo.profile.image.RgbImage;
import org.libreyolo.profile.engine.Engines;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;
import org.libreyolo.profile.model.Yolo9Detector;
import org.libreyolo.profile.model.Yolo9Size;
import org.libreyolo.profile.pipeline.NmsOptions;
import org.libreyolo.profile.pipeline.DetectionPipeline;
import org.libreyolo.profile.weights.Detectors;

/** A perf test of a real LibreYOLO9t predict step at 128 px, profiled by the extension. */
class ForwardPerfTest {
  static Yolo9Detector detector;
  static DetectionPipeline predictor;
  static final List<RgbImage> IMAGES = List.of(ImageSource.sample());

  @BeforeAll
  static void load() {
    Engines.boot(1);
    detector = Detectors.randomInit(Yolo9Size.T, 80, Device.cpu(), 0);
    predictor = new DetectionPipeline(detector, 128, 128, NmsOptions.DEFAULT);
  }

  @AfterAll
  static void close() {
    detector.close();
  }

  @Test
  @ProfiledStep(warmup = 10, runs = 20, trace = true)
  void predict(StepProfiler step) {
    step.model(detector.net()).measure(it -> {
      DetectionPipeline.Batch[] batch = new DetectionPipeline.Batch[1];
      it.phase("preprocess", () -> batch[0] = predictor.preprocess(IMAGES));
      try (NDManager sub = detector.manager().newSubManager()) {
        NDList[] out = new NDList[1];
        it.phase("forward", () -> out[0] = predictor.forward(sub, batch[0]));
        it.phase("postprocess", () -> predictor.postprocess(out[0].get(0), batch[0]));
      }
    });
  }
}
