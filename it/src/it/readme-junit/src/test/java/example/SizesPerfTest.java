package example;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;
import org.libreyolo.profile.yolo.Yolo9;

/** One profile and one baseline per invocation: predict[imgsz=256], predict[imgsz=320]. */
class SizesPerfTest {
  @ParameterizedTest(name = "imgsz={0}")
  @ValueSource(ints = {256, 320})
  @ProfiledStep(runs = 15, unit = "images", threads = 1, trace = true)
  void predict(int imgsz, StepProfiler step) {
    try (Yolo9 yolo = Yolo9.randomInit("t", imgsz)) {
      var images = Yolo9.sampleImages();
      step.model(yolo.block()).measure(it -> {
        var batch = it.phase("preprocess", () -> yolo.preprocess(images));
        try (NDManager sub = yolo.newSubManager()) {
          NDList out = it.phase("forward", () -> yolo.forward(sub, batch));
          return it.phase("postprocess", () -> yolo.postprocess(out, batch));
        }
      });
    }
  }
}
