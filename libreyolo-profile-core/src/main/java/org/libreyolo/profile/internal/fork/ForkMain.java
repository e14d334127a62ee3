package org.libreyolo.profile.internal.fork;

import org.libreyolo.profile.LibreYoloException;

/**
 * What a fork's main does with a failure: one line, {@value #ERROR} and the message in core's words
 * with its option keys ({@code {forks}}), so the parent's surface renders them; the exit code of
 * its kind.
 */
public final class ForkMain {
  /** The prefix of a fork's error line. */
  public static final String ERROR = "libreyolo-fork-error: ";

  private ForkMain() {}

  /** Runs {@code body}; on failure prints the one line and exits with the error's code. */
  public static void guard(Runnable body) {
    try {
      body.run();
    } catch (LibreYoloException e) {
      System.err.println(ERROR + e.message(null));
      System.err.flush();
      System.exit(e.kind().exitCode());
    } catch (RuntimeException | Error e) {
      e.printStackTrace(); // into the fork's log, for whoever reads it; the parent reads one line
      System.err.println(ERROR + e);
      System.err.flush();
      System.exit(1);
    }
    System.exit(0);
  }
}
