package org.libreyolo.profile.maven;

import java.io.File;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.reader.ReaderViews;

/**
 * What changed between two profiles (or traces), and how much of the step's change each change
 * explains: op calls, kernels, ops, Java methods, memory (docs/diff.md).
 */
@Mojo(name = "diff", threadSafe = true, requiresProject = false)
public class DiffMojo extends AbstractProfileMojo {
  /** The earlier profile (or trace). */
  @Parameter(property = "libreyolo.profile.before")
  File before;

  /** The later profile (or trace). */
  @Parameter(property = "libreyolo.profile.after")
  File after;

  /** Rows per table. */
  @Parameter(property = "libreyolo.profile.top", defaultValue = Defaults.Readers.TOP)
  int top;

  /** One phase only. */
  @Parameter(property = "libreyolo.profile.phase")
  String phase;

  /** Log the whole diff as JSON. */
  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  @Override
  void run() throws MojoExecutionException {
    log(
        ReaderViews.diff(
                required(before, "before").toPath(), required(after, "after").toPath(), phase, top)
            .lines(json));
  }
}
