package org.libreyolo.profile.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * Two Conv+BN+SiLU layers that read the same input, run in the fused net as one convolution
 * with their output channels stacked (one GEMM and one SiLU instead of two), then split back.
 * Per output channel the arithmetic is the one of the separate layers.
 */
final class StackedConvs {
  private static final Shape STRIDE = new Shape(1, 1);

  private final Conv first;
  private final Conv second;
  private final Shape padding;
  /** Weight and bias while fused, else null. */
  private NDArray[] stacked;

  StackedConvs(Conv first, Conv second) {
    this.first = first;
    this.second = second;
    this.padding = new Shape(first.kernel / 2, first.kernel / 2);
  }

  boolean fused() {
    return stacked != null;
  }

  /** The first and second layer's outputs (views), then the stacked array they view: free all three when done. */
  NDList apply(NDArray x) {
    NDArray both = Layer.silu(
        x.getNDArrayInternal().convolution(x, stacked[0], stacked[1], STRIDE, padding, STRIDE, 1).singletonOrThrow(),
        false);
    NDList parts = both.split(new long[] {first.out}, 1);
    parts.add(both);
    return parts;
  }

  void fuse(NDManager manager) {
    unfuse();
    stacked = first.folded().stackedWith(second.folded()).materialise(manager);
  }

  void unfuse() {
    if (stacked != null) {
      Layer.free(stacked);
      stacked = null;
    }
  }
}
