package org.libreyolo.profile.internal.image;

import java.awt.image.BufferedImage;

/** A decoded image as packed 8-bit RGB, row-major; the form every pipeline stage reads. */
public record RgbImage(String name, int width, int height, byte[] rgb) {

  public static RgbImage of(String name, BufferedImage image) {
    int w = image.getWidth();
    int h = image.getHeight();
    int[] argb = image.getRGB(0, 0, w, h, null, 0, w);
    byte[] rgb = new byte[w * h * 3];
    for (int i = 0, j = 0; i < argb.length; i++, j += 3) {
      int p = argb[i];
      rgb[j] = (byte) (p >>> 16);
      rgb[j + 1] = (byte) (p >>> 8);
      rgb[j + 2] = (byte) p;
    }
    return new RgbImage(name, w, h, rgb);
  }
}
