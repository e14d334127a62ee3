package org.libreyolo.profile.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.report.ReaderViews;

/** Shared: {@code trace} (a profile.json or any Chrome/Kineto trace) and {@code json}; one print path. */
abstract class AbstractReaderMojo extends AbstractProfileMojo {
  /** A profile.json or a Chrome/Kineto trace (.json or .json.gz). */
  @Parameter(property = "libreyolo.profile.trace")
  File trace;

  /** Log the view as JSON instead of text. */
  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  @Override
  final void run() throws MojoExecutionException {
    log(view(required(trace, "trace").toPath()).lines(json));
  }

  abstract ReaderViews.View view(Path file);
}
