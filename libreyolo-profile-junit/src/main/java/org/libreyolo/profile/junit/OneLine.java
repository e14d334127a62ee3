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

  /**
   * An argument of the step API that cannot be measured: a null step or an empty name, refused
   * before anything runs.
   *
   * @param value the argument
   * @param call how the call reads, e.g. {@code measure("decode", step)}
   * @param what which argument, e.g. {@code the step}
   * @return the argument
   */
  static <T> T given(T value, String call, String what) {
    if (value == null || (value instanceof String s && s.isBlank())) {
      throw failure(
          call
              + ": "
              + what
              + (value == null ? " is null" : " is empty")
              + (what.contains("name") ? ": name it, e.g. \"decode\"" : ": pass the code to time"));
    }
    return value;
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
