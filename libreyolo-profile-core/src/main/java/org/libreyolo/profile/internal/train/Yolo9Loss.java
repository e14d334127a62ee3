package org.libreyolo.profile.internal.train;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import org.libreyolo.profile.internal.model.Yolo9Net;

/**
 * LibreYOLO9's detection loss (docs/model.md, "Loss"): task-aligned assignment on detached
 * predictions, then BCE on soft class targets, CIoU box loss and DFL, normalised by the sum of soft
 * targets and weighted 7.5 / 1.5 / 0.5. Box and DFL work in grid units.
 */
public final class Yolo9Loss {
  public static final double BOX_WEIGHT = 7.5;
  public static final double DFL_WEIGHT = 1.5;
  public static final double CLS_WEIGHT = 0.5;
  private static final int BINS = Yolo9Net.REG_MAX;

  private Yolo9Loss() {}

  /** The weighted total (with gradient) and its detached, weighted parts. */
  public record Terms(NDArray total, double box, double dfl, double cls, double numFgPerImage) {}

  /**
   * @param raw the three level maps (B, 64+nc, H_i, W_i), in training mode
   * @param targets B x M x 5 rows {@code [class, x1, y1, x2, y2]} normalised to the input, class -1
   *     = padding
   */
  public static Terms compute(NDList raw, float[] targets, int maxTargets, int height, int width) {
    NDArray first = raw.get(0);
    NDManager manager = first.getManager();
    int batch = (int) first.getShape().get(0);
    int channels = (int) first.getShape().get(1);
    int nc = channels - 4 * BINS;
    NDList flat = new NDList(3);
    int anchors = 0;
    for (NDArray level : raw) {
      Shape s = level.getShape();
      flat.add(level.reshape(batch, channels, s.get(2) * s.get(3)));
      anchors += (int) (s.get(2) * s.get(3));
    }
    NDArray x = NDArrays.concat(flat, 2).transpose(0, 2, 1); // (B, A, C)
    NDArray boxLogits = x.get(":, :, :" + 4 * BINS).reshape(batch, anchors, 4, BINS);
    NDArray clsLogits = x.get(":, :, " + 4 * BINS + ":");

    float[][] grid = anchorGrid(raw, anchors);
    float[] centres = grid[0];
    float[] strides = grid[1];
    NDArray centre = manager.create(centres, new Shape(1, anchors, 2));
    NDArray stride = manager.create(strides, new Shape(1, anchors, 1));
    NDArray logp = boxLogits.logSoftmax(3);
    NDArray dist =
        logp.exp().mul(manager.arange(0f, BINS).reshape(1, 1, 1, BINS)).sum(new int[] {3});
    NDArray predGrid =
        NDArrays.concat(
            new NDList(dist.get(":, :, :2").neg().add(centre), dist.get(":, :, 2:").add(centre)),
            2);

    // assignment on detached values, in Java
    float[] predPixels = predGrid.mul(stride).toType(DataType.FLOAT32, false).toFloatArray();
    float[] clsProb =
        clsLogits.getNDArrayInternal().sigmoid().toType(DataType.FLOAT32, false).toFloatArray();
    float[] anchorPixels = new float[2 * anchors];
    for (int k = 0; k < anchors; k++) {
      anchorPixels[2 * k] = centres[2 * k] * strides[k];
      anchorPixels[2 * k + 1] = centres[2 * k + 1] * strides[k];
    }
    float[] soft = new float[batch * anchors * nc];
    float[] weight = new float[batch * anchors];
    float[] targetGrid = new float[batch * anchors * 4];
    float[] dflWeights = new float[batch * anchors * 4 * BINS];
    double softSum = 0;
    int foreground = 0;
    for (int b = 0; b < batch; b++) {
      ImageTargets gt = ImageTargets.of(targets, b, maxTargets, width, height);
      TaskAlignedAssigner.Assignment as =
          TaskAlignedAssigner.assign(
              java.util.Arrays.copyOfRange(predPixels, b * anchors * 4, (b + 1) * anchors * 4),
              java.util.Arrays.copyOfRange(clsProb, b * anchors * nc, (b + 1) * anchors * nc),
              nc,
              anchorPixels,
              strides,
              gt.boxes(),
              gt.classes());
      foreground += as.foreground();
      for (int k = 0; k < anchors; k++) {
        if (as.cls()[k] < 0) {
          continue;
        }
        int row = b * anchors + k;
        float score = as.score()[k];
        soft[row * nc + as.cls()[k]] = score;
        weight[row] = score;
        softSum += score;
        float s = strides[k];
        float ax = centres[2 * k];
        float ay = centres[2 * k + 1];
        float[] box = {
          as.boxes()[4 * k] / s,
          as.boxes()[4 * k + 1] / s,
          as.boxes()[4 * k + 2] / s,
          as.boxes()[4 * k + 3] / s
        };
        System.arraycopy(box, 0, targetGrid, row * 4, 4);
        float[] d = {ax - box[0], ay - box[1], box[2] - ax, box[3] - ay};
        for (int side = 0; side < 4; side++) {
          float di = Math.max(0f, Math.min((float) TaskAlignedAssigner.MAX_DIST, d[side]));
          int l = (int) Math.floor(di);
          int base = (row * 4 + side) * BINS;
          // CE(l) * (r - d) + CE(r) * (d - l), averaged over the 4 sides, weighted by the soft
          // score
          dflWeights[base + l] += (l + 1 - di) * score / 4;
          if (l + 1 < BINS) {
            dflWeights[base + l + 1] += (di - l) * score / 4;
          }
        }
      }
    }
    float n = (float) Math.max(softSum, 1.0);

    NDArray softTargets = manager.create(soft, new Shape(batch, anchors, nc));
    NDArray cls = bceWithLogits(clsLogits, softTargets).sum().div(n);
    NDArray w = manager.create(weight, new Shape(batch, anchors));
    NDArray tgt = manager.create(targetGrid, new Shape(batch, anchors, 4));
    NDArray box = ciou(predGrid, tgt).neg().add(1f).mul(w).sum().div(n);
    NDArray dfl =
        logp.mul(manager.create(dflWeights, new Shape(batch, anchors, 4, BINS))).sum().neg().div(n);
    NDArray total =
        box.mul((float) BOX_WEIGHT)
            .add(dfl.mul((float) DFL_WEIGHT))
            .add(cls.mul((float) CLS_WEIGHT));
    return new Terms(
        total,
        BOX_WEIGHT * scalar(box),
        DFL_WEIGHT * scalar(dfl),
        CLS_WEIGHT * scalar(cls),
        (double) foreground / batch);
  }

