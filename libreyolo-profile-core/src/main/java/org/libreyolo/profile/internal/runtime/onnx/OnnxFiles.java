package org.libreyolo.profile.internal.runtime.onnx;

import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.runtime.EngineFiles;

/**
 * ONNX Runtime's files: {@code .onnx} models, the profile its own profiler writes, and its Java
 * binding's package (one environment and one native library per JVM). Links none of ONNX Runtime's
 * classes: the binding is an optional dependency.
 */
public final class OnnxFiles implements EngineFiles {
  /** The engine's name, as its runtime's. */
  static final String ENGINE = "onnxruntime";

  @Override
  public String engine() {
    return ENGINE;
  }

  @Override
  public List<String> modelSuffixes() {
    return List.of(".onnx");
  }

  @Override
  public String modelKind() {
    return "an ONNX model";
  }

  @Override
  public String missing() {
    try {
      Class.forName("ai.onnxruntime.OrtEnvironment", false, OnnxFiles.class.getClassLoader());
      return null;
    } catch (ClassNotFoundException | LinkageError e) {
      return "add com.microsoft.onnxruntime:onnxruntime to the class path (the CLI has it;"
          + " docs/onnx.md)";
    }
  }

  @Override
  public boolean isProfile(Path file) {
    return OnnxRuntimeProfile.isOne(file);
  }

  @Override
  public void profileToTrace(Path profile, Path trace) {
    OnnxRuntimeProfile.toTrace(profile, trace);
  }

  @Override
  public List<String> processWidePackages() {
    return List.of("ai/onnxruntime/");
  }
}
