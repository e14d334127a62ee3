package org.libreyolo.profile.options;

import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;

/**
 * Postprocess knobs: confidence threshold, NMS IoU threshold and the per-image cap.
 *
 * @param conf the confidence threshold, within [0, 1]
 * @param iou the NMS IoU threshold, within [0, 1]
 * @param maxDet the per-image detection cap, at least 1
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record NmsOptions(float conf, float iou, int maxDet) {
  public static final NmsOptions DEFAULT =
      new NmsOptions(
          (float) Defaults.Infer.CONF_VALUE,
          (float) Defaults.Infer.IOU_VALUE,
          Defaults.Infer.MAX_DET_VALUE);

  public NmsOptions {
    if (!(conf >= 0 && conf <= 1)) {
      throw LibreYoloException.badInput("{conf} must be within [0, 1], got " + conf);
    }
    if (!(iou >= 0 && iou <= 1)) {
      throw LibreYoloException.badInput("{iou} must be within [0, 1], got " + iou);
    }
    if (maxDet <= 0) {
      throw LibreYoloException.badInput("{maxDet} must be >= 1, got " + maxDet);
    }
  }
}
