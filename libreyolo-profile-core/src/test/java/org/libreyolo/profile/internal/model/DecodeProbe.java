package org.libreyolo.profile.internal.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;

/** Test access to the package-private decode. */
public final class DecodeProbe {
  private DecodeProbe() {}

  public static NDArray decode(NDList raw) {
    return Yolo9Net.decode(raw);
  }
}
