package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.ParameterStore;

/**
 * The detection head: per level a box tower (3x3, grouped 3x3, grouped 1x1 to 4*16 DFL bins) and a
 * class tower (3x3, 3x3, 1x1 to nc), concatenated to (B, 64+nc, H, W).
 */
final class DDetect extends Yolo9Block {
  public static final int REG_MAX = 16;
  public static final int[] STRIDES = {8, 16, 32};

  private final Chain[] box = new Chain[3];
  private final Chain[] cls = new Chain[3];
  private final int classes;

  DDetect(int[] channels, int nc) {
    this.classes = nc;
    int boxWidth = Math.max(Math.max(roundUp(channels[0] / 4, 4), 4 * REG_MAX), REG_MAX);
    int clsWidth = Math.max(channels[0], Math.min(nc, 100));
    for (int i = 0; i < 3; i++) {
      box[i] =
          child(
              "cv2." + i,
              new Chain(
                  new Conv(channels[i], boxWidth, 3),
                  new Conv(boxWidth, boxWidth, 3, 1, 4, true),
                  new PlainConv(boxWidth, 4 * REG_MAX, 1, 4)));
    }
    for (int i = 0; i < 3; i++) {
      cls[i] =
          child(
              "cv3." + i,
              new Chain(
                  new Conv(channels[i], clsWidth, 3),
                  new Conv(clsWidth, clsWidth, 3),
                  new PlainConv(clsWidth, nc, 1, 1)));
      firstLayers[i] = new StackedConvs((Conv) box[i].layer(0), (Conv) cls[i].layer(0));
    }
  }

  private static int roundUp(int value, int multiple) {
    return (value + multiple - 1) / multiple * multiple;
  }

  int classes() {
    return classes;
  }

  /** The final 1x1 of the box tower of level i (bias initialised to 1.0). */
  PlainConv boxOut(int level) {
    return (PlainConv) lastOf(box[level]);
  }

  /** The final 1x1 of the class tower of level i (bias initialised to the prior). */
  PlainConv clsOut(int level) {
    return (PlainConv) lastOf(cls[level]);
  }

  private static ConvLeaf lastOf(Chain chain) {
    ConvLeaf[] last = new ConvLeaf[1];
    chain.forEachConv(c -> last[0] = c);
    return last[0];
  }

  /** Per level, the first box and class convolutions (both 3x3 on the level) stacked. */
  private final StackedConvs[] firstLayers = new StackedConvs[3];

  @Override
  void fuse(NDManager manager) {
    super.fuse(manager);
    for (StackedConvs pair : firstLayers) {
      pair.fuse(manager);
    }
  }

  @Override
  void unfuse() {
    super.unfuse();
    for (StackedConvs pair : firstLayers) {
      pair.unfuse();
    }
  }

  /** The fused net's level: both towers' first layers as one convolution, then the rest of each. */
  private NDArray stackedLevel(ParameterStore ps, NDArray x, int i) {
    NDList parts = firstLayers[i].apply(x);
    NDArray boxes = box[i].applyFrom(1, ps, parts.get(0), false);
    NDArray classes = cls[i].applyFrom(1, ps, parts.get(1), false);
    Layer.free(parts);
    NDArray level = NDArrays.concat(new NDList(boxes, classes), 1);
    Layer.free(boxes, classes);
    return level;
  }

  /** Returns the three raw level maps (B, 64+nc, H_i, W_i). */
  @Override
  protected NDList run(ParameterStore ps, NDList inputs, boolean training) {
    NDList raw = new NDList(3);
    for (int i = 0; i < 3; i++) {
      if (!training && firstLayers[i].fused()) {
        raw.add(stackedLevel(ps, inputs.get(i), i));
        continue;
      }
      NDArray boxes = box[i].apply(ps, inputs.get(i), training);
      NDArray classes = cls[i].apply(ps, inputs.get(i), training);
      raw.add(NDArrays.concat(new NDList(boxes, classes), 1));
      Layer.free(boxes, classes);
    }
    return raw;
  }
}
