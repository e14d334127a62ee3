package org.libreyolo.profile.maven;

import java.io.File;
import java.util.Set;
import java.util.TreeSet;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.report.HistoryViews;

/** Reads Otava's CSV into a series of the history, all rows or none. */
@Mojo(name = "history-import", threadSafe = true, requiresProject = false)
public class HistoryImportMojo extends AbstractHistoryMojo {
  /** The CSV: a {@code time} column, attribute columns and one numeric column per metric. */
  @Parameter(property = "libreyolo.profile.input", required = true)
  File input;

  /** The series to import into. */
  @Parameter(property = "libreyolo.profile.series", required = true)
  String series;

  /** Columns that are text attributes, not metrics. */
  @Parameter(property = "libreyolo.profile.attributes", defaultValue = Defaults.History.ATTRIBUTES)
  String attributes;

  @Override
  void run() {
    Set<String> attrs = new TreeSet<>(java.util.List.of(attributes.split("\\s*,\\s*")));
    log(
        HistoryViews.imported(HistoryCommands.importCsv(history, input.toPath(), series, attrs))
            .lines());
  }
}
