package org.libreyolo.profile;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An error the tool reports to its user as one line. The {@link Kind} decides the exit code
 * (CLI), the exception type (Maven) or the failure (JUnit); core never exits the process.
 */
public class LibreYoloException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** What went wrong, in the reference's exit-code vocabulary. */
  public enum Kind {
    /** A trace that cannot be parsed: exit 1. */
    UNPARSABLE_TRACE(1),
    /** Missing file, unresolvable or out-of-range argument: exit 2. */
    BAD_INPUT(2),
    /** The run finished but produced no profile (e.g. a dataset too small for the window): exit 3. */
    NO_PROFILE(3);

    private final int exitCode;

    Kind(int exitCode) {
      this.exitCode = exitCode;
    }

    public int exitCode() {
      return exitCode;
    }
  }

  private final Kind kind;

  public LibreYoloException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public LibreYoloException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  public static LibreYoloException badInput(String message) {
    return new LibreYoloException(Kind.BAD_INPUT, message);
  }

  public static LibreYoloException badInput(String message, Throwable cause) {
    return new LibreYoloException(Kind.BAD_INPUT, message, cause);
  }

  public Kind kind() {
    return kind;
  }

  private static final Pattern FLAG = Pattern.compile("--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)");

  /**
   * The message with CLI flags ({@code --max-det}) named as parameters ({@code maxDet}): core
   * speaks the CLI's words, the Maven plugin and the JUnit extension translate with this.
   */
  public String inParameterTerms() {
    Matcher m = FLAG.matcher(getMessage());
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String[] parts = m.group(1).split("-");
      StringBuilder name = new StringBuilder(parts[0]);
      for (int i = 1; i < parts.length; i++) {
        name.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
      }
      m.appendReplacement(out, Matcher.quoteReplacement(name.toString()));
    }
    m.appendTail(out);
    return out.toString();
  }
}
