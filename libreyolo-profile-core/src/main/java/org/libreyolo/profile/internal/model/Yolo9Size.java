package org.libreyolo.profile.internal.model;

import java.util.Locale;
import org.libreyolo.profile.LibreYoloException;

/**
 * The four LibreYOLO9 sizes and their widths (docs/model.md, "Sizes"). Stage triples are
 * (downsample out, elan part, elan out).
 */
public enum Yolo9Size {
  T(
      16,
      32,
      false,
      32,
      32,
      s(64, 64, 64),
      s(96, 96, 96),
      s(128, 128, 128),
      64,
      128,
      3,
      s(0, 96, 96),
      s(0, 64, 64),
      s(48, 96, 96),
      s(64, 128, 128),
      false),
  S(
      32,
      64,
      false,
      64,
      64,
      s(128, 128, 128),
      s(192, 192, 192),
      s(256, 256, 256),
      128,
      256,
      3,
      s(0, 192, 192),
      s(0, 128, 128),
      s(96, 192, 192),
      s(128, 256, 256),
      false),
  M(
      32,
      64,
      true,
      128,
      128,
      s(240, 240, 240),
      s(360, 360, 360),
      s(480, 480, 480),
      240,
      480,
      1,
      s(0, 360, 360),
      s(0, 240, 240),
      s(184, 360, 360),
      s(240, 480, 480),
      false),
  C(
      64,
      128,
      true,
      128,
      256,
      s(256, 256, 512),
      s(512, 512, 512),
      s(512, 512, 512),
      256,
      512,
      1,
      s(0, 512, 512),
      s(0, 256, 256),
      s(256, 512, 512),
      s(512, 512, 512),
      true);

  /** (downsample out, elan part, elan out) of one stage. */
  record Stage(int down, int part, int out) {}

  /** The first convolution's channels: how wide every activation is, relative to another size. */
  public int stemWidth() {
    return conv0;
  }

  final int conv0;
  final int conv1;
  final boolean elan1IsRepNcspElan;
  final int elan1Part;
  final int elan1Out;
  final Stage b3;
  final Stage b4;
  final Stage b5;
  final int sppHidden;
  final int sppOut;
  final int repeats;
  final Stage up1;
  final Stage up2;
  final Stage down1;
  final Stage down2;
  final boolean adown;

  Yolo9Size(
      int conv0,
      int conv1,
      boolean elan1IsRepNcspElan,
      int elan1Part,
      int elan1Out,
      Stage b3,
      Stage b4,
      Stage b5,
      int sppHidden,
      int sppOut,
      int repeats,
      Stage up1,
      Stage up2,
      Stage down1,
      Stage down2,
      boolean adown) {
    this.conv0 = conv0;
    this.conv1 = conv1;
    this.elan1IsRepNcspElan = elan1IsRepNcspElan;
    this.elan1Part = elan1Part;
    this.elan1Out = elan1Out;
    this.b3 = b3;
    this.b4 = b4;
    this.b5 = b5;
    this.sppHidden = sppHidden;
    this.sppOut = sppOut;
    this.repeats = repeats;
    this.up1 = up1;
    this.up2 = up2;
    this.down1 = down1;
    this.down2 = down2;
    this.adown = adown;
  }

  private static Stage s(int down, int part, int out) {
    return new Stage(down, part, out);
  }

  /** Lower-case letter as used on the command line and in profiles. */
  public String letter() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The built-in weights name of this size, e.g. {@code LibreYOLO9t.pt}. */
  public String weightsName() {
    return "LibreYOLO9" + letter() + ".pt";
  }

  /** Head input channels at strides 8, 16, 32. */
  int[] headChannels() {
    return new int[] {up2.out(), down1.out(), down2.out()};
  }

  public static Yolo9Size parse(String text) {
    if (text != null) {
      for (Yolo9Size size : values()) {
        if (size.letter().equalsIgnoreCase(text.trim())) {
          return size;
        }
      }
    }
    throw LibreYoloException.badInput("unknown {size} '" + text + "': use one of t, s, m, c");
  }
}
