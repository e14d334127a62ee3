package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.pooling.Pool;
import ai.djl.training.ParameterStore;

/**
 * c downsample: AvgPool2d(2,1), split; Conv3x3 s2 on one half, MaxPool(3,2,1)+Conv1x1 on the other.
 */
final class ADown extends Downsample {
  private static final Shape THREE = new Shape(3, 3);
  private static final Shape TWO = new Shape(2, 2);
  private static final Shape ONE = new Shape(1, 1);

  private final Conv cv1;
  private final Conv cv2;

  public ADown(int in, int out) {
    super(in);
    cv1 = child("cv1", new Conv(in / 2, out / 2, 3, 2));
    cv2 = child("cv2", new Conv(in / 2, out / 2, 1));
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    NDArray smoothed = smooth.apply(x, training);
    NDList halves = smoothed.split(2, 1);
    NDArray a = cv1.apply(ps, halves.get(0), training);
    NDArray pooled = Pool.maxPool2d(halves.get(1), THREE, TWO, ONE, false);
    free(halves);
    free(smoothed);
    NDArray b = cv2.apply(ps, pooled, training);
    free(pooled);
    NDArray y = NDArrays.concat(new NDList(a, b), 1);
    free(a, b);
    return y;
  }
}
