package org.libreyolo.profile.maven;

import java.io.File;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.reader.Reports;

/**
 * Writes a self-contained HTML report of one profile (or trace), or of {@code before} vs {@code
 * after}.
 */
@Mojo(name = "report", threadSafe = true, requiresProject = false)
public class ReportMojo extends AbstractProfileMojo {
  /**
   * The profile (or trace) to picture; with {@code before}/{@code after} set, a comparison is
   * written instead.
   */
  @Parameter(property = "libreyolo.profile.input")
  File input;

  /** With {@code after}: the earlier profile of a comparison report. */
  @Parameter(property = "libreyolo.profile.before")
  File before;

  /** With {@code before}: the later profile of a comparison report. */
  @Parameter(property = "libreyolo.profile.after")
  File after;

  /** Output file (default: report.html / compare.html next to the input). */
  @Parameter(property = "libreyolo.profile.out")
  File out;

  /** Significance level of a comparison report's statistics, within (0, 1). */
  @Parameter(
      property = "libreyolo.profile.compareAlpha",
      defaultValue = Defaults.Readers.COMPARE_ALPHA)
  double compareAlpha;

  @Override
  void run() throws MojoExecutionException {
    Path target = out == null ? null : out.toPath();
    Path written =
        before != null && after != null
            ? Reports.comparison(before.toPath(), after.toPath(), target, compareAlpha)
            : Reports.single(required(input, "input").toPath(), target);
    getLog().info("report: " + written);
  }
}
