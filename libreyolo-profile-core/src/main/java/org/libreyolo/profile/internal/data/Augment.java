package org.libreyolo.profile.internal.data;

import java.util.SplittableRandom;
import org.libreyolo.profile.internal.image.RgbImage;

/**
 * Training augmentations: HSV jitter (OpenCV hue units, gains 5/30/30, each on with p 0.5) and
 * flips.
 */
final class Augment {
  private Augment() {}

  static RgbImage flip(RgbImage image) {
    int w = image.width();
    byte[] src = image.rgb();
    byte[] dst = new byte[src.length];
    for (int y = 0; y < image.height(); y++) {
      int row = y * w * 3;
      for (int x = 0; x < w; x++) {
        System.arraycopy(src, row + x * 3, dst, row + (w - 1 - x) * 3, 3);
      }
    }
    return new RgbImage(image.name(), w, image.height(), dst);
  }

  static RgbImage hsv(RgbImage image, SplittableRandom random) {
    double dh = random.nextDouble() < 0.5 ? 5 * (random.nextDouble() * 2 - 1) : 0;
    double ds = random.nextDouble() < 0.5 ? 30 * (random.nextDouble() * 2 - 1) : 0;
    double dv = random.nextDouble() < 0.5 ? 30 * (random.nextDouble() * 2 - 1) : 0;
    if (dh == 0 && ds == 0 && dv == 0) {
      return image;
    }
    byte[] src = image.rgb();
    byte[] out = new byte[src.length];
    float[] hsv = new float[3];
    for (int i = 0; i < src.length; i += 3) {
      java.awt.Color.RGBtoHSB(src[i] & 0xff, src[i + 1] & 0xff, src[i + 2] & 0xff, hsv);
      // OpenCV units: hue 0..180, saturation and value 0..255
      float h = (float) (((hsv[0] * 180 + dh) % 180 + 180) % 180) / 180f;
      float s = (float) Math.min(1, Math.max(0, (hsv[1] * 255 + ds) / 255));
      float v = (float) Math.min(1, Math.max(0, (hsv[2] * 255 + dv) / 255));
      int rgb = java.awt.Color.HSBtoRGB(h, s, v);
      out[i] = (byte) (rgb >>> 16);
      out[i + 1] = (byte) (rgb >>> 8);
      out[i + 2] = (byte) rgb;
    }
    return new RgbImage(image.name(), image.width(), image.height(), out);
  }
}
