package org.libreyolo.profile.internal.model;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;

/**
 * A loaded detector. {@link #forward} returns predictions (B, 4+nc, A) first, xyxy in input pixels
 * followed by class scores; the Block model also returns the raw level maps after it. Call it with
 * an input owned by a per-call sub-manager of {@link #manager()} so that every intermediate is
 * freed when that sub-manager closes.
 */
public interface Detector extends AutoCloseable {
  ModelInfo info();

  NDManager manager();

  Device device();

  NDList forward(NDArray input);

  /** Upstream class names; COCO's 80 unless the weights say otherwise. */
  default String className(int id) {
    return id >= 0 && id < CocoNames.NAMES.size() && info().classes() == CocoNames.NAMES.size()
        ? CocoNames.NAMES.get(id)
        : "class" + id;
  }

  @Override
  void close();
}
