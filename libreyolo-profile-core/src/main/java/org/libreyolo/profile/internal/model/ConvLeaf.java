package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.ParameterStore;
import ai.djl.training.initializer.Initializer;

/** A 2-D convolution leaf with its own weight (and optional bias); subclasses add BN/SiLU. */
abstract class ConvLeaf extends Layer {
  /** Counts multiply-accumulates of the convolutions run on this thread, when set. */
  static final ThreadLocal<long[]> MAC_COUNTER = new ThreadLocal<>();

  private static final Shape DILATION = new Shape(1, 1);

  protected final int in;
  protected final int out;
  protected final int kernel;
  protected final int stride;
  protected final int groups;
  protected final Parameter weight;

  protected ConvLeaf(int in, int out, int kernel, int stride, int groups) {
    this.in = in;
    this.out = out;
    this.kernel = kernel;
    this.stride = stride;
    this.groups = groups;
    this.strides = new Shape(stride, stride);
    this.padding = new Shape(kernel / 2, kernel / 2);
    this.weight =
        addParameter(
            Parameter.builder()
                .setName("weight")
                .setType(Parameter.Type.WEIGHT)
                .optShape(new Shape(out, in / groups, kernel, kernel))
                .optInitializer(Initializer.ZEROS)
                .build());
  }

  private final Shape strides;
  private final Shape padding;

  protected NDArray convolve(ParameterStore ps, NDArray x, Parameter bias, boolean training) {
    NDArray w = ps.getValue(weight, x.getDevice(), training);
    NDArray b = bias == null ? null : ps.getValue(bias, x.getDevice(), training);
    NDArray y = convolve(x, w, b);
    long[] counter = MAC_COUNTER.get();
    if (counter != null) {
      Shape s = y.getShape();
      counter[0] +=
          s.get(0) * s.get(1) * s.get(2) * s.get(3) * (long) (in / groups) * kernel * kernel;
    }
    return y;
  }

  /** libtorch's convolution with this leaf's geometry (DJL's Conv2d wrapper only adds checks). */
  private NDArray convolve(NDArray x, NDArray w, NDArray b) {
    return x.getNDArrayInternal()
        .convolution(x, w, b, strides, padding, DILATION, groups)
        .singletonOrThrow();
  }

  public Parameter weight() {
    return weight;
  }

  /** Fan-in of the weight, as PyTorch's default (kaiming-uniform a=sqrt(5)) init uses it. */
  public int fanIn() {
    return in / groups * kernel * kernel;
  }

  public abstract Parameter bias();

  @Override
  public void forEachConv(java.util.function.Consumer<ConvLeaf> visitor) {
    visitor.accept(this);
  }
}
