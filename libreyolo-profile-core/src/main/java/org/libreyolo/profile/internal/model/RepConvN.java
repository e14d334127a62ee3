package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.ParameterStore;

/**
 * {@code SiLU(conv3x3+BN (x) + conv1x1+BN (x))}; no identity branch. Fused for inference into a
 * single 3x3 convolution with bias (both branches' BatchNorm folded, the 1x1 on the centre tap).
 */
final class RepConvN extends Layer {
  private final Conv conv1;
  private final Conv conv2;

  /** Both branches as one 3x3, in the fused net. */
  private final FusedConv merged = new FusedConv(1, 3, 1);

  public RepConvN(int in, int out) {
    conv1 = child("conv1", new Conv(in, out, 3, 1, 1, false));
    conv2 = child("conv2", new Conv(in, out, 1, 1, 1, false));
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    if (!training && merged.ready()) {
      return silu(merged.apply(x), false);
    }
    NDArray a = conv1.apply(ps, x, training);
    NDArray b = conv2.apply(ps, x, training);
    NDArray sum = a.add(b);
    free(a, b);
    return silu(sum, training);
  }

  @Override
  void fuse(NDManager manager) {
    merged.set(conv1.folded().plusCentred(conv2.folded()), manager);
  }

  @Override
  void unfuse() {
    merged.clear();
  }
}
