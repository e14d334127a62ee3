package org.libreyolo.profile.internal.runtime;

import ai.djl.Device;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.runtime.EngineProfiler;
import org.libreyolo.profile.runtime.ModelRuntime;

/**
 * The runtimes on the class path ({@link ModelRuntime} services), and the one for a weights file or
 * a model: of those that claim it, the highest ranked (as DJL picks its default engine).
 */
public final class ModelRuntimes {
  private static final List<ModelRuntime<?>> ALL =
      ServiceLoader.load(ModelRuntime.class, ModelRuntime.class.getClassLoader()).stream()
          .<ModelRuntime<?>>map(ServiceLoader.Provider::get)
          .toList();

  private ModelRuntimes() {}

  /**
   * @param source resolved weights
   * @return the runtime that opens them
   */
  public static DetectorRuntime<?> forWeights(WeightsSource source) {
    return (DetectorRuntime<?>)
        best(
            r -> r instanceof DetectorRuntime<?> d && d.opens(source),
            () -> "no runtime opens " + source.label());
  }

  /**
   * @param model a detector, a user's deployed model, or null for a step without a model
   * @return the runtime that runs it
   */
  public static ModelRuntime<?> forModel(Object model) {
    return best(r -> runs(r, model), () -> "no runtime runs " + model);
  }

  /** Whether {@code r} runs {@code model}: an instance of its model type (null: {@link Void}'s). */
  private static boolean runs(ModelRuntime<?> r, Object model) {
    return model == null ? r.modelType() == Void.class : r.modelType().isInstance(model);
  }

  /**
   * @param name a runtime's name ({@link ModelRuntime#name})
   * @return that runtime
   * @throws IllegalArgumentException naming the runtimes there are, when none has the name
   */
  public static ModelRuntime<?> named(String name) {
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

  /**
   * {@return the engine a profile's environment and config name for {@code model}: its runtime's
   * {@link ModelRuntime#environmentEngine}, or null where it names none (libtorch's and plain
   * Java's are the environment's own)}
   *
   * @param model the model the step runs, or null
   */
  public static String engineName(Object model) {
    return forModel(model).environmentEngine();
  }

  /**
   * The step with its engine's own profiler around the traced iterations, so that its kernels join
   * the trace; the step as it is where the engine has none (libtorch's ops are recorded already).
   *
   * @param body the step
   * @param model the model it runs, or null
   * @param dir where the profiler's temporary files go
   * @return the step to time
   */
  public static StepTimer.Iteration traced(StepTimer.Iteration body, Object model, Path dir) {
    EngineProfiler profiler = profiler(forModel(model), model);
    return profiler == null ? body : new EngineTracing(body, profiler, dir);
  }

  /** The runtime's profiler for a model of its type (checked by {@link #forModel}). */
  private static <M> EngineProfiler profiler(ModelRuntime<M> runtime, Object model) {
    return runtime.profiler(runtime.modelType().cast(model));
  }

  private static ModelRuntime<?> best(Predicate<ModelRuntime<?>> claims, Supplier<String> none) {
    return ALL.stream()
        .filter(claims)
        .max(Comparator.comparingInt(r -> r.rank()))
        .orElseThrow(() -> new IllegalStateException(none.get()));
  }
}
