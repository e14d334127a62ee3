package org.libreyolo.profile.internal.train;

import java.util.Arrays;

/**
 * The task-aligned assigner of LibreYOLO9's loss (docs/model.md, "Loss"), on detached predictions
 * in plain Java arrays, one image at a time: candidates inside the box and within reg_max,
 * alignment {@code iou^6 * cls^0.5}, top-10 per target, an argmax guarantee, de-duplication by IoU,
 * and soft class targets {@code align / max(align) * max(iou)} per target.
 */
final class TaskAlignedAssigner {
  static final int TOP_K = 10;
  static final double IOU_POWER = 6.0;
  static final double CLS_POWER = 0.5;
  static final double MAX_DIST = 16 - 1.01;
  static final double ALIGN_EPS = 1e-9;

  /** Per-anchor result: assigned target index (-1 background), class, box (pixels), soft score. */
  record Assignment(int[] target, int[] cls, float[] boxes, float[] score, int foreground) {}

  private TaskAlignedAssigner() {}

  /**
   * @param predBoxes A x 4 xyxy pixels
   * @param clsProb A x nc sigmoid scores
   * @param anchors A x 2 pixel centres
   * @param strides A
   * @param gt T x 4 xyxy pixels
   * @param gtCls T classes
   */
  static Assignment assign(
      float[] predBoxes,
      float[] clsProb,
      int nc,
      float[] anchors,
      float[] strides,
      float[] gt,
      int[] gtCls) {
    int a = strides.length;
    int t = gtCls.length;
    double[][] align = new double[t][a];
    double[][] iou = new double[t][a];
    boolean[][] inside = new boolean[t][a];
    for (int i = 0; i < t; i++) {
      for (int k = 0; k < a; k++) {
        double ax = anchors[2 * k];
        double ay = anchors[2 * k + 1];
        double s = strides[k];
        double l = (ax - gt[4 * i]) / s;
        double tp = (ay - gt[4 * i + 1]) / s;
        double r = (gt[4 * i + 2] - ax) / s;
        double b = (gt[4 * i + 3] - ay) / s;
        inside[i][k] =
            Math.min(Math.min(l, tp), Math.min(r, b)) >= 0
                && Math.max(Math.max(l, tp), Math.max(r, b)) <= MAX_DIST;
        double ciou = Math.max(0, Math.min(1, Ciou.of(gt, 4 * i, predBoxes, 4 * k)));
        iou[i][k] = ciou;
        align[i][k] = Math.pow(ciou, IOU_POWER) * Math.pow(clsProb[k * nc + gtCls[i]], CLS_POWER);
      }
    }
    // top-k of grid_mask * align per target; only positive values count as selected
    boolean[][] selected = new boolean[t][a];
    for (int i = 0; i < t; i++) {
      double[] masked = new double[a];
      for (int k = 0; k < a; k++) {
        masked[k] = inside[i][k] ? align[i][k] : 0;
      }
      int picked = 0;
      for (int k : topK(masked, TOP_K)) {
        if (masked[k] > 0) {
          selected[i][k] = true;
          picked++;
        }
      }
      if (picked == 0) {
        int best = argmax(align[i]);
        if (best >= 0 && align[i][best] > 0) {
          selected[i][best] = true;
        }
      }
    }
    // an anchor claimed by several targets keeps the claimant with the highest IoU
    int[] owner = new int[a];
    Arrays.fill(owner, -1);
    for (int k = 0; k < a; k++) {
      for (int i = 0; i < t; i++) {
        if (selected[i][k] && (owner[k] < 0 || iou[i][k] > iou[owner[k]][k])) {
          owner[k] = i;
        }
      }
    }
    // soft-target normalisers per target, over its final selected anchors
    double[] maxAlign = new double[t];
    double[] maxIou = new double[t];
    for (int k = 0; k < a; k++) {
      int i = owner[k];
      if (i >= 0) {
        maxAlign[i] = Math.max(maxAlign[i], align[i][k]);
        maxIou[i] = Math.max(maxIou[i], iou[i][k]);
      }
    }
    int[] cls = new int[a];
    float[] boxes = new float[4 * a];
    float[] score = new float[a];
    int fg = 0;
    for (int k = 0; k < a; k++) {
      int i = owner[k];
      if (i < 0) {
        cls[k] = -1;
        continue;
      }
      fg++;
      cls[k] = gtCls[i];
      System.arraycopy(gt, 4 * i, boxes, 4 * k, 4);
      // LibreYOLO adds 1e-9 to the denominator; with poor early predictions align = iou^6 * cls^0.5
      // is itself ~1e-6..1e-8, so this epsilon is not negligible and shifts every soft target.
      score[k] = (float) (align[i][k] / (maxAlign[i] + ALIGN_EPS) * maxIou[i]);
    }
    return new Assignment(owner, cls, boxes, score, fg);
  }

  /** Indices of the k largest values, largest first, ties by lower index (as torch.topk on CPU). */
  static int[] topK(double[] values, int k) {
    Integer[] idx = new Integer[values.length];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(
        idx,
        (x, y) ->
            values[y] != values[x] ? Double.compare(values[y], values[x]) : Integer.compare(x, y));
    int n = Math.min(k, values.length);
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = idx[i];
    }
    return out;
  }

  private static int argmax(double[] values) {
    int best = -1;
    for (int k = 0; k < values.length; k++) {
      if (best < 0 || values[k] > values[best]) {
        best = k;
      }
    }
    return best;
  }
}
