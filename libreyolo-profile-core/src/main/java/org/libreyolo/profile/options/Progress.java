package org.libreyolo.profile.options;

/** Where producers report how far they are (the CLI draws a one-line bar on stderr). */
@FunctionalInterface
public interface Progress {
  Progress NONE = (stage, done, total) -> { };

  /** {@code stage} is e.g. "warmup", "runs" or "trial 2/3". */
  void update(String stage, int done, int total);
}
