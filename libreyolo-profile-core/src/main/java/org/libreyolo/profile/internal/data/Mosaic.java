package org.libreyolo.profile.internal.data;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.libreyolo.profile.internal.image.LinearTaps;
import org.libreyolo.profile.internal.image.RgbImage;

/**
 * LibreYOLO9's 4-image mosaic (docs/model.md, "Training data"): each image resized so its longer
 * side is S, placed with one corner at a random centre in [0.5S, 1.5S] of a 2S x 2S canvas of 114
 * (top-left, top-right, bottom-left, bottom-right), cropped to the canvas, then the canvas halved
 * to S x S. No affine, scale or rotation. Boxes are shifted, clipped, halved, and those of 2 px or
 * less in width or height dropped.
 */
final class Mosaic {
  private static final byte GREY = (byte) 114;
  private static final float MIN_SIDE_PX = 2f;

  private Mosaic() {}

  /** An image with its boxes, rows {@code [class, x1, y1, x2, y2]} normalised to the image. */
  record Sample(RgbImage image, float[] boxes) {}

  /** The mosaic of four samples (the item first) as an S x S sample. */
  static Sample of(List<Sample> four, int size, SplittableRandom random) {
    int canvasSide = 2 * size;
    byte[] canvas = new byte[canvasSide * canvasSide * 3];
    Arrays.fill(canvas, GREY);
    int xc = (int) (size * (0.5 + random.nextDouble()));
    int yc = (int) (size * (0.5 + random.nextDouble()));
    float[] boxes = new float[0];
    for (int q = 0; q < 4; q++) {
      RgbImage image = fitLongerSide(four.get(q).image(), size);
      int w = image.width();
      int h = image.height();
      // placement on the canvas (a) and the part of the image that lands there (b)
      int x1a = q % 2 == 0 ? Math.max(xc - w, 0) : xc;
      int y1a = q < 2 ? Math.max(yc - h, 0) : yc;
      int x2a = q % 2 == 0 ? xc : Math.min(xc + w, canvasSide);
      int y2a = q < 2 ? yc : Math.min(yc + h, canvasSide);
      int x1b = q % 2 == 0 ? w - (x2a - x1a) : 0;
      int y1b = q < 2 ? h - (y2a - y1a) : 0;
      paste(image, x1b, y1b, canvas, canvasSide, x1a, y1a, x2a - x1a, y2a - y1a);
      boxes = append(boxes, shifted(four.get(q).boxes(), w, h, x1a - x1b, y1a - y1b, canvasSide));
    }
    RgbImage halved =
        resize(
            new RgbImage(four.get(0).image().name(), canvasSide, canvasSide, canvas), size, size);
    return new Sample(halved, halvedAndNormalised(boxes, size));
  }

  /** Resized (bilinear) so that the longer side is {@code size}, aspect kept, no padding. */
  static RgbImage fitLongerSide(RgbImage image, int size) {
    double r = Math.min((double) size / image.height(), (double) size / image.width());
    int nw = Math.max(1, (int) (image.width() * r));
    int nh = Math.max(1, (int) (image.height() * r));
    return nw == image.width() && nh == image.height() ? image : resize(image, nw, nh);
  }

  /** Bilinear resize of 8-bit RGB, cv2 INTER_LINEAR geometry, rounded to the nearest value. */
  static RgbImage resize(RgbImage image, int nw, int nh) {
    LinearTaps xs = LinearTaps.of(image.width(), nw);
    LinearTaps ys = LinearTaps.of(image.height(), nh);
    byte[] src = image.rgb();
    byte[] out = new byte[nw * nh * 3];
    int stride = image.width() * 3;
    for (int y = 0; y < nh; y++) {
      int top = ys.lo()[y] * stride;
      int bottom = ys.hi()[y] * stride;
      float fy = ys.frac()[y];
      for (int x = 0; x < nw; x++) {
        int a = xs.lo()[x] * 3;
        int b = xs.hi()[x] * 3;
        float fx = xs.frac()[x];
        for (int c = 0; c < 3; c++) {
          float t = lerp(src[top + a + c] & 0xff, src[top + b + c] & 0xff, fx);
          float d = lerp(src[bottom + a + c] & 0xff, src[bottom + b + c] & 0xff, fx);
          out[(y * nw + x) * 3 + c] = (byte) Math.round(lerp(t, d, fy));
        }
      }
    }
    return new RgbImage(image.name(), nw, nh, out);
  }

  private static float lerp(float a, float b, float f) {
    return a + (b - a) * f;
  }

  private static void paste(
      RgbImage image, int sx, int sy, byte[] canvas, int canvasSide, int dx, int dy, int w, int h) {
    for (int row = 0; row < h; row++) {
      System.arraycopy(
          image.rgb(),
          ((sy + row) * image.width() + sx) * 3,
          canvas,
          ((dy + row) * canvasSide + dx) * 3,
          w * 3);
    }
  }

  /** Boxes of one placed image in canvas pixels, clipped to the canvas. */
  private static float[] shifted(float[] boxes, int w, int h, int padX, int padY, int canvasSide) {
    float[] out = new float[boxes.length];
    for (int r = 0; r < boxes.length / 5; r++) {
      out[r * 5] = boxes[r * 5];
      out[r * 5 + 1] = clip(boxes[r * 5 + 1] * w + padX, canvasSide);
      out[r * 5 + 2] = clip(boxes[r * 5 + 2] * h + padY, canvasSide);
      out[r * 5 + 3] = clip(boxes[r * 5 + 3] * w + padX, canvasSide);
      out[r * 5 + 4] = clip(boxes[r * 5 + 4] * h + padY, canvasSide);
    }
    return out;
  }

  private static float clip(float v, int max) {
    return Math.min(max, Math.max(0, v));
  }

  private static float[] append(float[] a, float[] b) {
    float[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** Canvas boxes halved to the S x S image; those 2 px or less on a side are dropped. */
  private static float[] halvedAndNormalised(float[] boxes, int size) {
    float[] out = new float[boxes.length];
    int kept = 0;
    for (int r = 0; r < boxes.length / 5; r++) {
      float x1 = boxes[r * 5 + 1] / 2;
      float y1 = boxes[r * 5 + 2] / 2;
      float x2 = boxes[r * 5 + 3] / 2;
      float y2 = boxes[r * 5 + 4] / 2;
      if (x2 - x1 <= MIN_SIDE_PX || y2 - y1 <= MIN_SIDE_PX) {
        continue;
      }
      out[kept * 5] = boxes[r * 5];
      out[kept * 5 + 1] = x1 / size;
      out[kept * 5 + 2] = y1 / size;
      out[kept * 5 + 3] = x2 / size;
      out[kept * 5 + 4] = y2 / size;
      kept++;
    }
    return Arrays.copyOf(out, kept * 5);
  }
}
