package org.libreyolo.profile.internal.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.result.Detection;

class PostprocessTest {
  /** Two anchors, two classes: rows x1, y1, x2, y2, score0, score1. */
  private static final float[] PREDICTIONS = {
    10,
    100, // x1
    20,
    100, // y1
    50,
    700, // x2 (the second box runs past the image)
    60,
    140, // y2
    0.9f,
    0.1f, // class 0
    0.3f,
    0.26f // class 1
  };

  @Test
  void multiLabelCandidatesAreMappedBackAndClipped() {
    List<Detection> dets =
        Postprocess.run(PREDICTIONS, 0, 2, 2, 0.5, 400, 300, NmsOptions.DEFAULT, i -> "c" + i);
    assertThat(dets).extracting(Detection::score).containsExactly(0.9f, 0.3f, 0.26f);
    Detection first = dets.get(0);
    assertThat(new float[] {first.x1(), first.y1(), first.x2(), first.y2()})
        .containsExactly(20, 40, 100, 120);
    assertThat(dets.get(2).x2()).isEqualTo(400f); // 1400 clipped to the width
    assertThat(dets.get(1).className()).isEqualTo("c1");
  }

  @Test
  void confidenceIsAStrictThreshold() {
    NmsOptions at = new NmsOptions(0.3f, 0.45f, 300);
    assertThat(Postprocess.run(PREDICTIONS, 0, 2, 2, 1.0, 1000, 1000, at, i -> "")).hasSize(1);
  }

  @Test
  void optionsAreValidated() {
    assertThatThrownBy(() -> new NmsOptions(1.5f, 0.45f, 300))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("conf");
    assertThatThrownBy(() -> new NmsOptions(0.25f, -0.1f, 300)).hasMessageContaining("iou");
    assertThatThrownBy(() -> new NmsOptions(0.25f, 0.45f, 0)).hasMessageContaining("maxDet");
  }
}
