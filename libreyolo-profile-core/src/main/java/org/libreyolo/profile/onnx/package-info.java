/**
 * ONNX Runtime's public face: {@link org.libreyolo.profile.onnx.OnnxModel}, a user's {@code .onnx}
 * model for perf tests of the model as deployed (docs/onnx.md). The engine's runtime, its session,
 * its profile reader and its files live in {@code internal.runtime.onnx}; nothing else names it.
 */
package org.libreyolo.profile.onnx;
