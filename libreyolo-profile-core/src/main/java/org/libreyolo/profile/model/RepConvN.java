package org.libreyolo.profile.model;

import ai.djl.ndarray.NDArray;
import ai.djl.training.ParameterStore;

/** {@code SiLU(conv3x3+BN (x) + conv1x1+BN (x))}; no identity branch. */
public final class RepConvN extends Layer {
  private final Conv conv1;
  private final Conv conv2;

  public RepConvN(int in, int out) {
    conv1 = child("conv1", new Conv(in, out, 3, 1, 1, false));
    conv2 = child("conv2", new Conv(in, out, 1, 1, 1, false));
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    return silu(conv1.apply(ps, x, training).add(conv2.apply(ps, x, training)));
  }
}
