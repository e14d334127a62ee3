package org.libreyolo.profile.internal.pipeline;

/**
 * Class-aware greedy NMS with torchvision's {@code batched_nms} semantics: highest score first, a
 * box suppresses later boxes of its own class with IoU strictly above the threshold. One sort, then
 * per class a linear greedy pass that stops once {@code maxDet} boxes of that class are kept (later
 * ones can never reach the final top {@code maxDet}).
 */
public final class Nms {
  private Nms() {}

  /** Kept candidate indices, score-descending, at most {@code maxDet}. */
  public static int[] select(Candidates c, float iouThreshold, int maxDet) {
    int n = c.size();
    if (n == 0) {
      return new int[0];
    }
    int[] order = c.byScoreDescending();
    int classes = 0;
    for (int i = 0; i < n; i++) {
      classes = Math.max(classes, c.cls[i] + 1);
    }
    // bucket the sorted order by class, keeping the score order inside each bucket
    int[] start = new int[classes + 1];
    for (int i = 0; i < n; i++) {
      start[c.cls[i] + 1]++;
    }
    for (int k = 0; k < classes; k++) {
      start[k + 1] += start[k];
    }
    int[] fill = start.clone();
    int[] bucketed = new int[n];
    for (int idx : order) {
      bucketed[fill[c.cls[idx]]++] = idx;
    }
    boolean[] suppressed = new boolean[n];
    int[] kept = new int[n];
    int keptCount = 0;
    for (int k = 0; k < classes; k++) {
      int keptInClass = 0;
      for (int p = start[k]; p < start[k + 1] && keptInClass < maxDet; p++) {
        int i = bucketed[p];
        if (suppressed[i]) {
          continue;
        }
        kept[keptCount++] = i;
        keptInClass++;
        for (int q = p + 1; q < start[k + 1]; q++) {
          int j = bucketed[q];
          if (!suppressed[j] && c.iou(i, j) > iouThreshold) {
            suppressed[j] = true;
          }
        }
      }
    }
    // merge the classes: final order by score, truncated to maxDet
    boolean[] isKept = new boolean[n];
    for (int i = 0; i < keptCount; i++) {
      isKept[kept[i]] = true;
    }
    int[] out = new int[Math.min(keptCount, maxDet)];
    int m = 0;
    for (int idx : order) {
      if (m == out.length) {
        break;
      }
      if (isKept[idx]) {
        out[m++] = idx;
      }
    }
    return out;
  }
}
