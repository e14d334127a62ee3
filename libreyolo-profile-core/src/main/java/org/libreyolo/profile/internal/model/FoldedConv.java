package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;

/**
 * Inference-only convolution weights with BatchNorm folded in: {@code w' = w * s}, {@code b' = beta
 * - mean * s} with {@code s = gamma / sqrt(var + eps)} per output channel, so a Conv+BN pair
 * becomes one convolution with bias. Computed in double from the current parameters.
 */
final class FoldedConv {
  final int out;
  final int inPerGroup;
  final int kernel;
  final double[] weight;
  final double[] bias;

  FoldedConv(int out, int inPerGroup, int kernel, double[] weight, double[] bias) {
    this.out = out;
    this.inPerGroup = inPerGroup;
    this.kernel = kernel;
    this.weight = weight;
    this.bias = bias;
  }

  static FoldedConv fold(
      int out,
      int inPerGroup,
      int kernel,
      float[] w,
      float[] gamma,
      float[] beta,
      float[] mean,
      float[] var,
      double eps) {
    int perOut = inPerGroup * kernel * kernel;
    double[] weight = new double[w.length];
    double[] bias = new double[out];
    for (int o = 0; o < out; o++) {
      double scale = gamma[o] / Math.sqrt(var[o] + eps);
      for (int k = 0; k < perOut; k++) {
        weight[o * perOut + k] = w[o * perOut + k] * scale;
      }
      bias[o] = beta[o] - mean[o] * scale;
    }
    return new FoldedConv(out, inPerGroup, kernel, weight, bias);
  }

  /**
   * RepVGG-style re-parameterisation: {@code conv3x3(x) + conv1x1(x)} is one 3x3 convolution whose
   * centre tap also carries the 1x1 weight (both pad to the same output grid at stride 1).
   */
  FoldedConv plusCentred(FoldedConv pointwise) {
    if (pointwise.kernel != 1
        || kernel % 2 != 1
        || pointwise.out != out
        || pointwise.inPerGroup != inPerGroup) {
      throw new IllegalArgumentException(
          "cannot merge a "
              + pointwise.kernel
              + "x"
              + pointwise.kernel
              + " convolution into a "
              + kernel
              + "x"
              + kernel
              + " one");
    }
    double[] merged = weight.clone();
    double[] mergedBias = bias.clone();
    int taps = kernel * kernel;
    int centre = kernel / 2 * kernel + kernel / 2;
    for (int o = 0; o < out; o++) {
      for (int i = 0; i < inPerGroup; i++) {
        merged[(o * inPerGroup + i) * taps + centre] += pointwise.weight[o * inPerGroup + i];
      }
      mergedBias[o] += pointwise.bias[o];
    }
    return new FoldedConv(out, inPerGroup, kernel, merged, mergedBias);
  }

  /**
   * Two convolutions of the same input as one: this one's output channels, then {@code other}'s
   * (split the result to get each back).
   */
  FoldedConv stackedWith(FoldedConv other) {
    if (other.inPerGroup != inPerGroup || other.kernel != kernel) {
      throw new IllegalArgumentException("only convolutions of the same input and kernel stack");
    }
    double[] w = java.util.Arrays.copyOf(weight, weight.length + other.weight.length);
    System.arraycopy(other.weight, 0, w, weight.length, other.weight.length);
    double[] b = java.util.Arrays.copyOf(bias, out + other.out);
    System.arraycopy(other.bias, 0, b, out, other.out);
    return new FoldedConv(out + other.out, inPerGroup, kernel, w, b);
  }

  /** The weight and bias as float32 arrays of {@code manager} (the model's, not a forward's). */
  NDArray[] materialise(NDManager manager) {
    return new NDArray[] {
      manager.create(toFloat(weight), new Shape(out, inPerGroup, kernel, kernel)),
      manager.create(toFloat(bias), new Shape(out))
    };
  }

  private static float[] toFloat(double[] values) {
    float[] f = new float[values.length];
    for (int i = 0; i < values.length; i++) {
      f[i] = (float) values[i];
    }
    return f;
  }
}
