package org.libreyolo.profile.internal.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.ndarray.BaseNDManager;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.weights.Detectors;
import org.libreyolo.profile.options.NmsOptions;

class DetectionPipelineTest {
  private static Yolo9Detector detector;

  @BeforeAll
  static void load() {
    TestEngine.boot();
    detector = Detectors.randomInit(Yolo9Size.T, 80, Device.cpu(), 0);
  }

  @AfterAll
  static void close() {
    detector.close();
  }

  @Test
  void zeroRawMapsDecodeToAnchorCentredBoxesWithScoreOneHalf() {
    try (NDManager sub = detector.manager().newSubManager()) {
      NDList raw =
          new NDList(
              sub.zeros(new Shape(1, 84 + 60, 4, 4)),
              sub.zeros(new Shape(1, 144, 2, 2)),
              sub.zeros(new Shape(1, 144, 1, 1)));
      raw.get(0).set(new ai.djl.ndarray.index.NDIndex(":, 64:, :, :"), 0f);
      NDArray predictions = org.libreyolo.profile.internal.model.DecodeProbe.decode(raw);
      float[] v = predictions.toFloatArray();
      int anchors = 16 + 4 + 1;
      // uniform DFL bins: expected distance 7.5 on every side; anchor (0,0) of stride 8 has centre
      // 4
      assertThat(v[0]).isEqualTo((0.5f - 7.5f) * 8);
      assertThat(v[2 * anchors]).isEqualTo((0.5f + 7.5f) * 8);
      // last anchor: stride 32, centre (16, 16)
      assertThat(v[anchors - 1]).isEqualTo((0.5f - 7.5f) * 32);
      assertThat(v[4 * anchors]).isEqualTo(0.5f);
    }
  }

  @Test
  void repeatedPredictionsKeepTheManagedArrayCountFlat() {
    DetectionPipeline predictor = new DetectionPipeline(detector, 64, 96, NmsOptions.DEFAULT);
    List<RgbImage> batch = List.of(ImageSource.sample());
    BaseNDManager manager = (BaseNDManager) detector.manager();
    predictor.predict(batch);
    int before = manager.getManagedArrays().size();
    for (int i = 0; i < 200; i++) {
      predictor.predict(batch);
    }
    assertThat(manager.getManagedArrays()).hasSize(before);
  }

  @Test
  void lowConfidenceMakesMoreCandidatesThanHighConfidence() {
    DetectionPipeline low =
        new DetectionPipeline(detector, 64, 64, new NmsOptions(0.0f, 0.45f, 10_000));
    DetectionPipeline high =
        new DetectionPipeline(detector, 64, 64, new NmsOptions(0.9f, 0.45f, 300));
    List<RgbImage> batch = List.of(ImageSource.sample());
    assertThat(low.predict(batch).get(0)).hasSizeGreaterThan(10);
    assertThat(high.predict(batch).get(0)).isEmpty();
  }
}
