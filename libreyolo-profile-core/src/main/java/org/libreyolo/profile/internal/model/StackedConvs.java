package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;

/**
 * Two Conv+BN+SiLU layers that read the same input, run in the fused net as one convolution with
 * their output channels stacked (one GEMM and one SiLU instead of two), then split back. Per output
 * channel the arithmetic is the one of the separate layers.
 */
final class StackedConvs {
  private final Conv first;
  private final Conv second;
  private final FusedConv stacked;

  StackedConvs(Conv first, Conv second) {
    this.first = first;
    this.second = second;
    this.stacked = new FusedConv(1, first.kernel, 1);
  }

  boolean fused() {
    return stacked.ready();
  }

  /**
   * The first and second layer's outputs (views), then the stacked array they view: free all three
   * when done.
   */
  NDList apply(NDArray x) {
    NDArray both = Layer.silu(stacked.apply(x), false);
    NDList parts = both.split(new long[] {first.out}, 1);
    parts.add(both);
    return parts;
  }

  void fuse(NDManager manager) {
    stacked.set(first.folded().stackedWith(second.folded()), manager);
  }

  void unfuse() {
    stacked.clear();
  }
}
