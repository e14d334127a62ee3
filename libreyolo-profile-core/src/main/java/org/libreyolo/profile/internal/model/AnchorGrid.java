package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;

/** Anchor centres (grid units, x+0.5 / y+0.5) and per-anchor strides for the level maps. */
final class AnchorGrid {
  private AnchorGrid() {}

  /** Returns {centres [2 x A] (all x, then all y), strides [A]}; row-major per level, P3..P5. */
  static float[][] of(NDList raw) {
    int anchors = 0;
    for (NDArray level : raw) {
      Shape s = level.getShape();
      anchors += (int) (s.get(2) * s.get(3));
    }
    float[] centres = new float[2 * anchors];
    float[] strides = new float[anchors];
    int a = 0;
    for (int i = 0; i < raw.size(); i++) {
      Shape s = raw.get(i).getShape();
      int h = (int) s.get(2);
      int w = (int) s.get(3);
      for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
          centres[a] = x + 0.5f;
          centres[anchors + a] = y + 0.5f;
          strides[a] = DDetect.STRIDES[i];
          a++;
        }
      }
    }
    return new float[][] {centres, strides};
  }
}
