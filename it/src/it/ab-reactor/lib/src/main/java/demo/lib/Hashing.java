package demo.lib;

/** The library module: a hash over a buffer. */
public final class Hashing {
  private Hashing() {}

  public static long hash(byte[] data, int rounds) {
    long h = 1125899906842597L;
    for (int r = 0; r < rounds; r++) {
      for (byte b : data) {
        h = 31 * h + b;
      }
    }
    return h;
  }
}
