package org.libreyolo.profile.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.engine.DeviceSpec;
import org.libreyolo.profile.engine.Engines;

/** The goals that run the model: which weights, where, with how many threads, and where results go. */
abstract class AbstractModelMojo extends AbstractProfileMojo {
  /** LibreYOLO9{t,s,m,c}.pt, an .npz/.safetensors state dict, or a TorchScript file (default: random-init LibreYOLO9 of {@code size}). */
  @Parameter(property = "libreyolo.profile.weights")
  String weights;

  /** Model size t, s, m or c (default: t, or the size in the weights name). */
  @Parameter(property = "libreyolo.profile.size")
  String size;

  /**
   * auto (CUDA 0 when the engine sees a GPU, else the CPU), cpu, a CUDA index or cuda:N; the native
   * you chose decides what exists.
   */
  @Parameter(property = "libreyolo.profile.device", defaultValue = Defaults.PLUGIN_DEVICE)
  String device;

  /** Intra-op threads (default: all cores but one, see the README's --threads). */
  @Parameter(property = "libreyolo.profile.threads")
  Integer threads;

  /** Output root (default: {@code outputDirectory}). */
  @Parameter(property = "libreyolo.profile.project")
  File project;

  /** Log the result as JSON. */
  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  /** The device, {@code auto} decided (the engine is up from here). */
  DeviceSpec deviceSpec() {
    DeviceSpec spec = DeviceSpec.parse(device);
    if (spec.auto()) {
      Engines.boot(threads != null ? threads : Engines.defaultThreads());
    }
    return Engines.concrete(spec);
  }

  Path projectPath() {
    return (project != null ? project : outputDirectory).toPath();
  }
}
