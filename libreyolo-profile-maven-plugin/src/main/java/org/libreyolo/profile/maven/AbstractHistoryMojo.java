package org.libreyolo.profile.maven;

import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.report.HistoryViews;

/**
 * The history goals' shared parameters: the store, the series and JSON output (docs/history.md).
 */
abstract class AbstractHistoryMojo extends AbstractProfileMojo {
  /**
   * The history's JDBC URL: {@code jdbc:sqlite:FILE} or {@code jdbc:postgresql://HOST:PORT/DB};
   * unset: {@code ~/.libreyolo/profile-history.db}.
   */
  @Parameter(property = "libreyolo.profile.history")
  String history;

  /** Print JSON instead of text, where the goal has it. */
  @Parameter(property = "libreyolo.profile.json", defaultValue = "false")
  boolean json;

  /** Prints a view as the goal's output (under {@code -q} too, as the reader goals do). */
  static void print(HistoryViews.View view, boolean json) {
    if (json && view.json() != null) {
      System.out.println(org.libreyolo.profile.result.Json.indented(view.json()));
    } else {
      view.lines().forEach(System.out::println);
    }
  }
}
