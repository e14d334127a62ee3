package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
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
abstract class Layer extends Yolo9Block {
  public abstract NDArray apply(ParameterStore ps, NDArray x, boolean training);

  @Override
  protected NDList run(ParameterStore ps, NDList inputs, boolean training) {
    return new NDList(apply(ps, inputs.singletonOrThrow(), training));
  }

  /**
   * SiLU of an intermediate this block owns (DJL binds no fused silu). At inference the product is
   * taken in place in the sigmoid's buffer and {@code x} is freed, so each activation costs one
   * allocation, as libtorch's silu does, and the freed input is what the next layer reuses (taking
   * the product in {@code x} instead freed the newest block every time, which glibc handed back to
   * the kernel and faulted in again: ~2.5% of a forward in page clearing). Training keeps {@code x}
   * intact for autograd.
   */
  static NDArray silu(NDArray x, boolean training) {
    NDArray gate = x.getNDArrayInternal().sigmoid();
    if (training) {
      NDArray y = x.mul(gate);
      free(x, gate);
      return y;
    }
    gate.muli(x);
    x.close();
    return gate;
  }

  /**
   * The ELAN pattern of Elan and RepNCSPELAN: {@code cv4(cat[y1, cv2(y1 second half), cv3(..)])}.
   * The two halves side by side are y1 itself, so it is concatenated whole.
   */
  static NDArray elan(
      ParameterStore ps, NDArray x, boolean training, Layer cv1, Layer cv2, Layer cv3, Layer cv4) {
    NDArray y1 = cv1.apply(ps, x, training);
    NDList halves = y1.split(2, 1);
    NDArray y2 = cv2.apply(ps, halves.get(1), training);
    NDArray y3 = cv3.apply(ps, y2, training);
    NDArray joined = NDArrays.concat(new NDList(y1, y2, y3), 1);
    free(halves);
    free(y1, y2, y3);
    NDArray y = cv4.apply(ps, joined, training);
    free(joined);
    return y;
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
