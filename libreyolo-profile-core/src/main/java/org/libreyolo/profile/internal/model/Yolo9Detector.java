package org.libreyolo.profile.internal.model;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.ParameterStore;

/** The Block-API LibreYOLO9 inside a DJL {@link Model}. */
public final class Yolo9Detector implements Detector {
  private final Model model;
  private final Yolo9Net net;
  private final ParameterStore parameters;
  private final ModelInfo info;
  private boolean fusion = true;
  private volatile boolean fused;

  /** Builds the network with zeroed parameters; the caller fills them (random init or a file). */
  public Yolo9Detector(Yolo9Size size, int classes, Device device, String weightsLabel) {
    this.net = new Yolo9Net(size, classes);
    this.model = Model.newInstance("libreyolo9" + size.letter(), device);
    model.setBlock(net);
    net.initialize(model.getNDManager(), DataType.FLOAT32, new Shape(1, 3, 64, 64));
    this.parameters = new ParameterStore(model.getNDManager(), false);
    this.info =
        new ModelInfo(
            "LibreYOLO9" + size.letter(),
            size.letter(),
            classes,
            net.parameterCount(),
            weightsLabel,
            "block");
  }

  public Yolo9Net net() {
    return net;
  }

  @Override
  public ModelInfo info() {
    return info;
  }

  @Override
  public NDManager manager() {
    return model.getNDManager();
  }

  @Override
  public Device device() {
    return model.getNDManager().getDevice();
  }

  /**
   * Inference forward. By default it runs the fused net (BatchNorm folded into the convolutions,
   * RepConvN branches merged), prepared from the current parameters on the first call after
   * construction, loading or training.
   */
  @Override
  public NDList forward(NDArray input) {
    if (fusion) {
      ensureFused();
    }
    return net.forward(parameters, new NDList(input), false);
  }

  /** Training-mode forward: the three raw level maps, with BN in batch-statistics mode. */
  public NDList forwardTraining(NDArray input) {
    unfuse(); // the parameters are about to change
    return net.forward(parameters, new NDList(input), true);
  }

  /**
   * Whether inference runs the fused net (default) or the layers as trained, op for op as
   * upstream's eval mode (what the numeric-parity test checks). Returns this detector.
   */
  public Yolo9Detector fusion(boolean enabled) {
    this.fusion = enabled;
    if (!enabled) {
      unfuse();
    }
    return this;
  }

  /**
   * Call after changing parameter values in place outside training (e.g. loading weights into a
   * detector that has already run); the next inference forward fuses them anew.
   */
  public synchronized void unfuse() {
    if (fused) {
      net.unfuse();
      fused = false;
    }
  }

  private void ensureFused() {
    if (!fused) {
      synchronized (this) {
        if (!fused) {
          net.fuse(model.getNDManager());
          fused = true;
        }
      }
    }
  }

  /**
   * Convolution multiply-accumulates for one image of {@code height x width}. Every feature map is
   * the input divided by its stride (sizes are multiples of 32), so MACs scale exactly with the
   * pixel count: one forward at 64x64 counts them.
   */
  public long macs(int height, int width) {
    long[] counter = new long[1];
    ConvLeaf.MAC_COUNTER.set(counter);
    unfuse(); // upstream counts the layers as trained, not the fused ones
    try (NDManager sub = manager().newSubManager()) {
      net.forward(parameters, new NDList(sub.zeros(new Shape(1, 3, 64, 64))), false);
    } finally {
      ConvLeaf.MAC_COUNTER.remove();
    }
    return counter[0] * height * width / (64 * 64);
  }

  @Override
  public void close() {
    model.close();
  }
}
