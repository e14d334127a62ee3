package org.libreyolo.profile.internal.runtime;

import ai.djl.Device;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * What runs a model as deployed. One implementation per engine, registered in {@code
 * META-INF/services/org.libreyolo.profile.internal.runtime.ModelRuntime} (an engine other than
 * libtorch registers its files too: {@code internal.trace.EngineFiles}); {@link ModelRuntimes}
 * finds one by name, or picks the highest ranked of those that open a weights file or run a model.
 */
public interface ModelRuntime {
  /** {@return the runtime's name, e.g. {@code onnxruntime}} */
  String name();

  /**
   * {@return where two runtimes claim the same weights or model, the higher rank runs it (the
   * libtorch runtime, which runs any detector, ranks below an engine's own)}
   */
  int rank();

  /**
   * @param source resolved weights
   * @return whether this runtime opens them
   */
  boolean opens(WeightsSource source);

  /**
   * Opens the weights as a detector on {@code device}.
   *
   * @param source weights {@link #opens} accepted
   * @param classes class count for a built-in model
   * @param device the device
   * @return the detector
   */
  Detector open(WeightsSource source, int classes, Device device);

  /**
   * @param model a detector, a user's deployed model, or null for a step without a model
   * @return whether this runtime runs it
   */
  boolean runs(Object model);

  /**
   * {@return what a profile's environment names as the engine of a model it runs, or null where the
   * environment's libtorch fields say it already}
   */
  String environmentEngine();

  /**
   * Names the engine in a profile's environment or config where {@link #environmentEngine} has one.
   *
   * @param into the environment or config node
   */
  default void nameEngine(ObjectNode into) {
    String engine = environmentEngine();
    if (engine != null) {
      into.put(ProfileSchema.ENGINE, engine);
    }
  }

  /** {@return the engine and its version in words, e.g. {@code libtorch 2.7.1}} */
  String label();

  /**
   * The step with this runtime's own profiler around its traced steps, so its kernels join the
   * trace; the step as it is when the runtime has none (libtorch's ops are recorded already).
   *
   * @param body the step
   * @param model the model it runs ({@link #runs})
   * @param dir where the profiler's temporary files go
   * @return the step to time
   */
  default StepTimer.Iteration traced(StepTimer.Iteration body, Object model, Path dir) {
    return body;
  }
}
