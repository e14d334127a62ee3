package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.training.ParameterStore;
import ai.djl.training.initializer.Initializer;
import java.util.Map;

/** Upstream plain {@code nn.Conv2d} with bias (the head's final 1x1 layers). */
final class PlainConv extends ConvLeaf {
  private final Parameter bias;

  public PlainConv(int in, int out, int kernel, int groups) {
    super(in, out, kernel, 1, groups);
    this.bias =
        addParameter(
            Parameter.builder()
                .setName("bias")
                .setType(Parameter.Type.BIAS)
                .optShape(new Shape(out))
                .optInitializer(Initializer.ZEROS)
                .build());
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    return convolve(ps, x, bias, training);
  }

  @Override
  public Parameter bias() {
    return bias;
  }

  @Override
  public void collectParameters(String prefix, Map<String, Parameter> out) {
    out.put(join(prefix, "weight"), weight);
    out.put(join(prefix, "bias"), bias);
  }
}
