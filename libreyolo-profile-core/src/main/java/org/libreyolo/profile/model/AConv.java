package org.libreyolo.profile.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.pooling.Pool;
import ai.djl.training.ParameterStore;

/** t/s/m downsample: AvgPool2d(2, stride 1) then Conv3x3 stride 2. */
public final class AConv extends Layer {
  static final Shape TWO = new Shape(2, 2);
  static final Shape ONE = new Shape(1, 1);
  static final Shape ZERO = new Shape(0, 0);

  private final Conv cv;

  public AConv(int in, int out) {
    cv = child("cv", new Conv(in, out, 3, 2));
  }

  static NDArray smooth(NDArray x) {
    return Pool.avgPool2d(x, TWO, ONE, ZERO, false, true);
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    NDArray smooth = smooth(x);
    NDArray y = cv.apply(ps, smooth, training);
    free(smooth);
    return y;
  }
}
