package org.libreyolo.profile.runtime;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.libreyolo.profile.Api;

/**
 * What the library knows of an engine other than libtorch before it runs anything: the model files
 * it opens, the profile files its own profiler writes, the packages that hold its process-wide
 * state. Each engine registers one in {@code
 * META-INF/services/org.libreyolo.profile.runtime.EngineFiles} beside its {@link ModelRuntime}, so
 * that resolving weights, loading a profile and splitting a class path never name an engine
 * (docs/contributing.md, "an engine"). An implementation may not link the engine's classes: it is
 * read where the engine may be absent.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
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
   * Whether the engine's own profiler wrote a file given to a reader (read only as far as needed).
   *
   * @param file the file
   * @return true when it did
   */
  boolean isProfile(Path file);

  /**
   * Converts the engine's own profile to a trace the readers analyse.
   *
   * @param profile the engine's profile ({@link #isProfile})
   * @param trace where the trace goes
   */
  void profileToTrace(Path profile, Path trace);

  /**
   * {@return class file prefixes holding its one-per-process state, e.g. {@code ai/onnxruntime/}}
   */
  List<String> processWidePackages();

  /** {@return the engines on the class path} */
  static List<EngineFiles> all() {
    return RegisteredEngines.FILES;
  }

  /**
   * The engine that opens a model file, by the file's suffix.
   *
   * @param fileName a model file's name
   * @return the engine, or empty where libtorch opens it (or nothing does)
   */
  static Optional<EngineFiles> forModel(String fileName) {
    String lower = fileName.toLowerCase(Locale.ROOT);
    return all().stream()
        .filter(e -> e.modelSuffixes().stream().anyMatch(lower::endsWith))
        .findFirst();
  }

  /**
   * The engine whose own profiler wrote a file given to a reader.
   *
   * @param file the file
   * @return the engine, or empty for a torch trace or a profile
   */
  static Optional<EngineFiles> forProfile(Path file) {
    return all().stream().filter(e -> e.isProfile(file)).findFirst();
  }
}
