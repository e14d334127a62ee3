package demo;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;
import org.libreyolo.profile.yolo.Yolo9;

/**
 * A perf test on the engine in the versions bench: LibreYOLO9t's predict at 256 px (random
 * weights).
 */
class ForwardPerfTest {
  static Yolo9 yolo = Yolo9.randomInit("t", 256);
  static List<Yolo9.Image> images = Yolo9.sampleImages();

  @Test
  @ProfiledStep(warmup = 5, runs = 20, unit = "images", threads = 1)
  void predict(StepProfiler step) {
    step.model(yolo.block())
        .measure(
            it -> {
              var batch = it.phase("preprocess", () -> yolo.preprocess(images));
              try (NDManager sub = yolo.newSubManager()) {
                NDList out = it.phase("forward", () -> yolo.forward(sub, batch));
                return it.phase("postprocess", () -> yolo.postprocess(out, batch));
              }
            });
  }

  @AfterAll
  static void close() {
    yolo.close();
  }
}
