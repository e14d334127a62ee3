package org.libreyolo.profile.train;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.data.DetectionDataset;
import org.libreyolo.profile.data.ShapesDataset;
import org.libreyolo.profile.data.TrainLoader;
import org.libreyolo.profile.model.Yolo9Detector;
import org.libreyolo.profile.model.Yolo9Size;
import org.libreyolo.profile.weights.Detectors;

/** The whole training step learns: overfitting one batch of shapes drops the loss clearly. */
class LearnabilityTest {
  @TempDir Path cache;

  @Test
  void lossFallsWhenOverfittingOneBatch() {
    TestEngine.boot();
    DetectionDataset ds = DetectionDataset.load(ShapesDataset.ensure("shapes4", cache));
    try (TrainLoader loader = new TrainLoader(ds, 2, 128, 0, 3);
        Yolo9Detector d = Detectors.randomInit(Yolo9Size.T, 80, Device.cpu(), 0);
        NDManager state = d.manager().newSubManager()) {
      TrainLoader.Batch batch = loader.next();
      NesterovSgd sgd = new NesterovSgd(d.net().namedParameters(), state);
      double first = 0;
      double last = 0;
      int skipped = 0;
      for (int step = 0; step < 40; step++) {
        try (NDManager sub = d.manager().newSubManager()) {
          var x = sub.create(batch.images().duplicate(), new Shape(2, 3, 128, 128), DataType.FLOAT32);
          Yolo9Loss.Terms terms;
          try (GradientCollector c = Engine.getInstance().newGradientCollector()) {
            terms = Yolo9Loss.compute(d.forwardTraining(x), batch.targets(), TrainLoader.MAX_TARGETS, 128, 128);
            c.backward(terms.total());
          }
          double total = terms.box() + terms.dfl() + terms.cls();
          if (!sgd.stepIfFinite(total, 0.01f, sub)) {
            skipped++;
            continue;
          }
          if (first == 0) {
            first = total;
          }
          last = total;
        }
      }
      assertThat(skipped).as("steps with a non-finite loss").isLessThan(5);
      assertThat(last).as("loss after 40 steps vs %s at step 0", first).isLessThan(0.8 * first);
    }
  }
}
