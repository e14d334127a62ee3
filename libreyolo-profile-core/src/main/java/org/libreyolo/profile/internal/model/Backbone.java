package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.training.ParameterStore;

/** conv0, conv1, elan1, then three (downsample, elan) stages and SPPELAN: outputs B3, B4, B5. */
final class Backbone extends Yolo9Block {
  private final Layer conv0;
  private final Layer conv1;
  private final Layer elan1;
  private final Layer down2;
  private final Layer elan2;
  private final Layer down3;
  private final Layer elan3;
  private final Layer down4;
  private final Layer elan4;
  private final Layer spp;

  Backbone(Yolo9Size c) {
    conv0 = child("conv0", new Conv(3, c.conv0, 3, 2));
    conv1 = child("conv1", new Conv(c.conv0, c.conv1, 3, 2));
    elan1 =
        child(
            "elan1",
            c.elan1IsRepNcspElan
                ? new RepNCSPELAN(c.conv1, c.elan1Part, c.elan1Out, 1)
                : new Elan(c.conv1, c.elan1Part, c.elan1Out));
    down2 = child("down2", Neck.downsample(c, c.elan1Out, c.b3.down()));
    elan2 = child("elan2", new RepNCSPELAN(c.b3.down(), c.b3.part(), c.b3.out(), c.repeats));
    down3 = child("down3", Neck.downsample(c, c.b3.out(), c.b4.down()));
    elan3 = child("elan3", new RepNCSPELAN(c.b4.down(), c.b4.part(), c.b4.out(), c.repeats));
    down4 = child("down4", Neck.downsample(c, c.b4.out(), c.b5.down()));
    elan4 = child("elan4", new RepNCSPELAN(c.b5.down(), c.b5.part(), c.b5.out(), c.repeats));
    spp = child("spp", new SPPELAN(c.b5.out(), c.sppHidden, c.sppOut));
  }

  @Override
  protected NDList run(ParameterStore ps, NDList inputs, boolean training) {
    NDArray x0 = conv0.apply(ps, inputs.singletonOrThrow(), training);
    NDArray x1 = conv1.apply(ps, x0, training);
    Layer.free(x0);
    NDArray x2 = elan1.apply(ps, x1, training);
    Layer.free(x1);
    NDArray b3 = stage(ps, down2, elan2, x2, training);
    Layer.free(x2);
    NDArray b4 = stage(ps, down3, elan3, b3, training);
    NDArray b5pre = stage(ps, down4, elan4, b4, training);
    NDArray b5 = spp.apply(ps, b5pre, training);
    Layer.free(b5pre);
    return new NDList(b3, b4, b5);
  }

  private static NDArray stage(
      ParameterStore ps, Layer down, Layer elan, NDArray x, boolean training) {
    NDArray d = down.apply(ps, x, training);
    NDArray y = elan.apply(ps, d, training);
    Layer.free(d);
    return y;
  }
}
