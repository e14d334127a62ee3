package org.libreyolo.profile.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.libreyolo.profile.options.Progress;

/**
 * One progress line on stderr, redrawn in place; only on a terminal (logs and pipes stay clean) and
 * never on stdout, so {@code --json} output stays parseable.
 */
final class ProgressBar implements Progress {
  private static final int WIDTH = 24;
  private final PrintWriter err;
  private boolean drawn;

  private ProgressBar(PrintWriter err) {
    this.err = err;
  }

  static Progress on(PrintWriter err) {
    return System.console() != null ? new ProgressBar(err) : Progress.NONE;
  }

  @Override
  public void update(String stage, int done, int total) {
    int filled = total == 0 ? WIDTH : done * WIDTH / total;
    err.print(
        String.format(
            Locale.ROOT,
            "\r%-18s [%s%s] %d/%d",
            stage,
            "#".repeat(filled),
            ".".repeat(WIDTH - filled),
            done,
            total));
    drawn = true;
    if (done == total) {
      err.print("\r" + " ".repeat(60) + "\r");
    }
    err.flush();
  }

  boolean drawn() {
    return drawn;
  }
}
