package org.libreyolo.profile.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.history.ChangePoints;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.report.HistoryViews;

/**
 * Writes a series of the history as an HTML page: runs and forks plotted, levels and change points.
 */
@Mojo(name = "history-report", threadSafe = true, requiresProject = false)
public class HistoryReportMojo extends AbstractHistoryMojo {
  /** The series ({@code NAME}, or {@code NAME@TESTBED}). */
  @Parameter(property = "libreyolo.profile.series", required = true)
  String series;

  /** The metric; unset: {@code step_vs_canary}, or the series' only metric. */
  @Parameter(property = "libreyolo.profile.metric")
  String metric;

  /** The HTML file to write. */
  @Parameter(
      property = "libreyolo.profile.out",
      defaultValue = "${project.build.directory}/libreyolo-profile/history.html")
  File out;

  @Override
  void run() {
    log(
        HistoryViews.report(
                HistoryCommands.seriesRuns(
                    history, series, metric, ChangePoints.Options.defaults()),
                out.toPath())
            .lines());
  }
}
