package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.training.ParameterStore;
import java.util.ArrayList;
import java.util.List;

/** Upstream {@code nn.Sequential}: layers named {@code 0}, {@code 1}, ... run in order. */
final class Chain extends Layer {
  private final List<Layer> layers = new ArrayList<>();

  public Chain(Layer... layers) {
    for (Layer layer : layers) {
      this.layers.add(child(Integer.toString(this.layers.size()), layer));
    }
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    return applyFrom(0, ps, x, training);
  }

  Layer layer(int index) {
    return layers.get(index);
  }

  /** Runs the layers from {@code first} on, freeing what they hand each other (never x). */
  NDArray applyFrom(int first, ParameterStore ps, NDArray x, boolean training) {
    NDArray y = x;
    for (Layer layer : layers.subList(first, layers.size())) {
      NDArray next = layer.apply(ps, y, training);
      if (y != x) {
        free(y);
      }
      y = next;
    }
    return y;
  }
}
