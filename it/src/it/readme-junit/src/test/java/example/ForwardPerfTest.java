package example;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;
import org.libreyolo.profile.junit.StepResult;
import org.libreyolo.profile.yolo.Yolo9;

/** LibreYOLO9t's predict step (random weights, seed 0), split into its three phases. */
class ForwardPerfTest {
  static Yolo9 yolo = Yolo9.randomInit("t", 320);
  static List<Yolo9.Image> images = Yolo9.sampleImages();

  @Test
  @ProfiledStep(warmup = 5, runs = 30, unit = "images", threads = 1, trace = true)
  void predict(StepProfiler step) {
    StepResult result = step.model(yolo.block()).measure(it -> {
      var batch = it.phase("preprocess", () -> yolo.preprocess(images));
      try (NDManager sub = yolo.newSubManager()) {
        NDList out = it.phase("forward", () -> yolo.forward(sub, batch));
        return it.phase("postprocess", () -> yolo.postprocess(out, batch));
      }
    });
    System.out.println(result.headline() + ", forward " + result.phaseMeansMs().get("forward") + " ms");
  }

  @AfterAll
  static void close() {
    yolo.close();
  }
}
