package example;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;
import org.libreyolo.profile.junit.StepResult;
import org.libreyolo.profile.produce.Engine;
import org.libreyolo.profile.yolo.Yolo9;

/** A perf test of a real LibreYOLO9t predict step at 128 px, profiled by the extension (public API only). */
class ForwardPerfTest {
  static Yolo9 yolo;
  static final List<Yolo9.Image> IMAGES = Yolo9.sampleImages();

  @BeforeAll
  static void load() {
    Engine.boot(1);
    yolo = Yolo9.randomInit("t", 128);
  }

  @AfterAll
  static void close() {
    yolo.close();
  }

  @Test
  @ProfiledStep(warmup = 10, runs = 20, trace = true, unit = "images", threads = 1)
  void predict(StepProfiler step) {
    StepResult result = step.model(yolo.block()).measure(it -> {
      Yolo9.Input batch = it.phase("preprocess", () -> yolo.preprocess(IMAGES));
      try (NDManager sub = yolo.newSubManager()) {
        NDList out = it.phase("forward", () -> yolo.forward(sub, batch));
        it.phase("postprocess", () -> yolo.postprocess(out, batch));
      }
    });
    System.out.println("typed result: " + result.headline() + ", phases " + result.phaseMeansMs().keySet());
  }
}
