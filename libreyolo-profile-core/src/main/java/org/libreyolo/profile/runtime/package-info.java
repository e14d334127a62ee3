/**
 * The engine seam: what a third engine implements to run a model as deployed ({@link
 * org.libreyolo.profile.runtime.ModelRuntime}, found by name and rank), to have its own profiler's
 * kernels join a traced step ({@link org.libreyolo.profile.runtime.EngineProfiler}) and to have its
 * model and profile files recognised ({@link org.libreyolo.profile.runtime.EngineFiles}); both are
 * services. libtorch, ONNX Runtime and plain Java are the three implemented (docs/contributing.md,
 * "an engine").
 */
package org.libreyolo.profile.runtime;