  private static double scalar(NDArray x) {
    return x.toType(DataType.FLOAT64, false).getDouble();
  }

  /** max(x, 0) - x t + log(1 + exp(-|x|)). */
  static NDArray bceWithLogits(NDArray x, NDArray t) {
    return x.maximum(0f).sub(x.mul(t)).add(x.abs().neg().exp().add(1f).log());
  }

  /** CIoU of (B, A, 4) xyxy boxes; the aspect term's alpha carries no gradient. */
  static NDArray ciou(NDArray a, NDArray b) {
    float eps = 1e-7f;
    NDArray ax1 = a.get(":, :, 0");
    NDArray ay1 = a.get(":, :, 1");
    NDArray ax2 = a.get(":, :, 2");
    NDArray ay2 = a.get(":, :, 3");
    NDArray bx1 = b.get(":, :, 0");
    NDArray by1 = b.get(":, :, 1");
    NDArray bx2 = b.get(":, :, 2");
    NDArray by2 = b.get(":, :, 3");
    NDArray iw = ax2.minimum(bx2).sub(ax1.maximum(bx1)).maximum(0f);
    NDArray ih = ay2.minimum(by2).sub(ay1.maximum(by1)).maximum(0f);
    NDArray inter = iw.mul(ih);
    NDArray w1 = ax2.sub(ax1);
    NDArray h1 = ay2.sub(ay1);
    NDArray w2 = bx2.sub(bx1);
    NDArray h2 = by2.sub(by1);
    NDArray iou = inter.div(w1.mul(h1).add(w2.mul(h2)).sub(inter).add(eps));
    NDArray cw = ax2.maximum(bx2).sub(ax1.minimum(bx1));
    NDArray ch = ay2.maximum(by2).sub(ay1.minimum(by1));
    NDArray c2 = cw.square().add(ch.square()).add(eps);
    NDArray rho2 =
        ax1.add(ax2)
            .sub(bx1)
            .sub(bx2)
            .div(2f)
            .square()
            .add(ay1.add(ay2).sub(by1).sub(by2).div(2f).square());
    NDArray v =
        w1.div(h1.add(eps))
            .atan()
            .sub(w2.div(h2.add(eps)).atan())
            .square()
            .mul((float) (4 / (Math.PI * Math.PI)));
    NDArray alpha = v.div(v.sub(iou).add(1 + eps)).stopGradient();
    return iou.sub(rho2.div(c2)).sub(alpha.mul(v));
  }

  /** Anchor centres in grid units (x+0.5, y+0.5) interleaved, and strides, for the level maps. */
  static float[][] anchorGrid(NDList raw, int anchors) {
    float[] centres = new float[2 * anchors];
    float[] strides = new float[anchors];
    int k = 0;
    for (int i = 0; i < raw.size(); i++) {
      Shape s = raw.get(i).getShape();
      for (int y = 0; y < s.get(2); y++) {
        for (int x = 0; x < s.get(3); x++) {
          centres[2 * k] = x + 0.5f;
          centres[2 * k + 1] = y + 0.5f;
          strides[k] = Yolo9Net.STRIDES[i];
          k++;
        }
      }
    }
    return new float[][] {centres, strides};
  }

  /** The valid (class >= 0) targets of one image, in pixels. */
  record ImageTargets(float[] boxes, int[] classes) {
    static ImageTargets of(float[] targets, int image, int maxTargets, int width, int height) {
      int count = 0;
      for (int m = 0; m < maxTargets; m++) {
        if (targets[(image * maxTargets + m) * 5] >= 0) {
          count++;
        }
      }
      float[] boxes = new float[4 * count];
      int[] classes = new int[count];
      int i = 0;
      for (int m = 0; m < maxTargets; m++) {
        int o = (image * maxTargets + m) * 5;
        if (targets[o] < 0) {
          continue;
        }
        classes[i] = (int) targets[o];
        boxes[4 * i] = targets[o + 1] * width;
        boxes[4 * i + 1] = targets[o + 2] * height;
        boxes[4 * i + 2] = targets[o + 3] * width;
        boxes[4 * i + 3] = targets[o + 4] * height;
        i++;
      }
      return new ImageTargets(boxes, classes);
    }
  }
}
