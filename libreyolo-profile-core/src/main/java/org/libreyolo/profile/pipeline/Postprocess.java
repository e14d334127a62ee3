package org.libreyolo.profile.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Upstream detect postprocess on one image's predictions (4+nc rows x A anchors, row-major):
 * multi-label candidates with score strictly above conf, capped at max(max_det, 30000), boxes
 * divided by the letterbox ratio and clipped to the original image, empty boxes dropped,
 * class-aware NMS, top max_det.
 */
public final class Postprocess {
  private Postprocess() {}

  public static List<Detection> run(
      float[] predictions, int offset, int classes, int anchors, double ratio,
      int width, int height, NmsOptions options, IntFunction<String> names) {
    Candidates raw = new Candidates(256);
    for (int c = 0; c < classes; c++) {
      int row = offset + (4 + c) * anchors;
      for (int a = 0; a < anchors; a++) {
        float s = predictions[row + a];
        if (s > options.conf()) {
          raw.add(
              predictions[offset + a],
              predictions[offset + anchors + a],
              predictions[offset + 2 * anchors + a],
              predictions[offset + 3 * anchors + a],
              s,
              c);
        }
      }
    }
    int cap = Math.max(options.maxDet(), NmsOptions.CANDIDATE_CAP);
    int[] order = raw.size() > cap ? java.util.Arrays.copyOf(raw.byScoreDescending(), cap) : null;
    int count = order == null ? raw.size() : order.length;
    float inv = (float) (1.0 / ratio);
    Candidates boxes = new Candidates(count);
    for (int k = 0; k < count; k++) {
      int i = order == null ? k : order[k];
      float x1 = clamp(raw.x1[i] * inv, width);
      float y1 = clamp(raw.y1[i] * inv, height);
      float x2 = clamp(raw.x2[i] * inv, width);
      float y2 = clamp(raw.y2[i] * inv, height);
      if (x2 > x1 && y2 > y1) {
        boxes.add(x1, y1, x2, y2, raw.score[i], raw.cls[i]);
      }
    }
    int[] kept = Nms.select(boxes, options.iou(), options.maxDet());
    List<Detection> out = new ArrayList<>(kept.length);
    for (int i : kept) {
      out.add(new Detection(boxes.cls[i], names.apply(boxes.cls[i]), boxes.score[i],
          boxes.x1[i], boxes.y1[i], boxes.x2[i], boxes.y2[i]));
    }
    return out;
  }

  private static float clamp(float v, int max) {
    return v < 0 ? 0 : Math.min(v, max);
  }
}
