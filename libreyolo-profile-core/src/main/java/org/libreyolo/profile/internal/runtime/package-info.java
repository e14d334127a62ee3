/**
 * The engine seam: what a model runs on as deployed (libtorch for the built-in network, TorchScript
 * and state dicts; ONNX Runtime; plain Java for a step without a model), found through {@link
 * java.util.ServiceLoader}. The producers ask it for a model's detector, its engine label and its
 * own profiler around the traced steps, and name no engine (docs/contributing.md, "an engine").
 */
package org.libreyolo.profile.internal.runtime;
