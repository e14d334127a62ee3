package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.training.ParameterStore;

/** t/s/m downsample: AvgPool2d(2, stride 1) then Conv3x3 stride 2. */
final class AConv extends Downsample {
  private final Conv cv;

  public AConv(int in, int out) {
    super(in);
    cv = child("cv", new Conv(in, out, 3, 2));
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    NDArray smoothed = smooth.apply(x, training);
    NDArray y = cv.apply(ps, smoothed, training);
    free(smoothed);
    return y;
  }
}
