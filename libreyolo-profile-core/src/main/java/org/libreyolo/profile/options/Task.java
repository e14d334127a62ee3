package org.libreyolo.profile.options;

import java.util.Locale;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;

/**
 * What {@code profile infer} does after the forward pass: {@code detect} decodes YOLO detections
 * (NMS, the postprocess stage); {@code none} profiles a plain model (preprocess and forward only);
 * {@code auto} decides from the model's output layout ({@link OutputLayout}).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public enum Task {
  /** Detection when the output looks like a YOLO head, a plain model otherwise. */
  AUTO,
  /** A YOLO detection output: postprocess with NMS. */
  DETECT,
  /** A plain model: preprocess and forward only. */
  NONE;

  /**
   * Reads the task as the options spell it.
   *
   * @param text {@code auto}, {@code detect} or {@code none} (any case)
   * @return the task
   */
  public static Task parse(String text) {
    String v = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    return switch (v) {
      case "auto" -> AUTO;
      case "detect" -> DETECT;
      case "none" -> NONE;
      default ->
          throw LibreYoloException.badInput(
              "{task} must be auto, detect or none, got '" + text + "'");
    };
  }
}
