package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Parameter;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Base of every LibreYOLO9 block. Children are registered under their upstream module names ({@code
 * cv1}, {@code m.0}, ...) so that {@link #collectParameters} yields the upstream state-dict names.
 * Leaves declare parameters with fixed shapes, so initialising a child needs no shape inference.
 */
abstract class Yolo9Block extends AbstractBlock {
  private final Map<String, Yolo9Block> named = new LinkedHashMap<>();

  protected <B extends Yolo9Block> B child(String name, B block) {
    addChildBlock(name, block);
    named.put(name, block);
    return block;
  }

  /** Runs the block on its inputs; composites call their children's {@code run} directly. */
  protected abstract NDList run(ParameterStore ps, NDList inputs, boolean training);

  @Override
  protected NDList forwardInternal(
      ParameterStore ps, NDList inputs, boolean training, PairList<String, Object> params) {
    return run(ps, inputs, training);
  }

  @Override
  protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputShapes) {
    for (Yolo9Block block : named.values()) {
      block.initialize(manager, dataType, inputShapes);
    }
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    throw new UnsupportedOperationException(
        getClass().getSimpleName() + " has data-dependent shapes");
  }

  /** Adds this block's parameters, keyed by upstream name, in registration order. */
  public void collectParameters(String prefix, Map<String, Parameter> out) {
    for (Map.Entry<String, Yolo9Block> e : named.entrySet()) {
      e.getValue().collectParameters(join(prefix, e.getKey()), out);
    }
  }

  /** Visits every leaf convolution (for FLOP counting and initialisation). */
  public void forEachConv(java.util.function.Consumer<ConvLeaf> visitor) {
    for (Yolo9Block block : named.values()) {
      block.forEachConv(visitor);
    }
  }

  /**
   * Prepares the inference path from the current parameters (BatchNorm folded into convolutions,
   * re-parameterised branches merged). Training forwards ignore it; call {@link #unfuse} before the
   * parameters change.
   */
  void fuse(NDManager manager) {
    for (Yolo9Block block : named.values()) {
      block.fuse(manager);
    }
  }

  /** Drops what {@link #fuse} prepared; inference then runs the layers as trained. */
  void unfuse() {
    for (Yolo9Block block : named.values()) {
      block.unfuse();
    }
  }

  static String join(String prefix, String name) {
    return prefix.isEmpty() ? name : prefix + "." + name;
  }
}
