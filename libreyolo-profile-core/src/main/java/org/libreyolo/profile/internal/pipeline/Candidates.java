package org.libreyolo.profile.internal.pipeline;

import java.util.Arrays;

/** Candidate boxes in struct-of-arrays form (no object per box on the hot path). */
public final class Candidates {
  float[] x1;
  float[] y1;
  float[] x2;
  float[] y2;
  float[] score;
  int[] cls;
  int size;

  public Candidates(int capacity) {
    int c = Math.max(16, capacity);
    x1 = new float[c];
    y1 = new float[c];
    x2 = new float[c];
    y2 = new float[c];
    score = new float[c];
    cls = new int[c];
  }

  public void add(float ax1, float ay1, float ax2, float ay2, float s, int c) {
    if (size == score.length) {
      int n = size * 2;
      x1 = Arrays.copyOf(x1, n);
      y1 = Arrays.copyOf(y1, n);
      x2 = Arrays.copyOf(x2, n);
      y2 = Arrays.copyOf(y2, n);
      score = Arrays.copyOf(score, n);
      cls = Arrays.copyOf(cls, n);
    }
    x1[size] = ax1;
    y1[size] = ay1;
    x2[size] = ax2;
    y2[size] = ay2;
    score[size] = s;
    cls[size] = c;
    size++;
  }

  public int size() {
    return size;
  }

  public float score(int i) {
    return score[i];
  }

  public int cls(int i) {
    return cls[i];
  }

  public float[] box(int i) {
    return new float[] {x1[i], y1[i], x2[i], y2[i]};
  }

  /** IoU of candidates i and j (torchvision's area convention, no +1). */
  public float iou(int i, int j) {
    float w = Math.min(x2[i], x2[j]) - Math.max(x1[i], x1[j]);
    float h = Math.min(y2[i], y2[j]) - Math.max(y1[i], y1[j]);
    if (w <= 0 || h <= 0) {
      return 0f;
    }
    float inter = w * h;
    float union = (x2[i] - x1[i]) * (y2[i] - y1[i]) + (x2[j] - x1[j]) * (y2[j] - y1[j]) - inter;
    return union <= 0 ? 0f : inter / union;
  }

  /**
   * Indices sorted by score, highest first, ties by index. Scores here are positive (they passed
   * {@code > conf >= 0}), so their IEEE bits order like the values and pack into one long key.
   */
  public int[] byScoreDescending() {
    long[] keys = new long[size];
    for (int i = 0; i < size; i++) {
      int bits = Float.floatToIntBits(Math.max(score[i], 0f));
      keys[i] = ((long) (0x7fffffff - bits) << 32) | i;
    }
    Arrays.sort(keys);
    int[] order = new int[size];
    for (int i = 0; i < size; i++) {
      order[i] = (int) keys[i];
    }
    return order;
  }
}
