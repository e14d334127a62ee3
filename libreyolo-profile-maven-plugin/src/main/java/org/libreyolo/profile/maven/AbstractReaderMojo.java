package org.libreyolo.profile.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.reader.ReaderViews;

/**
 * Shared: {@code input} (a profile.json or any Chrome/Kineto trace) and {@code json}; one print
 * path.
 */
abstract class AbstractReaderMojo extends AbstractProfileMojo {
  /**
   * A profile.json or a Chrome/Kineto trace (.json or .json.gz); default: the infer goal's latest
   * output under {@code outputDirectory} ({@code infer_repeat.json} after a repeat). Not {@code
   * trace}: that property is the producers' and the JUnit extension's switch for writing a trace.
   */
  @Parameter(property = "libreyolo.profile.input")
  File input;

  /** Log the view as JSON instead of text. */
  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  @Override
  final void run() throws MojoExecutionException {
    File given = input;
    Path file =
        given != null ? given.toPath() : GateRun.latestInferOutput(outputDirectory.toPath());
    if (given == null && !Files.isRegularFile(file)) {
      throw new MojoExecutionException(
          "no profile to read: run libreyolo-profile:infer first (it writes "
              + file
              + ") or set -Dlibreyolo.profile.input=<profile.json or trace>");
    }
    // the view is the goal's output, not a log message: it prints under -q too (as help:evaluate's
    // does)
    view(file).lines(json).forEach(System.out::println);
  }

  abstract ReaderViews.View view(Path file);
}
