package org.libreyolo.profile.pipeline;

import java.nio.FloatBuffer;
import org.libreyolo.profile.data.RgbImage;

/**
 * Upstream inference preprocessing: r = min(S/h, S/w), bilinear resize to (floor(w r), floor(h r))
 * (at least 1), pasted top-left on an S x S canvas of 114, scaled to [0, 1], CHW. Pixel centres
 * follow cv2's INTER_LINEAR convention (half-pixel offsets, edge clamping).
 */
public final class Letterbox {
  static final float PAD = 114f / 255f;

  private Letterbox() {}

  /** Scale ratio for an image of {@code w x h} into a {@code size}-square canvas. */
  public static double ratio(int w, int h, int height, int width) {
    return Math.min((double) height / h, (double) width / w);
  }

  /**
   * Writes one image into {@code out} (3 x height x width floats at its position) and returns
   * the ratio used.
   */
  public static double apply(RgbImage image, int height, int width, FloatBuffer out) {
    double r = ratio(image.width(), image.height(), height, width);
    int nw = Math.max(1, (int) Math.floor(image.width() * r));
    int nh = Math.max(1, (int) Math.floor(image.height() * r));
    int plane = height * width;
    int base = out.position();
    float[] chw = new float[3 * plane];
    java.util.Arrays.fill(chw, PAD);
    resizeInto(image, nw, nh, chw, width, plane);
    out.put(chw);
    out.position(base + 3 * plane);
    return r;
  }

  private static void resizeInto(RgbImage image, int nw, int nh, float[] chw, int stride, int plane) {
    int w = image.width();
    int h = image.height();
    byte[] rgb = image.rgb();
    double sx = (double) w / nw;
    double sy = (double) h / nh;
    int[] x0 = new int[nw];
    int[] x1 = new int[nw];
    float[] fx = new float[nw];
    for (int x = 0; x < nw; x++) {
      double src = (x + 0.5) * sx - 0.5;
      int i = (int) Math.floor(src);
      float f = (float) (src - i);
      if (i < 0) {
        i = 0;
        f = 0;
      }
      if (i >= w - 1) {
        i = w - 1;
        f = 0;
      }
      x0[x] = i * 3;
      x1[x] = Math.min(i + 1, w - 1) * 3;
      fx[x] = f;
    }
    final float scale = 1f / 255f;
    for (int y = 0; y < nh; y++) {
      double src = (y + 0.5) * sy - 0.5;
      int j = (int) Math.floor(src);
      float fy = (float) (src - j);
      if (j < 0) {
        j = 0;
        fy = 0;
      }
      if (j >= h - 1) {
        j = h - 1;
        fy = 0;
      }
      int row0 = j * w * 3;
      int row1 = Math.min(j + 1, h - 1) * w * 3;
      int outRow = y * stride;
      for (int x = 0; x < nw; x++) {
        float wx = fx[x];
        for (int c = 0; c < 3; c++) {
          float top = (rgb[row0 + x0[x] + c] & 0xff) * (1 - wx) + (rgb[row0 + x1[x] + c] & 0xff) * wx;
          float bottom = (rgb[row1 + x0[x] + c] & 0xff) * (1 - wx) + (rgb[row1 + x1[x] + c] & 0xff) * wx;
          chw[c * plane + outRow + x] = (top * (1 - fy) + bottom * fy) * scale;
        }
      }
    }
  }
}
