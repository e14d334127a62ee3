package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.training.ParameterStore;

/** {@code x + Conv3x3(RepConvN(x))}: always residual (c_in = c_out). */
final class RepNBottleneck extends Layer {
  private final RepConvN cv1;
  private final Conv cv2;

  public RepNBottleneck(int channels) {
    cv1 = child("cv1", new RepConvN(channels, channels));
    cv2 = child("cv2", new Conv(channels, channels, 3));
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    NDArray t = cv1.apply(ps, x, training);
    NDArray u = cv2.apply(ps, t, training);
    free(t);
    if (training) {
      NDArray y = x.add(u);
      free(u);
      return y;
    }
    return u.addi(x); // u is ours and dead after this: add in place (x + u == u + x exactly)
  }
}
