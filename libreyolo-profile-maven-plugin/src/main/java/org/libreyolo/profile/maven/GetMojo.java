package org.libreyolo.profile.maven;

import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.report.ReaderViews;

/**
 * One metric of a profile ({@code field}), or the list of metric names when {@code field} is not
 * set.
 */
@Mojo(name = "get", threadSafe = true, requiresProject = false)
public class GetMojo extends AbstractReaderMojo {
  /** Metric name, e.g. {@code latency_p50_ms} (not set: list the metrics). */
  @Parameter(property = "libreyolo.profile.field")
  String field;

  @Override
  ReaderViews.View view(Path file) {
    try {
      return ReaderViews.get(file, field);
    } catch (LibreYoloException e) {
      // the reference's advice names its CLI; here the list is this goal without the parameter
      String m = e.getMessage();
      int advice = m.indexOf(". run 'profile get ");
      if (e.kind() != LibreYoloException.Kind.BAD_INPUT || advice < 0) {
        throw e;
      }
      throw LibreYoloException.badInput(
          m.substring(0, advice)
              + ": run libreyolo-profile:get without"
              + " -Dlibreyolo.profile.field to list the metrics",
          e);
    }
  }
}
