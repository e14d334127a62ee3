package org.libreyolo.profile.cli;

import java.io.Console;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Locale;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.report.ProgressLog;

/**
 * Progress on stderr, never on stdout (so {@code --json} output stays parseable): one line redrawn
 * in place on a terminal, whole lines ({@link ProgressLog}) on a log or a pipe, nothing with {@code
 * --quiet}.
 */
final class ProgressBar implements Progress {
  private static final int WIDTH = 24;
  private final PrintWriter err;
  private final long start = System.nanoTime();

  /** A bar is on the screen: an error printed now must first clear it. */
  private static volatile boolean drawn;

  private ProgressBar(PrintWriter err) {
    this.err = err;
  }

  static Progress on(PrintWriter err, boolean quiet) {
    if (quiet) {
      return Progress.NONE;
    }
    if (onTerminal()) {
      return new ProgressBar(err);
    }
    return ProgressLog.to(
        line -> {
          err.println(line);
          err.flush();
        });
  }

  /**
   * Java 22+ gives a console also to a redirected process and says which with {@code isTerminal()};
   * before that a console exists only on a terminal.
   */
  private static boolean onTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      Method isTerminal = Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }

  @Override
  public void update(String stage, int done, int total) {
    if (total <= 1 && done < total) { // a stage without steps (loading): its name, no bar
      err.print(String.format(Locale.ROOT, "\r%s ...", stage));
      drawn = true;
      err.flush();
      return;
    }
    int filled = total <= 0 ? 0 : Math.min(WIDTH, done * WIDTH / total);
    err.print(
        String.format(
            Locale.ROOT,
            "\r%-18s [%s%s] %d/%d  %.0f s ",
            stage,
            "#".repeat(filled),
            ".".repeat(WIDTH - filled),
            done,
            total,
            (System.nanoTime() - start) / 1e9));
    drawn = true;
    if (done >= total) {
      clear(err);
    }
    err.flush();
  }

  /** Clears a bar left on the screen (before an error line). */
  static void clear(PrintWriter err) {
    if (drawn) {
      err.print("\r" + " ".repeat(70) + "\r");
      drawn = false;
    }
  }
}
