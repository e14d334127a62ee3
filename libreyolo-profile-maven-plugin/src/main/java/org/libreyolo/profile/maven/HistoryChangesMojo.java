package org.libreyolo.profile.maven;

import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.history.ChangePoints;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.report.HistoryViews;

/** Prints the change points of a series' metric. */
@Mojo(name = "history-changes", threadSafe = true, requiresProject = false)
public class HistoryChangesMojo extends AbstractHistoryMojo {
  /** The series ({@code NAME}, or {@code NAME@TESTBED}). */
  @Parameter(property = "libreyolo.profile.series", required = true)
  String series;

  /** The metric; unset: {@code step_vs_canary}, or the series' only metric. */
  @Parameter(property = "libreyolo.profile.metric")
  String metric;

  /** Only this branch's runs; unset: every run. */
  @Parameter(property = "libreyolo.profile.branch")
  String branch;

  /** Runs either side a test reads. */
  @Parameter(property = "libreyolo.profile.window", defaultValue = Defaults.History.WINDOW)
  int window;

  /** Significance per change point. */
  @Parameter(property = "libreyolo.profile.pValue", defaultValue = Defaults.History.P_VALUE)
  double pValue;

  /** Smallest change reported, a fraction. */
  @Parameter(
      property = "libreyolo.profile.minMagnitude",
      defaultValue = Defaults.History.MIN_MAGNITUDE)
  double minMagnitude;

  @Override
  void run() {
    print(
        HistoryViews.changes(
            HistoryCommands.changes(
                history,
                series,
                metric,
                branch,
                ChangePoints.Options.of(window, pValue, minMagnitude))),
        json);
  }
}
