package org.libreyolo.profile.internal.train;

/** Complete IoU of two xyxy boxes (eps 1e-7), as the loss and the assigner use it. */
final class Ciou {
  static final double EPS = 1e-7;

  private Ciou() {}

  static double of(float[] a, int ia, float[] b, int ib) {
    double ax1 = a[ia];
    double ay1 = a[ia + 1];
    double ax2 = a[ia + 2];
    double ay2 = a[ia + 3];
    double bx1 = b[ib];
    double by1 = b[ib + 1];
    double bx2 = b[ib + 2];
    double by2 = b[ib + 3];
    double iw = Math.max(0, Math.min(ax2, bx2) - Math.max(ax1, bx1));
    double ih = Math.max(0, Math.min(ay2, by2) - Math.max(ay1, by1));
    double inter = iw * ih;
    double w1 = ax2 - ax1;
    double h1 = ay2 - ay1;
    double w2 = bx2 - bx1;
    double h2 = by2 - by1;
    double union = w1 * h1 + w2 * h2 - inter + EPS;
    double iou = inter / union;
    double cw = Math.max(ax2, bx2) - Math.min(ax1, bx1);
    double ch = Math.max(ay2, by2) - Math.min(ay1, by1);
    double c2 = cw * cw + ch * ch + EPS;
    double dx = (ax1 + ax2 - bx1 - bx2) / 2;
    double dy = (ay1 + ay2 - by1 - by2) / 2;
    double rho2 = dx * dx + dy * dy;
    double v =
        4
            / (Math.PI * Math.PI)
            * Math.pow(Math.atan(w1 / (h1 + EPS)) - Math.atan(w2 / (h2 + EPS)), 2);
    double alpha = v / (v - iou + 1 + EPS);
    return iou - rho2 / c2 - alpha * v;
  }
}
