package org.libreyolo.profile.options;

import org.libreyolo.profile.Api;

/** Where producers report how far they are (the CLI draws a one-line bar on stderr). */
@FunctionalInterface
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public interface Progress {
  /** No progress reporting. */
  Progress NONE = (stage, done, total) -> {};

  /**
   * {@code stage} is e.g. "warmup", "runs" or "trial 2/3".
   *
   * @param stage the stage's name, e.g. warmup or runs
   * @param done units done so far
   * @param total the total count
   */
  void update(String stage, int done, int total);
}
