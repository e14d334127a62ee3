package org.libreyolo.profile;

/**
 * An error the tool reports to its user as one line. The {@link Kind} decides the exit code (CLI),
 * the exception type (Maven) or the failure (JUnit); core never exits the process.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public class LibreYoloException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What went wrong, in the reference's exit-code vocabulary. */
  public enum Kind {
    /** A trace that cannot be parsed: exit 1. */
    UNPARSABLE_TRACE(1),
    /** Missing file, unresolvable or out-of-range argument: exit 2. */
    BAD_INPUT(2),
    /**
     * The run finished but produced no profile (e.g. a dataset too small for the window): exit 3.
     */
    NO_PROFILE(3);

    private final int exitCode;

    Kind(int exitCode) {
      this.exitCode = exitCode;
    }

    /**
     * The exit code the CLI uses.
     *
     * @return the exit code the CLI uses
     */
    public int exitCode() {
      return exitCode;
    }
  }

  private final Kind kind;

  /**
   * Creates the libre yolo exception.
   *
   * @param kind what went wrong
   * @param message the message
   */
  public LibreYoloException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  /**
   * Creates the libre yolo exception.
   *
   * @param kind what went wrong
   * @param message the message
   * @param cause the cause
   */
  public LibreYoloException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  /**
   * A {@link Kind#BAD_INPUT} error (exit 2 on the CLI).
   *
   * @param message the message
   * @return the exception, to throw
   */
  public static LibreYoloException badInput(String message) {
    return new LibreYoloException(Kind.BAD_INPUT, message);
  }

  /**
   * A {@link Kind#BAD_INPUT} error with its cause (kept for logs, not shown).
   *
   * @param message the message
   * @param cause the cause
   * @return the exception, to throw
   */
  public static LibreYoloException badInput(String message, Throwable cause) {
    return new LibreYoloException(Kind.BAD_INPUT, message, cause);
  }

  /**
   * What went wrong.
   *
   * @return what went wrong
   */
  public Kind kind() {
    return kind;
  }

  /**
   * The message in core's neutral words: an option appears as its key ({@code maxDet}).
   *
   * @return the message
   */
  @Override
  public String getMessage() {
    return Option.render(super.getMessage(), Option.Surface.CORE);
  }

  /**
   * The message as a surface shows it: every option named in that surface's words, from the one
   * table in {@link Option} ({@code --max-det} on the CLI, {@code maxDet} in Maven and JUnit).
   *
   * @param surface where the message is read; null for the message with its option keys
   * @return the rendered message
   */
  public String message(Option.Surface surface) {
    return Option.render(super.getMessage(), surface);
  }
}
