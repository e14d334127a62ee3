package org.libreyolo.profile.internal.pipeline;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.FloatBuffer;
import java.util.Arrays;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.options.InputShape;

/**
 * The first output of a model, probed once with a zero input of the configured shape before
 * anything is measured: whether it is a YOLO detection layout (B, 4+nc, anchors) that NMS can
 * decode, and, when the model does not run at that shape at all, one line saying so.
 *
 * @param shape the first output's shape
 * @param detection whether {@link #isDetection} holds
 */
public record OutputLayout(long[] shape, boolean detection) {
  /**
   * (B, 4+nc, anchors) with nc >= 1: LibreYOLO9's decoded head (at 64 px it has as many anchors as
   * rows, so their count says nothing). A classifier's (B, classes) or a segmentation map (B, C, H,
   * W) is not.
   */
  public static boolean isDetection(long[] shape, int batch) {
    return shape.length == 3 && shape[0] == batch && shape[1] >= 5 && shape[2] >= 1;
  }

  /** Runs the model once on zeros of the input shape, in its own sub-manager. */
  public static OutputLayout probe(Detector detector, String model, InputShape input) {
    int batch = input.batch();
    try (NDManager sub = detector.manager().newSubManager()) {
      NDArray x =
          sub.create(
              FloatBuffer.allocate(batch * 3 * input.height() * input.width()),
              new Shape(batch, 3, input.height(), input.width()),
              DataType.FLOAT32);
      NDList out;
      try {
        out = detector.forward(x);
      } catch (RuntimeException e) {
        throw LibreYoloException.badInput(
            "model "
                + model
                + " does not run at input "
                + input
                + ": "
                + engineLine(e)
                + "; give the shape it was exported for with {inputShape} NxCxHxW"
                + " (or {imgsz})");
      }
      if (out.isEmpty()) {
        throw LibreYoloException.badInput("model " + model + " returned no output");
      }
      long[] shape = out.get(0).getShape().getShape();
      return new OutputLayout(shape, isDetection(shape, batch));
    }
  }

  /** {@code [1, 10]}. */
  public String describe() {
    return Arrays.toString(shape);
  }

  /**
   * The engine's message in one line: a TorchScript failure is a 20-40 line interpreter traceback
   * whose informative line is its last {@code RuntimeError:}; else the first line.
   */
  static String engineLine(Throwable e) {
    String message = String.valueOf(e.getMessage());
    String[] lines = message.split("\\R");
    for (int i = lines.length - 1; i >= 0; i--) {
      String line = lines[i].strip();
      if (line.startsWith("RuntimeError: ")) {
        return line.substring("RuntimeError: ".length());
      }
    }
    return lines.length == 0 ? e.getClass().getSimpleName() : lines[0].strip();
  }
}
