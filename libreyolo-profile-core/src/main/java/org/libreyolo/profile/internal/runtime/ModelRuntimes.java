package org.libreyolo.profile.internal.runtime;

import ai.djl.Device;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Predicate;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.weights.WeightsSource;

/**
 * The runtimes on the class path, and the one for a weights file or a model: of those that claim
 * it, the highest ranked (as DJL picks its default engine).
 */
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
    return best(r -> r.opens(source), () -> "no runtime opens " + source.label());
  }

  /**
   * @param model a detector, a user's deployed model, or null for a step without a model
   * @return the runtime that runs it
   */
  public static ModelRuntime forModel(Object model) {
    return best(r -> r.runs(model), () -> "no runtime runs " + model);
  }

  /**
   * @param name a runtime's name ({@link ModelRuntime#name})
   * @return that runtime
   * @throws IllegalArgumentException naming the runtimes there are, when none has the name
   */
  public static ModelRuntime named(String name) {
    return ALL.stream()
        .filter(r -> r.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "no runtime named "
                        + name
                        + "; there are "
                        + String.join(", ", ALL.stream().map(ModelRuntime::name).toList())));
  }

  private static ModelRuntime best(
      Predicate<ModelRuntime> claims, java.util.function.Supplier<String> none) {
    return ALL.stream()
        .filter(claims)
        .max(Comparator.comparingInt(ModelRuntime::rank))
        .orElseThrow(() -> new IllegalStateException(none.get()));
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
