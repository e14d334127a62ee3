package org.libreyolo.profile.maven;

import java.io.File;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.reader.ReaderViews;

/**
 * Compares two profiles: the reference's lines (throughput with the 2*SE rule over repeat trials,
 * ms/image, busy share, host overhead, launches, verdict) and the statistics block on raw samples.
 */
@Mojo(name = "compare", threadSafe = true, requiresProject = false)
public class CompareMojo extends AbstractProfileMojo {
  /** The earlier profile (or trace). */
  @Parameter(property = "libreyolo.profile.before")
  File before;

  /** The later profile (or trace). */
  @Parameter(property = "libreyolo.profile.after")
  File after;

  /**
   * Significance level of the statistics block, within (0, 1); its own name, the gate's {@code
   * alpha} has another default.
   */
  @Parameter(
      property = "libreyolo.profile.compareAlpha",
      defaultValue = Defaults.Readers.COMPARE_ALPHA)
  double compareAlpha;

  /** Log the comparison as JSON. */
  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  @Override
  void run() throws MojoExecutionException {
    log(
        ReaderViews.compare(
                required(before, "before").toPath(),
                required(after, "after").toPath(),
                compareAlpha)
            .lines(json));
  }
}
