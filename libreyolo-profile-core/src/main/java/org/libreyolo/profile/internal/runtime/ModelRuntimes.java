package org.libreyolo.profile.internal.runtime;

import ai.djl.Device;
import java.util.List;
import java.util.ServiceLoader;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.weights.WeightsSource;

/** The runtimes on the class path, and the one for a weights file or a model. */
public final class ModelRuntimes {
  private static final List<ModelRuntime> ALL =
      ServiceLoader.load(ModelRuntime.class, ModelRuntime.class.getClassLoader()).stream()
          .map(ServiceLoader.Provider::get)
          .toList();

  private ModelRuntimes() {}

  /**
   * @param source resolved weights
   * @return the runtime that opens them
   */
  public static ModelRuntime forWeights(WeightsSource source) {
    return ALL.stream()
        .filter(r -> r.opens(source))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no runtime opens " + source.label()));
  }

  /**
   * @param model a detector, a user's deployed model, or null for a step without a model
   * @return the runtime that runs it
   */
  public static ModelRuntime forModel(Object model) {
    return ALL.stream()
        .filter(r -> r.runs(model))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no runtime runs " + model));
  }

  /**
   * Opens weights on the runtime that reads them.
   *
   * @param source resolved weights
   * @param classes class count for a built-in model
   * @param device the device
   * @return the detector
   */
  public static Detector open(WeightsSource source, int classes, Device device) {
    return forWeights(source).open(source, classes, device);
  }
}
