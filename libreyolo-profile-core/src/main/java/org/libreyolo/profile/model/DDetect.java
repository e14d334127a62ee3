package org.libreyolo.profile.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.ParameterStore;

/**
 * The detection head: per level a box tower (3x3, grouped 3x3, grouped 1x1 to 4*16 DFL bins) and
 * a class tower (3x3, 3x3, 1x1 to nc), concatenated to (B, 64+nc, H, W).
 */
public final class DDetect extends Yolo9Block {
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

  /** Per level, the fused net's first box and class convolutions (both 3x3 on the level) stacked, or null. */
  private NDArray[][] stacked;

  private static final Shape ONE = new Shape(1, 1);

  @Override
  void fuse(NDManager manager) {
    super.fuse(manager);
    unfuseStacked();
    stacked = new NDArray[3][];
    for (int i = 0; i < 3; i++) {
      stacked[i] = ((Conv) box[i].layer(0)).folded().stackedWith(((Conv) cls[i].layer(0)).folded())
          .materialise(manager);
    }
  }

  @Override
  void unfuse() {
    super.unfuse();
    unfuseStacked();
  }

  private void unfuseStacked() {
    if (stacked != null) {
      for (NDArray[] level : stacked) {
        Layer.free(level);
      }
      stacked = null;
    }
  }

  /**
   * The fused net's level: one 3x3 for both towers' first layers, split, then each tower's
   * remaining layers (one GEMM and one SiLU fewer per level).
   */
  private NDArray stackedLevel(ParameterStore ps, NDArray x, int i) {
    long boxWidth = ((ConvLeaf) box[i].layer(0)).out;
    NDArray both = Layer.silu(x.getNDArrayInternal()
        .convolution(x, stacked[i][0], stacked[i][1], ONE, ONE, ONE, 1).singletonOrThrow(), false);
    NDList parts = both.split(new long[] {boxWidth}, 1);
    NDArray boxes = box[i].applyFrom(1, ps, parts.get(0), false);
    NDArray classes = cls[i].applyFrom(1, ps, parts.get(1), false);
    Layer.free(parts);
    Layer.free(both);
    NDArray level = NDArrays.concat(new NDList(boxes, classes), 1);
    Layer.free(boxes, classes);
    return level;
  }

  /** Returns the three raw level maps (B, 64+nc, H_i, W_i). */
  @Override
  protected NDList run(ParameterStore ps, NDList inputs, boolean training) {
    NDList raw = new NDList(3);
    for (int i = 0; i < 3; i++) {
      if (!training && stacked != null) {
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
