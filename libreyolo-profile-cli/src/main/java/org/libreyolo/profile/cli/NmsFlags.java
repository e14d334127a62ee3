package org.libreyolo.profile.cli;

import org.libreyolo.profile.pipeline.NmsOptions;
import picocli.CommandLine.Option;

/** {@code --conf}, {@code --iou}, {@code --max-det}: the postprocess knobs of predict and infer. */
public final class NmsFlags {
  @Option(names = "--conf", defaultValue = "0.25", description = "confidence threshold; affects NMS work (default: ${DEFAULT-VALUE})")
  float conf;

  @Option(names = "--iou", defaultValue = "0.45", description = "NMS IoU threshold (default: ${DEFAULT-VALUE})")
  float iou;

  @Option(names = "--max-det", defaultValue = "300", description = "maximum detections per image (default: ${DEFAULT-VALUE})")
  int maxDet;

  NmsOptions options() {
    return new NmsOptions(conf, iou, maxDet);
  }
}
