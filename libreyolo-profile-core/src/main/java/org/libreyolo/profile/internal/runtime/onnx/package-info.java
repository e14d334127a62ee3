/**
 * ONNX Runtime as an engine: its runtime ({@link
 * org.libreyolo.profile.internal.runtime.onnx.OrtRuntime}), its files ({@link
 * org.libreyolo.profile.internal.runtime.onnx.OnnxFiles}), the session, the detector over an
 * export, the graph's declared weights and the reader of its own profiler's output. The rest of the
 * library reaches it only through {@code ModelRuntime} and {@code EngineFiles}.
 */
package org.libreyolo.profile.internal.runtime.onnx;
