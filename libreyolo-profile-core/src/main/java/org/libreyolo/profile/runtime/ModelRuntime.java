package org.libreyolo.profile.runtime;

import org.libreyolo.profile.Api;

/**
 * An engine that runs a model as deployed: the service a third engine implements (as DJL's {@code
 * EngineProvider}), registered in {@code
 * META-INF/services/org.libreyolo.profile.runtime.ModelRuntime} together with its {@link
 * EngineFiles}. The library finds a runtime by {@link #name}, and of the runtimes whose {@link
 * #modelType} a model is, the one of the highest {@link #rank}; it then names the runtime's engine
 * in the profile's environment and, in a traced step, runs the engine's own {@link EngineProfiler}
 * so that its kernels join the trace (docs/contributing.md, "an engine").
 *
 * @param <M> the models it runs: the user's loaded model (a {@code produce.DeployedModel}) or the
 *     detector the library opened
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public interface ModelRuntime<M> {
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
   * The models this runtime runs: every instance of this type (a step without a model, null, is
   * plain Java's, whose type is {@link Void}).
   *
   * @return the type
   */
  Class<M> modelType();

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
   * @param model a model of this runtime's {@link #modelType}
   * @return its profiler, or null where the engine has none of its own (libtorch's ops are recorded
   *     already)
   */
  default EngineProfiler profiler(M model) {
    return null;
  }
}
