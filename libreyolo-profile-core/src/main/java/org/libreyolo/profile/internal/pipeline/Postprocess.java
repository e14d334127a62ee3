package org.libreyolo.profile.internal.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.result.Detection;

/**
 * Upstream detect postprocess on one image's predictions (4+nc rows x A anchors, row-major):
 * multi-label candidates with score strictly above conf, capped at max(max_det, 30000), boxes
 * divided by the letterbox ratio and clipped to the original image, empty boxes dropped,
 * class-aware NMS, top max_det.
 */
public final class Postprocess {
  /** Upstream keeps at most max(max_det, 30000) candidates before NMS. */
  static final int CANDIDATE_CAP = 30_000;

  private Postprocess() {}

  /**
   * From a full predictions array (tests and TorchScript-free callers): candidates gathered in
   * Java.
   */
  public static List<Detection> run(
      float[] predictions,
      int offset,
      int classes,
      int anchors,
      double ratio,
      int width,
      int height,
      NmsOptions options,
      IntFunction<String> names) {
    return run(
        java.nio.FloatBuffer.wrap(predictions),
        offset,
        classes,
        anchors,
        ratio,
        width,
        height,
        options,
        names);
  }

  /** Same, reading a buffer in place (no copy into a large float[]). */
  public static List<Detection> run(
      java.nio.FloatBuffer predictions,
      int offset,
      int classes,
      int anchors,
      double ratio,
      int width,
      int height,
      NmsOptions options,
      IntFunction<String> names) {
    int count = 0;
    long[] pairs = new long[64];
    float[] scores = new float[32];
    for (int c = 0; c < classes; c++) {
      int row = offset + (4 + c) * anchors;
      for (int a = 0; a < anchors; a++) {
        float s = predictions.get(row + a);
        if (s > options.conf()) {
          if (count == scores.length) {
            scores = java.util.Arrays.copyOf(scores, 2 * count);
            pairs = java.util.Arrays.copyOf(pairs, 4 * count);
          }
          pairs[2 * count] = c;
          pairs[2 * count + 1] = a;
          scores[count++] = s;
        }
      }
    }
    float[] boxes = new float[4 * anchors];
    predictions.get(offset, boxes);
    return fromCandidates(
        boxes,
        anchors,
        java.util.Arrays.copyOf(pairs, 2 * count),
        java.util.Arrays.copyOf(scores, count),
        ratio,
        width,
        height,
        options,
        names);
  }

  /**
   * From pre-filtered candidates: {@code boxes} holds the 4 x A box rows, {@code pairs} the (class,
   * anchor) of each candidate row-major (as {@code nonzero} returns them) and {@code scores} their
   * scores, all already above conf.
   */
  public static List<Detection> fromCandidates(
      float[] boxes,
      int anchors,
      long[] pairs,
      float[] scores,
      double ratio,
      int width,
      int height,
      NmsOptions options,
      IntFunction<String> names) {
    Candidates raw = new Candidates(scores.length);
    for (int k = 0; k < scores.length; k++) {
      int c = (int) pairs[2 * k];
      int a = (int) pairs[2 * k + 1];
      raw.add(
          boxes[a],
          boxes[anchors + a],
          boxes[2 * anchors + a],
          boxes[3 * anchors + a],
          scores[k],
          c);
    }
    int cap = Math.max(options.maxDet(), CANDIDATE_CAP);
    int[] order = raw.size() > cap ? java.util.Arrays.copyOf(raw.byScoreDescending(), cap) : null;
    int count = order == null ? raw.size() : order.length;
    float inv = (float) (1.0 / ratio);
    Candidates kept = new Candidates(count);
    for (int k = 0; k < count; k++) {
      int i = order == null ? k : order[k];
      float x1 = clamp(raw.x1[i] * inv, width);
      float y1 = clamp(raw.y1[i] * inv, height);
      float x2 = clamp(raw.x2[i] * inv, width);
      float y2 = clamp(raw.y2[i] * inv, height);
      if (x2 > x1 && y2 > y1) {
        kept.add(x1, y1, x2, y2, raw.score[i], raw.cls[i]);
      }
    }
    int[] selected = Nms.select(kept, options.iou(), options.maxDet());
    List<Detection> out = new ArrayList<>(selected.length);
    for (int i : selected) {
      out.add(
          new Detection(
              kept.cls[i],
              names.apply(kept.cls[i]),
              kept.score[i],
              kept.x1[i],
              kept.y1[i],
              kept.x2[i],
              kept.y2[i]));
    }
    return out;
  }

  private static float clamp(float v, int max) {
    return v < 0 ? 0 : Math.min(v, max);
  }
}
