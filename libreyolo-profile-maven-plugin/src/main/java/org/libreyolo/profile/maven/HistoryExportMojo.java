package org.libreyolo.profile.maven;

import java.io.File;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.report.HistoryViews;

/** Writes a series of the history as Otava's CSV: to {@code out}, or printed. */
@Mojo(name = "history-export", threadSafe = true, requiresProject = false)
public class HistoryExportMojo extends AbstractHistoryMojo {
  /** The series ({@code NAME}, or {@code NAME@TESTBED}). */
  @Parameter(property = "libreyolo.profile.series", required = true)
  String series;

  /** The CSV file to write; unset: printed. */
  @Parameter(property = "libreyolo.profile.out")
  File out;

  @Override
  void run() {
    print(
        HistoryViews.exported(
            HistoryCommands.export(history, series, out == null ? null : out.toPath())),
        false);
  }
}
