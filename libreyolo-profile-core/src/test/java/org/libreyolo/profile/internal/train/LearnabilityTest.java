package org.libreyolo.profile.internal.train;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.data.DetectionDataset;
import org.libreyolo.profile.internal.data.ShapesDataset;
import org.libreyolo.profile.internal.data.TrainLoader;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.weights.Detectors;

/** The whole training step learns: overfitting one batch of shapes drops the loss clearly. */
class LearnabilityTest {
  static final int STEPS = 60;

  @TempDir Path cache;

  /**
   * One plain (un-mosaicked) batch at lr 0.01. The task-aligned soft targets grow with the IoU of
   * the predictions, so the loss first rises (for ~10 steps from a random init) and then falls: the
   * check is the fall from that peak, which needs gradients, the update and the assignment to work.
   */
  @Test
  @Tag("slow")
  void lossFallsWhenOverfittingOneBatch() {
    TestEngine.boot();
    DetectionDataset ds = DetectionDataset.load(ShapesDataset.ensure("shapes4", cache));
    try (TrainLoader loader = new TrainLoader(ds, 2, 128, 0, 3, false);
        Yolo9Detector d = Detectors.randomInit(Yolo9Size.T, 80, Device.cpu(), 0);
        NDManager state = d.manager().newSubManager()) {
      TrainLoader.Batch batch = loader.next();
      NesterovSgd sgd = new NesterovSgd(d.net().namedParameters(), state);
      List<Double> losses = new ArrayList<>();
      int skipped = 0;
      for (int step = 0; step < STEPS; step++) {
        try (NDManager sub = d.manager().newSubManager()) {
          var x =
              sub.create(batch.images().duplicate(), new Shape(2, 3, 128, 128), DataType.FLOAT32);
          Yolo9Loss.Terms terms;
          try (GradientCollector c = Engine.getInstance().newGradientCollector()) {
            terms =
                Yolo9Loss.compute(
                    d.forwardTraining(x), batch.targets(), TrainLoader.MAX_TARGETS, 128, 128);
            c.backward(terms.total());
          }
          double total = terms.box() + terms.dfl() + terms.cls();
          if (sgd.stepIfFinite(total, 0.01f, sub)) {
            losses.add(total);
          } else {
            skipped++;
          }
        }
      }
      assertThat(skipped).as("steps with a non-finite loss").isLessThan(5);
      double peak = Collections.max(losses);
      List<Double> tail = new ArrayList<>(losses.subList(losses.size() - 5, losses.size()));
      Collections.sort(tail);
      assertThat(tail.get(2))
          .as("median of the last 5 losses vs the peak %s (all: %s)", peak, losses)
          .isLessThan(0.6 * peak);
    }
  }
}
