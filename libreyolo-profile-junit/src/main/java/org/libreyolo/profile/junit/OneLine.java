package org.libreyolo.profile.junit;

import org.junit.jupiter.api.extension.ParameterResolutionException;

/**
 * Failures that are the user's setting or environment, not the code under test: reported as one
 * line naming the test and the cause, without a stack trace (it would point into the extension, not
 * at anything the user can change) and without a cause that Surefire prints again.
 */
final class OneLine {
  private OneLine() {}

  /** A bad {@code @ProfiledStep} attribute or {@code libreyolo.profile.*} parameter. */
  static ParameterResolutionException configuration(String message) {
    return new Configuration(message);
  }

  /**
   * A failure while measuring that the user fixes outside the test (a history that cannot be
   * reached).
   */
  static AssertionError failure(String message) {
    return new Failure(message);
  }

  private static final class Configuration extends ParameterResolutionException {
    private static final long serialVersionUID = 1L;

    Configuration(String message) {
      super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }

  private static final class Failure extends AssertionError {
    private static final long serialVersionUID = 1L;

    Failure(String message) {
      super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }
}
