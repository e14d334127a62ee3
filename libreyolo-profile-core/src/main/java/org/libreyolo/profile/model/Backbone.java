package org.libreyolo.profile.model;

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
    NDArray x = inputs.singletonOrThrow();
    x = conv0.apply(ps, x, training);
    x = conv1.apply(ps, x, training);
    x = elan1.apply(ps, x, training);
    NDArray b3 = elan2.apply(ps, down2.apply(ps, x, training), training);
    NDArray b4 = elan3.apply(ps, down3.apply(ps, b3, training), training);
    NDArray b5 = spp.apply(ps, elan4.apply(ps, down4.apply(ps, b4, training), training), training);
    return new NDList(b3, b4, b5);
  }
}
