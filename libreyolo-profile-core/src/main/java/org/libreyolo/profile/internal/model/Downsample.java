package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDManager;

/** A downsample block (AConv, ADown): both open with upstream's AvgPool2d(2, stride 1). */
abstract class Downsample extends Layer {
  protected final MeanPool2x2 smooth;

  protected Downsample(int channels) {
    this.smooth = new MeanPool2x2(channels);
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
