package example;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;
import org.libreyolo.profile.junit.StepResult;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.weights.Detectors;

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
  @ProfiledStep(warmup = 10, runs = 20, trace = true, unit = "images", threads = 1)
  void predict(StepProfiler step) {
    StepResult result = step.model(detector.net()).measure(it -> {
      DetectionPipeline.Batch batch = it.phase("preprocess", () -> predictor.preprocess(IMAGES));
      try (NDManager sub = detector.manager().newSubManager()) {
        NDList out = it.phase("forward", () -> predictor.forward(sub, batch));
        it.phase("postprocess", () -> predictor.postprocess(out.get(0), batch));
      }
    });
    System.out.println("typed result: " + result.headline() + ", phases " + result.phaseMeansMs().keySet());
  }
}
