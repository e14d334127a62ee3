package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * A convolution of the fused inference net: weight and bias prepared from trained layers ({@link
 * FoldedConv}) and held, in the model's manager, until the net is unfused.
 */
final class FusedConv {
  private static final Shape DILATION = new Shape(1, 1);

  private final Shape stride;
  private final Shape padding;
  private final int groups;

  /** Weight and bias while fused, else null. */
  private NDArray[] weightAndBias;

  /** Same-size padding ({@code kernel / 2}), as every convolution of the net. */
  FusedConv(int stride, int kernel, int groups) {
    this.stride = new Shape(stride, stride);
    this.padding = new Shape(kernel / 2, kernel / 2);
    this.groups = groups;
  }

  boolean ready() {
    return weightAndBias != null;
  }

  void set(FoldedConv folded, NDManager manager) {
    clear();
    weightAndBias = folded.materialise(manager);
  }

  void clear() {
    if (weightAndBias != null) {
      Layer.free(weightAndBias);
      weightAndBias = null;
    }
  }

  NDArray apply(NDArray x) {
    return x.getNDArrayInternal()
        .convolution(x, weightAndBias[0], weightAndBias[1], stride, padding, DILATION, groups)
        .singletonOrThrow();
  }
}
