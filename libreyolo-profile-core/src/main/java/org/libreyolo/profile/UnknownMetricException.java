package org.libreyolo.profile;

/**
 * A metric the profile does not have ({@code get}): its message is the reference's, which names the
 * CLI's listing form; another surface says its own from {@link #metric()}.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class UnknownMetricException extends LibreYoloException {
  private static final long serialVersionUID = 1L;

  private final String metric;

  /**
   * Creates the exception.
   *
   * @param metric the metric asked for
   * @param file the profile or trace it was asked of, as the user named it
   */
  public UnknownMetricException(String metric, String file) {
    super(
        Kind.BAD_INPUT,
        "unknown metric '" + metric + "'. run 'profile get " + file + "' to list metrics.");
    this.metric = metric;
  }

  /** {@return the metric asked for} */
  public String metric() {
    return metric;
  }
}
