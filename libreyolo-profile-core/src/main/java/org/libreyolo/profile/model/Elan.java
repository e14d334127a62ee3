package org.libreyolo.profile.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.training.ParameterStore;

/** The t/s stem ELAN: split the 1x1 output, two chained 3x3 convs, concat all four, 1x1. */
public final class Elan extends Layer {
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
    NDArray y1 = cv1.apply(ps, x, training);
    NDList halves = y1.split(2, 1);
    NDArray y2 = cv2.apply(ps, halves.get(1), training);
    NDArray y3 = cv3.apply(ps, y2, training);
    // the two halves side by side are y1 itself: concatenating it whole skips two views
    NDArray joined = NDArrays.concat(new NDList(y1, y2, y3), 1);
    free(halves);
    free(y1, y2, y3);
    NDArray y = cv4.apply(ps, joined, training);
    free(joined);
    return y;
  }
}
