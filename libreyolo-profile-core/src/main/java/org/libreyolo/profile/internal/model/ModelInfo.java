package org.libreyolo.profile.internal.model;

/**
 * What a loaded detector is: family/size, class count, parameter count (-1 when unknown, as for
 * TorchScript), and where its weights came from ({@code random-init} or a file path).
 */
public record ModelInfo(
    String model, String size, int classes, long parameters, String weights, String format) {
  /**
   * An exported model, told by its first output: {@code [N, 4 + classes, anchors]} reads as
   * LibreYOLO9 ({@code "LibreYOLO9 (" + engine + ")"}), anything else as a plain model of that
   * engine.
   */
  public static ModelInfo exported(
      long[] output, String engine, long parameters, String weights, String format) {
    boolean yolo = output.length == 3 && output[1] > 4;
    return new ModelInfo(
        yolo ? "LibreYOLO9 (" + engine + ")" : engine,
        "?",
        yolo ? (int) output[1] - 4 : -1,
        parameters,
        weights,
        format);
  }
}
