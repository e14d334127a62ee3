package org.libreyolo.profile.internal.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NmsTest {
  /** torchvision batched_nms semantics, the obvious quadratic way. */
  static int[] bruteForce(Candidates c, float iou, int maxDet) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < c.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.<Integer>comparingDouble(c::score).reversed().thenComparing(i -> i));
    List<Integer> kept = new ArrayList<>();
    for (int i : order) {
      boolean suppressed = false;
      for (int k : kept) {
        if (c.cls(k) == c.cls(i) && c.iou(k, i) > iou) {
          suppressed = true;
          break;
        }
      }
      if (!suppressed) {
        kept.add(i);
      }
    }
    return kept.stream().limit(maxDet).mapToInt(Integer::intValue).toArray();
  }

  static Candidates random(long seed, int n, int classes) {
    SplittableRandom r = new SplittableRandom(seed);
    Candidates c = new Candidates(n);
    for (int i = 0; i < n; i++) {
      float x = (float) r.nextDouble(300);
      float y = (float) r.nextDouble(300);
      float w = 5 + (float) r.nextDouble(80);
      float h = 5 + (float) r.nextDouble(80);
      // quantised scores create ties, which the order must break by index
      c.add(x, y, x + w, y + h, (float) (1 + r.nextInt(50)) / 50f, r.nextInt(classes));
    }
    return c;
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void matchesTheBruteForceReference(long seed) {
    Candidates c = random(seed, 600, 1 + (int) seed % 4);
    for (float iou : new float[] {0.0f, 0.3f, 0.45f, 0.7f, 1.0f}) {
      for (int maxDet : new int[] {1, 10, 300}) {
        assertThat(Nms.select(c, iou, maxDet))
            .as("iou %s maxDet %s", iou, maxDet)
            .containsExactly(bruteForce(c, iou, maxDet));
      }
    }
  }

  @Test
  void suppressesOnlyWithinAClassAndOnlyAboveTheThreshold() {
    Candidates c = new Candidates(4);
    c.add(0, 0, 10, 10, 0.9f, 0);
    c.add(1, 0, 11, 10, 0.8f, 0); // IoU 9/11 = 0.818 with the first: suppressed
    c.add(1, 0, 11, 10, 0.7f, 1); // same box, other class: kept
    c.add(5, 0, 15, 10, 0.6f, 0); // IoU 5/15 = 0.333: kept at 0.45
    assertThat(Nms.select(c, 0.45f, 300)).containsExactly(0, 2, 3);
    assertThat(Nms.select(c, 0.30f, 300)).containsExactly(0, 2);
    assertThat(Nms.select(c, 0.45f, 2)).containsExactly(0, 2);
  }

  @Test
  void emptyInputGivesNoDetections() {
    assertThat(Nms.select(new Candidates(0), 0.45f, 300)).isEmpty();
  }
}
