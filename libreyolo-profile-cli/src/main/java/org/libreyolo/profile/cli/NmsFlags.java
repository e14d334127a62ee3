package org.libreyolo.profile.cli;

import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.options.NmsOptions;
import picocli.CommandLine.Option;

/** {@code --conf}, {@code --iou}, {@code --max-det}: the postprocess knobs of predict and infer. */
public final class NmsFlags {
  @Option(
      names = "--conf",
      defaultValue = Defaults.Infer.CONF,
      description = "confidence threshold; affects NMS work (default: ${DEFAULT-VALUE})")
  float conf;

  @Option(
      names = "--iou",
      defaultValue = Defaults.Infer.IOU,
      description = "NMS IoU threshold (default: ${DEFAULT-VALUE})")
  float iou;

  @Option(
      names = "--max-det",
      defaultValue = Defaults.Infer.MAX_DET,
      description = "maximum detections per image (default: ${DEFAULT-VALUE})")
  int maxDet;

  NmsOptions options() {
    return new NmsOptions(conf, iou, maxDet);
  }
}
