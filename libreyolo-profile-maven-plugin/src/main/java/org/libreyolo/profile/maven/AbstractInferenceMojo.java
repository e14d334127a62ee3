package org.libreyolo.profile.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.options.InputShape;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.options.Task;
import org.libreyolo.profile.produce.InferOptions;

/** The inference goals ({@code infer}, {@code ab}): the images, the input and the postprocess. */
abstract class AbstractInferenceMojo extends AbstractModelMojo {
  /**
   * Image file or directory, or an .npz with a preprocessed {@code input} (default: the bundled
   * sample image).
   */
  @Parameter(property = "libreyolo.profile.source")
  File source;

  /** Images per forward pass. */
  @Parameter(property = "libreyolo.profile.batch", defaultValue = Defaults.Infer.BATCH)
  int batch;

  /** Input size in pixels (0: the model's native size). */
  @Parameter(property = "libreyolo.profile.imgsz", defaultValue = Defaults.Infer.IMGSZ)
  int imgsz;

  /** Confidence threshold of the postprocess (affects NMS work). */
  @Parameter(property = "libreyolo.profile.conf", defaultValue = Defaults.Infer.CONF)
  float conf;

  /** NMS IoU threshold. */
  @Parameter(property = "libreyolo.profile.iou", defaultValue = Defaults.Infer.IOU)
  float iou;

  /** Maximum detections per image. */
  @Parameter(property = "libreyolo.profile.maxDet", defaultValue = Defaults.Infer.MAX_DET)
  int maxDet;

  /**
   * The network input NxCxHxW, e.g. 1x3x224x224 for a model exported at a fixed size (replaces
   * batch and imgsz).
   */
  @Parameter(property = "libreyolo.profile.inputShape")
  String inputShape;

  /**
   * detect (YOLO output, NMS), none (a plain model: no postprocess) or auto (from the model's
   * output).
   */
  @Parameter(property = "libreyolo.profile.task", defaultValue = Defaults.Infer.TASK)
  String task;

  /** The options these parameters set; the goal adds its own. */
  InferOptions.Builder inferOptions() {
    return InferOptions.builder()
        .source(source == null ? null : source.toPath())
        .weights(weights)
        .size(size)
        .batch(batch)
        .imgsz(imgsz)
        .nms(new NmsOptions(conf, iou, maxDet))
        .device(deviceSpec())
        .threads(threads)
        .project(projectPath())
        .task(task == null ? Task.AUTO : Task.parse(task))
        .inputShape(
            inputShape == null || inputShape.isBlank() ? null : InputShape.parse(inputShape));
  }
}
