package org.libreyolo.profile.options;

import java.util.Locale;
import org.libreyolo.profile.LibreYoloException;

/**
 * What {@code profile infer} does after the forward pass: {@code detect} decodes YOLO detections
 * (NMS, the postprocess stage); {@code none} profiles a plain model (preprocess and forward only);
 * {@code auto} decides from the model's output layout ({@link OutputLayout}).
 */
public enum Task {
  AUTO, DETECT, NONE;

  public static Task parse(String text) {
    String v = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    return switch (v) {
      case "auto" -> AUTO;
      case "detect" -> DETECT;
      case "none" -> NONE;
      default -> throw LibreYoloException.badInput("{task} must be auto, detect or none, got '" + text + "'");
    };
  }
}
