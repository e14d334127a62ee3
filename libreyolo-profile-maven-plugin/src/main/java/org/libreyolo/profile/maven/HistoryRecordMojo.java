package org.libreyolo.profile.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.reader.ReaderViews;
import org.libreyolo.profile.report.HistoryViews;

/** Stores a profile (default: the infer goal's output) as one run of a series in the history. */
@Mojo(name = "history-record", threadSafe = true, requiresProject = false)
public class HistoryRecordMojo extends AbstractHistoryMojo {
  /** The profile to store; default: the infer goal's output under {@code outputDirectory}. */
  @Parameter(property = "libreyolo.profile.input")
  File input;

  /** The series' name. */
  @Parameter(property = "libreyolo.profile.series", defaultValue = Defaults.Gate.BASELINE_NAME)
  String series;

  /** The commit measured; unset: the CI's variables, else git. */
  @Parameter(property = "libreyolo.profile.commit")
  String commit;

  /** Its branch; unset: the CI's variables, else git. */
  @Parameter(property = "libreyolo.profile.branch")
  String branch;

  /**
   * Record a profile the series holds already (refused by default: one measurement would count
   * twice).
   */
  @Parameter(property = "libreyolo.profile.again", defaultValue = "false")
  boolean again;

  @Override
  void run() throws MojoExecutionException {
    Path file =
        input != null ? input.toPath() : GateRun.latestInferOutput(outputDirectory.toPath());
    if (!Files.isRegularFile(file)) {
      throw new MojoExecutionException(
          "no profile to record: run libreyolo-profile:infer first (it writes "
              + file
              + ") or set -Dlibreyolo.profile.input=<profile.json>");
    }
    log(
        HistoryViews.recorded(
                HistoryCommands.record(
                    history, ReaderViews.load(file), series, commit, branch, null, again))
            .lines());
  }
}
