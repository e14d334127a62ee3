package org.libreyolo.profile.internal.capture;

/** A named region being timed; closing it records its end. */
public interface Span extends AutoCloseable {
  /** Shared by disabled sessions: timing off costs one interface call. */
  Span NONE = () -> {};

  @Override
  void close();
}
