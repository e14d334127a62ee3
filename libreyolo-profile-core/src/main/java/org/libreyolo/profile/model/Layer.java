package org.libreyolo.profile.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.training.ParameterStore;

/**
 * A block with one input tensor and one output tensor.
 *
 * <p>Ownership: {@code apply} never closes its input (the caller owns it) and closes every
 * intermediate it made as soon as it is dead. Closing a handle only drops a reference (autograd
 * keeps what it saved), and freeing early lets libtorch's allocator reuse warm memory instead of
 * faulting in fresh pages for every activation of a forward (docs/performance.md).
 */
public abstract class Layer extends Yolo9Block {
  public abstract NDArray apply(ParameterStore ps, NDArray x, boolean training);

  @Override
  protected NDList run(ParameterStore ps, NDList inputs, boolean training) {
    return new NDList(apply(ps, inputs.singletonOrThrow(), training));
  }

  /**
   * SiLU of an intermediate this block owns. At inference the product is taken in place (one
   * allocation less; DJL binds no fused silu); training keeps {@code x} intact for autograd.
   */
  static NDArray silu(NDArray x, boolean training) {
    NDArray gate = x.getNDArrayInternal().sigmoid();
    if (training) {
      return x.mul(gate);
    }
    x.muli(gate);
    gate.close();
    return x;
  }

  /** Frees intermediates now instead of when the forward's sub-manager closes. */
  static void free(NDArray... dead) {
    for (NDArray array : dead) {
      array.close();
    }
  }

  static void free(NDList dead) {
    for (NDArray array : dead) {
      array.close();
    }
  }
}
