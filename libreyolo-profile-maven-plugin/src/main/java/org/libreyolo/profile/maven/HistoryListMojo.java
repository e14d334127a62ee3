package org.libreyolo.profile.maven;

import org.apache.maven.plugins.annotations.Mojo;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.report.HistoryViews;

/** Lists the history's series with their run counts. */
@Mojo(name = "history-list", threadSafe = true, requiresProject = false)
public class HistoryListMojo extends AbstractHistoryMojo {
  @Override
  void run() {
    print(HistoryViews.listing(HistoryCommands.list(history)), json);
  }
}
