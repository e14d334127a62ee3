package org.libreyolo.profile.bench;

/** A fixed amount of integer arithmetic: the studies' known step, its result kept from the JIT. */
final class Work {
  private static volatile long sink;

  private Work() {}

  /**
   * Runs {@code rounds} rounds of a 64-bit LCG with a shift (about 1 ms per million here).
   *
   * @param rounds the rounds
   */
  static void rounds(long rounds) {
    long x = sink;
    for (long i = 0; i < rounds; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      x ^= x >>> 29;
    }
    sink = x;
  }
}
