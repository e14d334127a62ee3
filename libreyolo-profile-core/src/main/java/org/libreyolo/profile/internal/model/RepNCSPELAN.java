package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.training.ParameterStore;

/** RepNCSPELAN4: split the 1x1 output, two (RepNCSP, 3x3) stages, concat all four, 1x1. */
final class RepNCSPELAN extends Layer {
  private final Conv cv1;
  private final Chain cv2;
  private final Chain cv3;
  private final Conv cv4;

  public RepNCSPELAN(int in, int part, int out, int n) {
    int c3 = part / 2;
    cv1 = child("cv1", new Conv(in, part, 1));
    cv2 = child("cv2", new Chain(new RepNCSP(part / 2, c3, n), new Conv(c3, c3, 3)));
    cv3 = child("cv3", new Chain(new RepNCSP(c3, c3, n), new Conv(c3, c3, 3)));
    cv4 = child("cv4", new Conv(part + 2 * c3, out, 1));
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    return elan(ps, x, training, cv1, cv2, cv3, cv4);
  }
}
