package org.libreyolo.profile.yolo;

import ai.djl.Device;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Net;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;

/**
 * Size, parameter count, GFLOPs (2 x convolution MACs) and output shape of a built-in LibreYOLO9.
 *
 * @param model the model's name, e.g. {@code LibreYOLO9t}
 * @param size its size letter
 * @param classes the class count
 * @param imgsz the input height and width
 * @param params the parameter count
 * @param gflops 2 x convolution MACs at this size, in billions
 * @param outputShape the raw output's shape: batch 1, 4 + classes, anchors
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record ModelFacts(
    String model,
    String size,
    int classes,
    int imgsz,
    long params,
    double gflops,
    List<Long> outputShape) {

  /**
   * Builds the network (random weights, CPU) and reads its facts.
   *
   * @param size {@code t}, {@code s}, {@code m} or {@code c}
   * @param classes the class count, at least 1
   * @param imgsz input height and width, a positive multiple of 32
   * @return the facts
   */
  public static ModelFacts of(String size, int classes, int imgsz) {
    Yolo9Size s = Yolo9Size.parse(size);
    if (classes <= 0) {
      throw LibreYoloException.badInput("{nc} must be >= 1, got " + classes);
    }
    DetectionPipeline.checkSize("size", imgsz);
    Engines.boot(Engines.defaultThreads());
    try (Yolo9Detector detector = new Yolo9Detector(s, classes, Device.cpu(), "random-init")) {
      long anchors = 0;
      for (int stride : Yolo9Net.STRIDES) {
        anchors += (long) (imgsz / stride) * (imgsz / stride);
      }
      return new ModelFacts(
          "LibreYOLO9" + s.letter(),
          s.letter(),
          classes,
          imgsz,
          detector.info().parameters(),
          2.0 * detector.macs(imgsz, imgsz) / 1e9,
          List.of(1L, 4L + classes, anchors));
    }
  }
}
