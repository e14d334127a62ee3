package org.libreyolo.profile.internal.pipeline;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.image.Letterbox;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.io.Npz;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.result.Detection;

/**
 * preprocess, forward, postprocess: the three stages {@code profile infer} times one by one. Every
 * call that touches the engine runs inside a caller-owned sub-manager.
 */
public final class DetectionPipeline {
  private final Detector detector;
  private final int height;
  private final int width;
  private final NmsOptions options;

  public DetectionPipeline(Detector detector, int height, int width, NmsOptions options) {
    // the stride rule (checkSize) is the options' to apply: a plain model may take any size
    if (height <= 0 || width <= 0) {
      throw LibreYoloException.badInput(
          "the input size must be positive, got " + height + "x" + width);
    }
    this.detector = detector;
    this.height = height;
    this.width = width;
    this.options = options;
  }

  public static void checkSize(String what, int value) {
    if (value <= 0 || value % 32 != 0) {
      throw LibreYoloException.badInput(
          "{imgsz} must be a positive multiple of 32 (input " + what + " " + value + ")");
    }
  }

  public Detector detector() {
    return detector;
  }

  /** A preprocessed batch: NCHW floats plus what postprocess needs to map boxes back. */
  public record Batch(
      FloatBuffer input,
      int count,
      int height,
      int width,
      double[] ratios,
      int[] widths,
      int[] heights) {}

  /** The network input and everything else postprocess needs. */
  public Batch preprocess(List<RgbImage> images) {
    int plane = 3 * height * width;
    FloatBuffer input =
        ByteBuffer.allocateDirect(images.size() * plane * 4)
            .order(ByteOrder.nativeOrder())
            .asFloatBuffer();
    double[] ratios = new double[images.size()];
    int[] widths = new int[images.size()];
    int[] heights = new int[images.size()];
    for (int i = 0; i < images.size(); i++) {
      RgbImage image = images.get(i);
      ratios[i] = Letterbox.apply(image, height, width, input);
      widths[i] = image.width();
      heights[i] = image.height();
    }
    input.flip();
    return new Batch(input, images.size(), height, width, ratios, widths, heights);
  }

  /** An already preprocessed NCHW input (e.g. an .npz {@code input}): ratio 1, no un-letterbox. */
  public static Batch prepared(FloatBuffer input, long[] shape) {
    if (shape.length != 4 || shape[1] != 3) {
      throw LibreYoloException.badInput(
          "an .npz 'input' must be NCHW float32 with 3 channels, got shape "
              + java.util.Arrays.toString(shape));
    }
    int n = (int) shape[0];
    int h = (int) shape[2];
    int w = (int) shape[3];
    checkSize("height", h);
    checkSize("width", w);
    double[] ratios = new double[n];
    int[] widths = new int[n];
    int[] heights = new int[n];
    java.util.Arrays.fill(ratios, 1.0);
    java.util.Arrays.fill(widths, w);
    java.util.Arrays.fill(heights, h);
    return new Batch(input, n, h, w, ratios, widths, heights);
  }

  /** Runs the network; predictions (B, 4+nc, A) come first in the returned list. */
  public NDList forward(NDManager sub, Batch batch) {
    NDArray x =
        sub.create(
            batch.input().duplicate(),
            new Shape(batch.count(), 3, batch.height(), batch.width()),
            DataType.FLOAT32);
    return detector.forward(x);
  }

  /**
   * Reads the predictions in place through a direct buffer and decodes detections per image.
   * Measured: filtering inside libtorch ({@code nonzero}, boolean masks) costs milliseconds, and a
   * heap copy (a humongous G1 allocation, copied by code that needs ~30 calls to get compiled) 7-12
   * ms early on; the in-place scan is 0.3-0.9 ms from the first call.
   */
  public List<List<Detection>> postprocess(NDArray predictions, Batch batch) {
    Shape shape = predictions.getShape();
    int rows = (int) shape.get(1);
    int anchors = (int) shape.get(2);
    // a direct view of the tensor's memory: valid while the caller's sub-manager is open
    FloatBuffer values = predictions.toByteBuffer(true).asFloatBuffer();
    List<List<Detection>> out = new ArrayList<>(batch.count());
    for (int i = 0; i < batch.count(); i++) {
      out.add(
          Postprocess.run(
              values,
              i * rows * anchors,
              rows - 4,
              anchors,
              batch.ratios()[i],
              batch.widths()[i],
              batch.heights()[i],
              options,
              detector::className));
    }
    return out;
  }

  /** One predict call on a batch of images, in its own sub-manager. */
  public List<List<Detection>> predict(List<RgbImage> images) {
    return predict(preprocess(images), null);
  }

  /**
   * Forward and postprocess of a prepared batch; when {@code raw} is not null the predictions'
   * values and shape are appended to it.
   */
  public List<List<Detection>> predict(Batch batch, List<Npz.FloatArray> raw) {
    try (NDManager sub = detector.manager().newSubManager()) {
      NDArray predictions = forward(sub, batch).get(0);
      if (raw != null) {
        raw.add(new Npz.FloatArray(predictions.toFloatArray(), predictions.getShape().getShape()));
      }
      return postprocess(predictions, batch);
    }
  }
}
