package org.libreyolo.profile.internal.trace;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * What the layers under a runtime know of an engine other than libtorch: the model files it opens,
 * the profile files its own profiler writes, the packages that hold its process-wide state. Each
 * engine registers one in {@code
 * META-INF/services/org.libreyolo.profile.internal.trace.EngineFiles} beside its runtime ({@code
 * internal.runtime.ModelRuntime}), so that resolving weights, loading a profile and splitting a
 * class path never name an engine (docs/contributing.md, "an engine"). Nothing here may link the
 * engine's classes: it is read where the engine may be absent.
 */
public interface EngineFiles {
  /** {@return the engine's name, as its runtime's, e.g. {@code onnxruntime}} */
  String engine();

  /** {@return the model file suffixes it opens, lower case with the dot, e.g. {@code .onnx}} */
  List<String> modelSuffixes();

  /** {@return what such a file is, in words, e.g. {@code an ONNX model}} */
  String modelKind();

  /**
   * {@return null where the engine's binding is on the class path, else what to add (one phrase)}
   */
  String missing();

  /**
   * @param file a file given to a reader
   * @return whether the engine's own profiler wrote it
   */
  boolean isProfile(Path file);

  /**
   * Converts the engine's own profile to a trace the readers analyse.
   *
   * @param profile the engine's profile ({@link #isProfile})
   * @param trace where the trace goes
   */
  void profileToTrace(Path profile, Path trace);

  /** {@return class file prefixes holding its one-per-process state, e.g. {@code ai/onnx/}} */
  List<String> processWidePackages();

  /** {@return the engines on the class path} */
  static List<EngineFiles> all() {
    return Registered.ALL;
  }

  /**
   * @param fileName a model file's name
   * @return the engine that opens it, by its suffix
   */
  static Optional<EngineFiles> forModel(String fileName) {
    String lower = fileName.toLowerCase(Locale.ROOT);
    return all().stream()
        .filter(e -> e.modelSuffixes().stream().anyMatch(lower::endsWith))
        .findFirst();
  }

  /**
   * @param file a file given to a reader
   * @return the engine whose own profiler wrote it
   */
  static Optional<EngineFiles> forProfile(Path file) {
    return all().stream().filter(e -> e.isProfile(file)).findFirst();
  }

  /** Loaded once: the class path does not change under a running JVM. */
  final class Registered {
    static final List<EngineFiles> ALL =
        ServiceLoader.load(EngineFiles.class, EngineFiles.class.getClassLoader()).stream()
            .map(ServiceLoader.Provider::get)
            .toList();

    private Registered() {}
  }
}
