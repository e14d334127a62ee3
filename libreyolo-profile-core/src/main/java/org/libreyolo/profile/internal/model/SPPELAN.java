package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.pooling.Pool;
import ai.djl.training.ParameterStore;

/** Spatial pyramid ELAN: 1x1, three chained MaxPool(5,1,2), concat all four, 1x1. */
final class SPPELAN extends Layer {
  private static final Shape FIVE = new Shape(5, 5);
  private static final Shape PAD2 = new Shape(2, 2);
  private static final Shape ONE = new Shape(1, 1);

  private final Conv cv1;
  private final Conv cv5;

  public SPPELAN(int in, int hidden, int out) {
    cv1 = child("cv1", new Conv(in, hidden, 1));
    cv5 = child("cv5", new Conv(4 * hidden, out, 1));
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    NDArray y0 = cv1.apply(ps, x, training);
    NDArray y1 = pool(y0);
    NDArray y2 = pool(y1);
    NDArray y3 = pool(y2);
    NDArray joined = NDArrays.concat(new NDList(y0, y1, y2, y3), 1);
    free(y0, y1, y2, y3);
    NDArray y = cv5.apply(ps, joined, training);
    free(joined);
    return y;
  }

  private static NDArray pool(NDArray x) {
    return Pool.maxPool2d(x, FIVE, ONE, PAD2, false);
  }
}
