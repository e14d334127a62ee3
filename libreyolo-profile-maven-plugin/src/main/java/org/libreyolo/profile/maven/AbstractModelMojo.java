package org.libreyolo.profile.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.engine.DeviceSpec;

/** The goals that run the model: which weights, where, with how many threads, and where results go. */
abstract class AbstractModelMojo extends AbstractProfileMojo {
  /** LibreYOLO9{t,s,m,c}.pt, an .npz/.safetensors state dict, or a TorchScript file (default: random-init LibreYOLO9 of {@code size}). */
  @Parameter(property = "libreyolo.profile.weights")
  String weights;

  /** Model size t, s, m or c (default: t, or the size in the weights name). */
  @Parameter(property = "libreyolo.profile.size")
  String size;

  /** cpu, a CUDA index or cuda:N (the reference default is 0, i.e. CUDA; the native you chose decides what exists). */
  @Parameter(property = "libreyolo.profile.device", defaultValue = Defaults.DEVICE)
  String device;

  /** Intra-op threads (default: all cores; use 1 on busy 2-core machines). */
  @Parameter(property = "libreyolo.profile.threads")
  Integer threads;

  /** Output root (default: {@code outputDirectory}). */
  @Parameter(property = "libreyolo.profile.project")
  File project;

  /** Log the result as JSON. */
  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  DeviceSpec deviceSpec() {
    return DeviceSpec.parse(device);
  }

  Path projectPath() {
    return (project != null ? project : outputDirectory).toPath();
  }
}
