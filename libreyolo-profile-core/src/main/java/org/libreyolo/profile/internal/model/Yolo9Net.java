package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.ParameterStore;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * LibreYOLO9 detector (backbone, PAN neck, DDetect head). Training mode returns the three raw level
 * maps; eval mode returns {@code predictions} (B, 4+nc, A) followed by the raw maps. Predictions
 * are xyxy boxes in input pixels plus sigmoid class scores.
 */
public final class Yolo9Net extends Yolo9Block {
  private final Yolo9Size size;
  private final Backbone backbone;
  private final Neck neck;
  private final DDetect head;

  /** Strides of the three detection levels. */
  public static final int[] STRIDES = DDetect.STRIDES.clone();

  /** DFL bins per box side. */
  public static final int REG_MAX = DDetect.REG_MAX;

  /** What initialisers see of one convolution: its fan-in, weight and bias (null without one). */
  @FunctionalInterface
  public interface ConvParameters {
    void accept(long fanIn, ai.djl.nn.Parameter weight, ai.djl.nn.Parameter bias);
  }

  /**
   * Visits every convolution's parameters in declaration order (the blocks stay package-private).
   */
  public void forEachConvParameters(ConvParameters visitor) {
    forEachConv(conv -> visitor.accept(conv.fanIn(), conv.weight(), conv.bias()));
  }

  public Yolo9Net(Yolo9Size size, int nc) {
    if (nc <= 0) {
      throw new IllegalArgumentException("nc must be positive");
    }
    this.size = size;
    this.backbone = child("backbone", new Backbone(size));
    this.neck = child("neck", new Neck(size));
    this.head = child("head", new DDetect(size.headChannels(), nc));
  }

  public Yolo9Size size() {
    return size;
  }

  public int classes() {
    return head.classes();
  }

  DDetect head() {
    return head;
  }

  /** Upstream state-dict name to parameter, in upstream registration order. */
  public Map<String, Parameter> namedParameters() {
    Map<String, Parameter> out = new LinkedHashMap<>();
    collectParameters("", out);
    return out;
  }

  /** Trainable parameter count (BN running statistics excluded), as upstream reports it. */
  public long parameterCount() {
    long total = 0;
    for (Parameter p : namedParameters().values()) {
      if (p.getType() != Parameter.Type.RUNNING_MEAN && p.getType() != Parameter.Type.RUNNING_VAR) {
        total += p.getShape().size();
      }
    }
    return total;
  }

  /** Upstream bias priors: box 1x1 bias 1.0, class 1x1 bias ln(5 / nc / (640 / stride)^2). */
  public void initHeadBiases() {
    for (int i = 0; i < 3; i++) {
      fill(head.boxOut(i).bias(), 1.0f);
      double cells = 640.0 / DDetect.STRIDES[i];
      fill(head.clsOut(i).bias(), (float) Math.log(5.0 / classes() / (cells * cells)));
    }
  }

  private static void fill(Parameter p, float value) {
    float[] values = new float[Math.toIntExact(p.getShape().size())];
    java.util.Arrays.fill(values, value);
    p.getArray().set(values);
  }

  @Override
  protected NDList run(ParameterStore ps, NDList inputs, boolean training) {
    NDList levels = backbone.run(ps, inputs, training);
    NDList pyramid = neck.run(ps, levels, training);
    Layer.free(levels);
    NDList raw = head.run(ps, pyramid, training);
    Layer.free(pyramid);
    if (training) {
      return raw;
    }
    NDList out = new NDList(4);
    out.add(decode(raw));
    out.addAll(raw);
    return out;
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    Shape in = inputShapes[0];
    long b = in.get(0);
    long h = in.get(2);
    long w = in.get(3);
    int channels = 4 * DDetect.REG_MAX + classes();
    Shape[] out = new Shape[4];
    long anchors = 0;
    for (int i = 0; i < 3; i++) {
      long s = DDetect.STRIDES[i];
      out[i + 1] = new Shape(b, channels, h / s, w / s);
      anchors += (h / s) * (w / s);
    }
    out[0] = new Shape(b, 4 + classes(), anchors);
    return out;
  }

  /** DFL expectation per side, then xyxy around the anchor centres, scaled by the stride. */
  static NDArray decode(NDList raw) {
    NDArray first = raw.get(0);
    long batch = first.getShape().get(0);
    NDList flat = new NDList(3);
    int anchors = 0;
    for (NDArray level : raw) {
      Shape s = level.getShape();
      flat.add(level.reshape(batch, s.get(1), s.get(2) * s.get(3)));
      anchors += (int) (s.get(2) * s.get(3));
    }
    NDArray x = NDArrays.concat(flat, 2);
    NDManager manager = x.getManager();
    float[][] grid = AnchorGrid.of(raw);
    NDArray centres = manager.create(grid[0], new Shape(1, 2, anchors));
    NDArray strides = manager.create(grid[1], new Shape(1, 1, anchors));
    NDArray projection = manager.arange(0f, DDetect.REG_MAX).reshape(1, 1, DDetect.REG_MAX, 1);

    int bins = 4 * DDetect.REG_MAX;
    NDArray dist =
        x.get(":, :" + bins + ", :")
            .reshape(batch, 4, DDetect.REG_MAX, anchors)
            .softmax(2)
            .mul(projection)
            .sum(new int[] {2});
    NDArray x1y1 = dist.get(":, :2, :").neg().add(centres).mul(strides);
    NDArray x2y2 = dist.get(":, 2:, :").add(centres).mul(strides);
    NDArray scores = x.get(":, " + bins + ":, :").getNDArrayInternal().sigmoid();
    return NDArrays.concat(new NDList(x1y1, x2y2, scores), 1);
  }
}
