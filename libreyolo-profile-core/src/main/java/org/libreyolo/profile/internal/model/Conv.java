package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import ai.djl.nn.norm.BatchNorm;
import ai.djl.training.ParameterStore;
import ai.djl.training.initializer.Initializer;
import java.util.Map;

/**
 * Upstream {@code Conv}: bias-free Conv2d, BatchNorm2d (eps 1e-3, momentum 0.03) and SiLU
 * (optional). Upstream names: {@code conv.weight}, {@code bn.weight|bias|running_mean|running_var}.
 */
final class Conv extends ConvLeaf {
  /** PyTorch momentum 0.03; DJL passes 1 - momentum to libtorch. */
  private static final float DJL_MOMENTUM = 0.97f;

  private static final float EPS = 1e-3f;

  /**
   * DJL's batchNorm passes axis -1 straight to torch's batch_norm, which normalises dim 1 of NCHW
   * as we need; any other axis is emulated with two swapAxes (4 more ops per layer, 8 in training,
   * ~2,600 per train step) even when the swap is a no-op.
   */
  private static final int TORCH_CHANNEL_AXIS = -1;

  private final boolean act;
  private final Parameter gamma;
  private final Parameter beta;
  private final Parameter runningMean;
  private final Parameter runningVar;

  /** This layer with its BatchNorm folded in, in the fused net. */
  private final FusedConv folded;

  public Conv(int in, int out, int kernel, int stride, int groups, boolean act) {
    super(in, out, kernel, stride, groups);
    this.act = act;
    this.folded = new FusedConv(stride, kernel, groups);
    this.gamma = bnParameter("gamma", Parameter.Type.GAMMA, Initializer.ONES, true);
    this.beta = bnParameter("beta", Parameter.Type.BETA, Initializer.ZEROS, true);
    this.runningMean =
        bnParameter("runningMean", Parameter.Type.RUNNING_MEAN, Initializer.ZEROS, false);
    this.runningVar =
        bnParameter("runningVar", Parameter.Type.RUNNING_VAR, Initializer.ONES, false);
  }

  public Conv(int in, int out, int kernel, int stride) {
    this(in, out, kernel, stride, 1, true);
  }

  public Conv(int in, int out, int kernel) {
    this(in, out, kernel, 1, 1, true);
  }

  private Parameter bnParameter(String name, Parameter.Type type, Initializer init, boolean grad) {
    return addParameter(
        Parameter.builder()
            .setName(name)
            .setType(type)
            .optShape(new Shape(out))
            .optInitializer(init)
            .optRequiresGrad(grad)
            .build());
  }

  @Override
  public NDArray apply(ParameterStore ps, NDArray x, boolean training) {
    if (!training && folded.ready()) {
      NDArray y = folded.apply(x);
      return act ? silu(y, false) : y;
    }
    NDArray conv = convolve(ps, x, null, training);
    NDArray y =
        BatchNorm.batchNorm(
                conv,
                ps.getValue(runningMean, x.getDevice(), training),
                ps.getValue(runningVar, x.getDevice(), training),
                ps.getValue(gamma, x.getDevice(), training),
                ps.getValue(beta, x.getDevice(), training),
                TORCH_CHANNEL_AXIS,
                DJL_MOMENTUM,
                EPS,
                training)
            .singletonOrThrow();
    free(conv);
    return act ? silu(y, training) : y;
  }

  /** This layer's Conv+BN as one convolution, from the current parameter values. */
  FoldedConv folded() {
    return FoldedConv.fold(
        out,
        in / groups,
        kernel,
        weight.getArray().toFloatArray(),
        gamma.getArray().toFloatArray(),
        beta.getArray().toFloatArray(),
        runningMean.getArray().toFloatArray(),
        runningVar.getArray().toFloatArray(),
        EPS);
  }

  @Override
  void fuse(NDManager manager) {
    folded.set(folded(), manager);
  }

  @Override
  void unfuse() {
    folded.clear();
  }

  @Override
  public Parameter bias() {
    return null;
  }

  @Override
  public void collectParameters(String prefix, Map<String, Parameter> out) {
    out.put(join(prefix, "conv.weight"), weight);
    out.put(join(prefix, "bn.weight"), gamma);
    out.put(join(prefix, "bn.bias"), beta);
    out.put(join(prefix, "bn.running_mean"), runningMean);
    out.put(join(prefix, "bn.running_var"), runningVar);
  }
}
