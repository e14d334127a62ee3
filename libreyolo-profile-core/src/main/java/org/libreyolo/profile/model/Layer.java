package org.libreyolo.profile.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.training.ParameterStore;

/** A block with one input tensor and one output tensor. */
public abstract class Layer extends Yolo9Block {
  public abstract NDArray apply(ParameterStore ps, NDArray x, boolean training);

  @Override
  protected NDList run(ParameterStore ps, NDList inputs, boolean training) {
    return new NDList(apply(ps, inputs.singletonOrThrow(), training));
  }

  static NDArray silu(NDArray x) {
    return x.mul(x.getNDArrayInternal().sigmoid());
  }
}
