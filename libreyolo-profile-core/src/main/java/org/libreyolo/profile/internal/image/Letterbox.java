package org.libreyolo.profile.internal.image;

import java.nio.FloatBuffer;
import java.util.Arrays;

/**
 * Upstream inference preprocessing: r = min(S/h, S/w), bilinear resize to (floor(w r), floor(h r))
 * (at least 1), pasted top-left on an S x S canvas of 114, scaled to [0, 1], CHW. Pixel centres
 * follow cv2's INTER_LINEAR convention (half-pixel offsets, edge clamping). Separable: each source
 * row is resized horizontally once, then output rows blend two of them and go out with bulk puts.
 */
public final class Letterbox {
  static final float PAD = 114f / 255f;

  private Letterbox() {}

  /** Scale ratio for an image of {@code w x h} into a {@code height x width} canvas. */
  public static double ratio(int w, int h, int height, int width) {
    return Math.min((double) height / h, (double) width / w);
  }

  /**
   * Writes one image (3 x height x width floats) at the buffer's position, advances the position
   * past it, and returns the ratio used.
   */
  public static double apply(RgbImage image, int height, int width, FloatBuffer out) {
    double r = ratio(image.width(), image.height(), height, width);
    int nw = Math.max(1, (int) Math.floor(image.width() * r));
    int nh = Math.max(1, (int) Math.floor(image.height() * r));
    int plane = height * width;
    int base = out.position();
    LinearTaps xs = LinearTaps.of(image.width(), nw);
    LinearTaps ys = LinearTaps.of(image.height(), nh);
    // horizontally resized source rows, planar per channel, cached by source row index
    float[][] rows = new float[2][3 * nw];
    int[] cached = {-1, -1};
    float[] line = new float[width];
    Arrays.fill(line, nw, width, PAD);
    for (int y = 0; y < nh; y++) {
      float[] top = row(image, ys.lo()[y], xs, nw, rows, cached);
      float[] bottom = row(image, ys.hi()[y], xs, nw, rows, cached);
      float fy = ys.frac()[y];
      for (int c = 0; c < 3; c++) {
        int o = c * nw;
        for (int x = 0; x < nw; x++) {
          float t = top[o + x];
          line[x] = t + (bottom[o + x] - t) * fy;
        }
        out.put(base + c * plane + y * width, line, 0, width);
      }
    }
    float[] padRow = new float[width];
    Arrays.fill(padRow, PAD);
    for (int c = 0; c < 3; c++) {
      for (int y = nh; y < height; y++) {
        out.put(base + c * plane + y * width, padRow, 0, width);
      }
    }
    out.position(base + 3 * plane);
    return r;
  }

  /** Source row {@code j} resized horizontally and scaled to [0,1]; two rows are cached. */
  private static float[] row(
      RgbImage image, int j, LinearTaps xs, int nw, float[][] rows, int[] cached) {
    for (int k = 0; k < 2; k++) {
      if (cached[k] == j) {
        return rows[k];
      }
    }
    // evict the slot not holding the other row of this output line (rows advance monotonically)
    int slot = cached[0] < cached[1] ? 0 : 1;
    float[] dst = rows[slot];
    cached[slot] = j;
    byte[] rgb = image.rgb();
    int rowStart = j * image.width() * 3;
    final float scale = 1f / 255f;
    for (int x = 0; x < nw; x++) {
      int a = rowStart + xs.lo()[x] * 3;
      int b = rowStart + xs.hi()[x] * 3;
      float f = xs.frac()[x];
      for (int c = 0; c < 3; c++) {
        float va = rgb[a + c] & 0xff;
        float vb = rgb[b + c] & 0xff;
        dst[c * nw + x] = (va + (vb - va) * f) * scale;
      }
    }
    return dst;
  }
}
