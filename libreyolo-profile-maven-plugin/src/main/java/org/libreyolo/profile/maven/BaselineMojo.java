package org.libreyolo.profile.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.BaselineModel;
import org.libreyolo.profile.gate.GateRun;

/**
 * Records a produced profile (or repeat aggregate) as the baseline kept in the repository. Refuses
 * to overwrite an existing baseline unless {@code -Dlibreyolo.profile.overwrite=true}.
 */
@Mojo(name = "baseline", threadSafe = true)
public class BaselineMojo extends AbstractProfileMojo {
  /**
   * The profile to record (default: the infer goal's latest output, {@code infer_repeat.json} after
   * a repeat).
   */
  @Parameter(property = "libreyolo.profile.current")
  File current;

  /**
   * Baseline name: the file is {@code src/perf/libreyolo-profile/<name>.json} unless {@code
   * baseline} is set.
   */
  @Parameter(property = "libreyolo.profile.name", defaultValue = Defaults.Gate.BASELINE_NAME)
  String name;

  /** Explicit baseline file (overrides {@code name}). */
  @Parameter(property = "libreyolo.profile.baseline")
  File baseline;

  /** The project's base directory (baselines are kept under it). */
  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  File basedir;

  /** Replace an existing baseline. */
  @Parameter(property = "libreyolo.profile.overwrite", defaultValue = "false")
  boolean overwrite;

  @Override
  void run() {
    File target =
        baseline != null
            ? baseline
            : new File(basedir, Defaults.Gate.BASELINE_DIRECTORY + "/" + name + ".json");
    File recorded =
        current != null ? current : GateRun.latestInferOutput(outputDirectory.toPath()).toFile();
    GateRun.recordBaseline(
        recorded.toPath(), target.toPath(), overwrite, "set -Dlibreyolo.profile.overwrite=true");
    java.nio.file.Path model = BaselineModel.keep(target.toPath());
    getLog()
        .info(
            "baseline recorded: "
                + target
                + " (from "
                + recorded
                + ")"
                + (model == null
                    ? ""
                    : "; its model kept beside it, "
                        + model.getFileName()
                        + ": check measures it again beside this build's model"));
  }
}
