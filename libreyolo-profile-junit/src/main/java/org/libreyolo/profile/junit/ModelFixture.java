package org.libreyolo.profile.junit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.function.ThrowingSupplier;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.produce.Engine;

/**
 * A model shared by a test class's perf tests: the engine boots with the given intra-op threads,
 * the model loads once before all tests and closes after them.
 *
 * <pre>{@code
 * @RegisterExtension
 * static ModelFixture<ZooModel<Image, Classifications>> model =
 *     ModelFixture.of(() -> criteria.loadModel()).threads(1);
 *
 * @Test
 * @ProfiledStep
 * void classify(StepProfiler step) throws Exception {
 *   try (var predictor = model.get().newPredictor()) {
 *     step.model(model.get().getBlock()).predict(predictor, () -> image);
 *   }
 * }
 * }</pre>
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class ModelFixture<T extends AutoCloseable>
    implements BeforeAllCallback, AfterAllCallback {
  private final ThrowingSupplier<T> loader;
  private int threads;
  private T model;

  private ModelFixture(ThrowingSupplier<T> loader) {
    this.loader = loader;
  }

  /**
   * The fixture of the model {@code loader} loads (called once, before all tests).
   *
   * @param loader loads the model (a DJL ZooModel, or anything AutoCloseable)
   * @return the fixture, to register with {@code @RegisterExtension}
   */
  public static <T extends AutoCloseable> ModelFixture<T> of(ThrowingSupplier<T> loader) {
    return new ModelFixture<>(loader);
  }

  /**
   * Intra-op threads the engine boots with (default: all cores but one, as everywhere).
   *
   * @param n intra-op threads, at least 1
   * @return this fixture
   */
  public ModelFixture<T> threads(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("ModelFixture threads must be >= 1, got " + n);
    }
    this.threads = n;
    return this;
  }

  /**
   * The loaded model; only inside the test class's tests.
   *
   * @return the model
   */
  public T get() {
    if (model == null) {
      throw new IllegalStateException(
          "the ModelFixture is not loaded: register it with @RegisterExtension on a"
              + " static field and use it inside the tests");
    }
    return model;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    Engine.boot(threads > 0 ? threads : Engine.defaultThreads());
    try {
      model = loader.get();
    } catch (ai.djl.repository.zoo.ModelNotFoundException e) {
      // DJL's words name no path: say where a relative model path was looked for
      throw OneLine.failure(
          context.getRequiredTestClass().getSimpleName()
              + ": the ModelFixture's model did not load: "
              + e.getMessage()
              + " (a relative model path resolves against "
              + java.nio.file.Path.of("").toAbsolutePath()
              + ": is the file there?)");
    } catch (Exception e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException("the model did not load: " + t, t);
    }
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (model != null) {
      try {
        model.close();
      } finally {
        model = null;
      }
    }
  }
}
