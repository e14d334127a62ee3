package org.libreyolo.profile.internal.image;

/**
 * One axis of a bilinear resize in cv2's INTER_LINEAR convention (half-pixel centres, edges
 * clamped): for each output index the two source indices and the weight of the second.
 */
public record LinearTaps(int[] lo, int[] hi, float[] frac) {
  public static LinearTaps of(int src, int dst) {
    int[] lo = new int[dst];
    int[] hi = new int[dst];
    float[] frac = new float[dst];
    double scale = (double) src / dst;
    for (int d = 0; d < dst; d++) {
      double s = (d + 0.5) * scale - 0.5;
      int i = (int) Math.floor(s);
      float f = (float) (s - i);
      if (i < 0) {
        i = 0;
        f = 0;
      }
      if (i >= src - 1) {
        i = src - 1;
        f = 0;
      }
      lo[d] = i;
      hi[d] = Math.min(i + 1, src - 1);
      frac[d] = f;
    }
    return new LinearTaps(lo, hi, frac);
  }
}
