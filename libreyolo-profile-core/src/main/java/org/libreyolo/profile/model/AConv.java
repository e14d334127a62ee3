package org.libreyolo.profile.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.ParameterStore;

/** t/s/m downsample: AvgPool2d(2, stride 1) then Conv3x3 stride 2. */
public final class AConv extends Layer {
  private final MeanPool2x2 smooth;
  private final Conv cv;

  public AConv(int in, int out) {
    smooth = new MeanPool2x2(in);
    cv = child("cv", new Conv(in, out, 3, 2));
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    NDArray smoothed = smooth.apply(x, training);
    NDArray y = cv.apply(ps, smoothed, training);
    free(smoothed);
    return y;
  }

  @Override
  void fuse(NDManager manager) {
    super.fuse(manager);
    smooth.fuse(manager);
  }

  @Override
  void unfuse() {
    super.unfuse();
    smooth.unfuse();
  }
}
