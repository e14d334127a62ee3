/**
 * The engines behind the public seam ({@code org.libreyolo.profile.runtime}): libtorch (the
 * built-in network, TorchScript and state dicts), plain Java for a step without a model, and ONNX
 * Runtime in its own package. {@link org.libreyolo.profile.internal.runtime.ModelRuntimes} finds
 * them through {@link java.util.ServiceLoader}; the producers ask it for a model's detector, its
 * engine's name and its own profiler around the traced steps, and name no engine
 * (docs/contributing.md, "an engine").
 */
package org.libreyolo.profile.internal.runtime;
