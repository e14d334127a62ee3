package org.libreyolo.profile.internal.runtime.onnx;

/** A model ONNX Runtime runs: a detector opened from an {@code .onnx} file, a user's session. */
public interface OnnxBacked {
  /** {@return the session that runs it} */
  OnnxSession session();
}
