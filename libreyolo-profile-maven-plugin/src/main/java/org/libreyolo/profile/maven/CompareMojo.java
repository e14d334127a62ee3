package org.libreyolo.profile.maven;

import org.libreyolo.profile.analysis.ProfileLoader;
import java.io.File;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.python.PyJson;
import org.libreyolo.profile.report.TextReport;

/** {@code profile compare}: the reference lines plus the statistics block. */
@Mojo(name = "compare", threadSafe = true, requiresProject = false)
public class CompareMojo extends AbstractProfileMojo {
  @Parameter(property = "libreyolo.profile.before")
  File before;

  @Parameter(property = "libreyolo.profile.after")
  File after;

  @Parameter(property = "libreyolo.profile.alpha", defaultValue = "0.05")
  double alpha;

  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  @Override
  void run() throws MojoExecutionException {
    var view = Comparison.compare(ProfileLoader.load(required(before, "before").toPath()),
        ProfileLoader.load(required(after, "after").toPath()), before.toString(), after.toString(), alpha);
    if (json) {
      getLog().info(PyJson.indented(view));
    } else {
      log(TextReport.compare(view));
    }
  }
}
