package demo.app;

import demo.lib.Hashing;

/** The application module: calls the library. */
public final class Service {
  private static final byte[] DATA = new byte[4096];

  private Service() {}

  public static long handle() {
    return Hashing.hash(DATA, 50);
  }
}
