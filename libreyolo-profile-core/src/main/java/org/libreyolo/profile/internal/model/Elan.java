package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.training.ParameterStore;

/** The t/s stem ELAN: split the 1x1 output, two chained 3x3 convs, concat all four, 1x1. */
final class Elan extends Layer {
  private final Conv cv1;
  private final Conv cv2;
  private final Conv cv3;
  private final Conv cv4;

  public Elan(int in, int part, int out) {
    cv1 = child("cv1", new Conv(in, part, 1));
    cv2 = child("cv2", new Conv(part / 2, part / 2, 3));
    cv3 = child("cv3", new Conv(part / 2, part / 2, 3));
    cv4 = child("cv4", new Conv(2 * part, out, 1));
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    return elan(ps, x, training, cv1, cv2, cv3, cv4);
  }
}
