package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.ParameterStore;

/** PAN neck: two top-down RepNCSPELANs after nearest x2 upsampling, two bottom-up ones. */
final class Neck extends Yolo9Block {
  private final Layer elanUp1;
  private final Layer elanUp2;
  private final Layer down1;
  private final Layer elanDown1;
  private final Layer down2;
  private final Layer elanDown2;

  Neck(Yolo9Size c) {
    int n = c.repeats;
    elanUp1 =
        child("elan_up1", new RepNCSPELAN(c.sppOut + c.b4.out(), c.up1.part(), c.up1.out(), n));
    elanUp2 =
        child("elan_up2", new RepNCSPELAN(c.up1.out() + c.b3.out(), c.up2.part(), c.up2.out(), n));
    down1 = child("down1", downsample(c, c.up2.out(), c.down1.down()));
    elanDown1 =
        child(
            "elan_down1",
            new RepNCSPELAN(c.down1.down() + c.up1.out(), c.down1.part(), c.down1.out(), n));
    down2 = child("down2", downsample(c, c.down1.out(), c.down2.down()));
    elanDown2 =
        child(
            "elan_down2",
            new RepNCSPELAN(c.down2.down() + c.sppOut, c.down2.part(), c.down2.out(), n));
  }

  static Layer downsample(Yolo9Size c, int in, int out) {
    return c.adown ? new ADown(in, out) : new AConv(in, out);
  }

  @Override
  protected NDList run(ParameterStore ps, NDList inputs, boolean training) {
    NDArray b3 = inputs.get(0);
    NDArray b4 = inputs.get(1);
    NDArray b5 = inputs.get(2);
    NDArray n4 = fuseLevels(ps, elanUp1, upsample(b5), b4, training);
    NDArray p3 = fuseLevels(ps, elanUp2, upsample(n4), b3, training);
    NDArray p4 = fuseLevels(ps, elanDown1, down1.apply(ps, p3, training), n4, training);
    Layer.free(n4);
    NDArray p5 = fuseLevels(ps, elanDown2, down2.apply(ps, p4, training), b5, training);
    return new NDList(p3, p4, p5);
  }

  /** {@code elan(cat(resampled, lateral))}; frees the resampled map and the concatenation. */
  private static NDArray fuseLevels(
      ParameterStore ps, Layer elan, NDArray resampled, NDArray lateral, boolean training) {
    NDArray joined = cat(resampled, lateral);
    Layer.free(resampled);
    NDArray y = elan.apply(ps, joined, training);
    Layer.free(joined);
    return y;
  }

  private static NDArray upsample(NDArray x) {
    Shape s = x.getShape();
    return x.getNDArrayInternal().interpolation(new long[] {2 * s.get(2), 2 * s.get(3)}, 0, false);
  }

  private static NDArray cat(NDArray a, NDArray b) {
    return NDArrays.concat(new NDList(a, b), 1);
  }
}
