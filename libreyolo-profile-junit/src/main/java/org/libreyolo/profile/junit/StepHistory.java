package org.libreyolo.profile.junit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.gate.StepLayout;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.report.HistoryGateReport;
import org.libreyolo.profile.report.HistoryViews;
import org.libreyolo.profile.result.Profile;

/**
 * A measured step against its run history (docs/history.md), as the {@code check} goal does it:
 * judged against the history's branch, then recorded there when this build is on that branch (or
 * {@code recordHistory} says so). The series is the step's id, the name {@code check} gives it.
 */
final class StepHistory {
  /** The history's verdict and its lines, for the test's failure message. */
  record Outcome(Verdict verdict, String series, List<String> lines) {}

  private StepHistory() {}

  /** Null when no history is set. */
  static Outcome judgeAndRecord(StepConfig config, Profile profile, Path dir, StepOutput out) {
    StepConfig.History h = config.history();
    if (h.url() == null) {
      return null;
    }
    String series =
        new StepLayout.Step(
                config.files().className(), dir.getFileName().toString(), null, null, null)
            .id();
    String prefix = "[libreyolo-profile] " + series + ": ";
    try {
      HistoryCommands.Judged j =
          HistoryCommands.checkThenRecord(
              h.url(), profile, series, h.branch(), h.record(), config.gateOptions());
      HistoryGateReport.write(j.check(), dir);
      HistoryViews.Judged judged = HistoryViews.judged(j, StepConfig.PREFIX + "recordHistory");
      judged.checkLines().forEach(line -> out.line(prefix + line));
      judged.recordLines().forEach(line -> out.line(prefix + line));
      if (judged.recorded()) {
        mark(dir, h.url());
      }
      return new Outcome(judged.verdict(), series, judged.checkLines());
    } catch (LibreYoloException e) {
      throw OneLine.failure(series + ": " + StepConfig.words(e));
    }
  }

  /** Tells the check goal this step's history is done. */
  private static void mark(Path dir, String url) {
    try {
      Files.writeString(
          dir.resolve(OutputFiles.HISTORY_RECORDED_FILE), url + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot write " + dir.resolve(OutputFiles.HISTORY_RECORDED_FILE) + ": " + e.getMessage(),
          e);
    }
  }
}
