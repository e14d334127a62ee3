package org.libreyolo.profile.maven;

import java.nio.file.Path;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.UnknownMetricException;
import org.libreyolo.profile.reader.ReaderViews;

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
    } catch (UnknownMetricException e) {
      // the reference's advice names its CLI; here the list is this goal without the parameter
      throw LibreYoloException.badInput(
          "unknown metric '"
              + e.metric()
              + "': run libreyolo-profile:get without -Dlibreyolo.profile.field to list the metrics",
          e);
    }
  }
}
