package org.libreyolo.profile.cli;

import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.options.InputShape;
import org.libreyolo.profile.options.Task;
import org.libreyolo.profile.produce.InferOptions;
import picocli.CommandLine.Option;

/** The input and task flags of the inference commands ({@code infer}, {@code ab}). */
public final class InputOptions {
  @Option(
      names = "--batch",
      defaultValue = Defaults.Infer.BATCH,
      description = "images per forward pass (default: ${DEFAULT-VALUE})")
  int batch;

  @Option(
      names = "--imgsz",
      defaultValue = Defaults.Infer.IMGSZ,
      description = "input size (default: ${DEFAULT-VALUE}; 0 = native)")
  int imgsz;

  @Option(
      names = "--input-shape",
      paramLabel = "NxCxHxW",
      description =
          "the network input, e.g. 1x3x224x224 for a model exported at a fixed size (replaces --batch and --imgsz)")
  String inputShape;

  @Option(
      names = "--task",
      defaultValue = Defaults.Infer.TASK,
      description =
          "detect (YOLO output, NMS), none (a plain model: no postprocess) or auto (from the model's output; default: ${DEFAULT-VALUE})")
  String task;

  /** Sets batch, size, input shape and task on the options being built. */
  InferOptions.Builder apply(InferOptions.Builder options) {
    return options
        .batch(batch)
        .imgsz(imgsz)
        .task(Task.parse(task))
        .inputShape(inputShape == null ? null : InputShape.parse(inputShape));
  }
}
