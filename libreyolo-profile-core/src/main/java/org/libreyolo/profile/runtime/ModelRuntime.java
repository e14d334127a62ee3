package org.libreyolo.profile.runtime;

import org.libreyolo.profile.Api;

/**
 * An engine that runs a model as deployed: the service a third engine implements (as DJL's {@code
 * EngineProvider}), registered in {@code
 * META-INF/services/org.libreyolo.profile.runtime.ModelRuntime} together with its {@link
 * EngineFiles}. The library finds a runtime by {@link #name}, and of the runtimes that run a model
 * the one of the highest {@link #rank}; it then names the runtime's engine in the profile's
 * environment and, in a traced step, runs the engine's own {@link EngineProfiler} so that its
 * kernels join the trace (docs/contributing.md, "an engine").
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public interface ModelRuntime {
  /**
   * The runtime's name, as its {@link EngineFiles#engine()}.
   *
   * @return e.g. {@code onnxruntime}
   */
  String name();

  /**
   * Where two runtimes run the same model, the higher rank runs it: the libtorch runtime, which
   * runs any detector, ranks 0, an engine's own above it.
   *
   * @return the rank
   */
  int rank();

  /**
   * Whether this runtime runs a model: a detector the library opened, a model the user loaded (a
   * {@code produce.DeployedModel}), or null for a step without a model.
   *
   * @param model the model, or null
   * @return true when it runs it
   */
  boolean runs(Object model);

  /**
   * What a profile's environment names as the engine of a model this runtime runs.
   *
   * @return the engine and its version, or null where the environment's libtorch fields say it
   */
  String environmentEngine();

  /**
   * The engine and its version in words.
   *
   * @return e.g. {@code libtorch 2.7.1}
   */
  String label();

  /**
   * The engine's own profiler for a traced step of {@code model}.
   *
   * @param model a model this runtime runs ({@link #runs})
   * @return its profiler, or null where the engine has none of its own (libtorch's ops are recorded
   *     already)
   */
  default EngineProfiler profiler(Object model) {
    return null;
  }
}
