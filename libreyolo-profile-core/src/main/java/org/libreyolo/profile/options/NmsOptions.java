package org.libreyolo.profile.options;

import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;

/** Postprocess knobs: confidence threshold, NMS IoU threshold and the per-image cap. */
public record NmsOptions(float conf, float iou, int maxDet) {
  public static final NmsOptions DEFAULT = new NmsOptions(Float.parseFloat(Defaults.Infer.CONF),
      Float.parseFloat(Defaults.Infer.IOU), Integer.parseInt(Defaults.Infer.MAX_DET));

  public NmsOptions {
    if (!(conf >= 0 && conf <= 1)) {
      throw LibreYoloException.badInput("--conf must be within [0, 1], got " + conf);
    }
    if (!(iou >= 0 && iou <= 1)) {
      throw LibreYoloException.badInput("--iou must be within [0, 1], got " + iou);
    }
    if (maxDet <= 0) {
      throw LibreYoloException.badInput("--max-det must be >= 1, got " + maxDet);
    }
  }
}
