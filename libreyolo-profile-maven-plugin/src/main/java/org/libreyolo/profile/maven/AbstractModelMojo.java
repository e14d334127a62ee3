package org.libreyolo.profile.maven;

import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.report.ProgressLog;

/** The goals that run the model: which weights, where, with how many threads. */
abstract class AbstractModelMojo extends AbstractProfileMojo {
  /**
   * LibreYOLO9{t,s,m,c}.pt, an .npz/.safetensors state dict, or a TorchScript file (default:
   * random-init LibreYOLO9 of {@code size}).
   */
  @Parameter(property = "libreyolo.profile.weights")
  String weights;

  /** Model size t, s, m or c (default: t, or the size in the weights name). */
  @Parameter(property = "libreyolo.profile.size")
  String size;

  /**
   * auto (CUDA 0 when the engine sees a GPU, else the CPU), cpu, a CUDA index or cuda:N; the native
   * you chose decides what exists.
   */
  @Parameter(property = "libreyolo.profile.device", defaultValue = Defaults.DEVICE)
  String device;

  /** Intra-op threads (default: all cores but one, see docs/cli.md, --threads). */
  @Parameter(property = "libreyolo.profile.threads")
  Integer threads;

  /** Log the result as JSON. */
  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  /** Progress in Maven's log: a line per stage, fork or few seconds (Maven's -q hides them). */
  Progress progress() {
    return ProgressLog.to(getLog()::info);
  }

  /** The device as given; {@code auto} is decided by the producer once every option is checked. */
  DeviceSpec deviceSpec() {
    return DeviceSpec.parse(device);
  }

  /** Producers write under {@code outputDirectory}: the one name of the output root. */
  Path projectPath() {
    return outputDirectory.toPath();
  }
}
