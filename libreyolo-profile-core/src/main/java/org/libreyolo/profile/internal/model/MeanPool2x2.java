package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.pooling.Pool;

/**
 * Upstream's {@code AvgPool2d(2, stride 1)} in the downsample blocks. In the fused net it runs as a
 * depthwise convolution with 0.25 weights: oneDNN's kernel is 2-5x faster than libtorch's scalar
 * avg_pool2d on these maps and gives the same result to the bit (measured: max |diff| 0 on six
 * shapes from 20x20x96 to 160x160x64; docs/performance.md).
 */
final class MeanPool2x2 {
  private static final Shape TWO = new Shape(2, 2);
  private static final Shape ONE = new Shape(1, 1);
  private static final Shape ZERO = new Shape(0, 0);

  private final int channels;

  /** The depthwise kernel while fused, else null. */
  private NDArray kernel;

  MeanPool2x2(int channels) {
    this.channels = channels;
  }

  NDArray apply(NDArray x, boolean training) {
    if (training || kernel == null) {
      return Pool.avgPool2d(x, TWO, ONE, ZERO, false, true);
    }
    return x.getNDArrayInternal()
        .convolution(x, kernel, null, ONE, ZERO, ONE, channels)
        .singletonOrThrow();
  }

  void fuse(NDManager manager) {
    unfuse();
    kernel = manager.full(new Shape(channels, 1, 2, 2), 0.25f);
  }

  void unfuse() {
    if (kernel != null) {
      kernel.close();
      kernel = null;
    }
  }
}
