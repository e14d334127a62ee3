package org.libreyolo.profile.junit.paired;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

/**
 * Not a test Surefire runs: a step the JVMs holding both versions distort on purpose. It does five
 * times the work where an A/B side's class loader ({@code baseline}, {@code candidate}) loaded it,
 * so it runs five times slower in the shared JVMs than alone, on both sides alike: the check
 * against each side alone must send it to the forks.
 */
class DistortedFixture {
  static volatile long sink;

  @Test
  @ProfiledStep(runs = 20, warmup = 5)
  void sharedOnly(StepProfiler profiler) {
    String loader = DistortedFixture.class.getClassLoader().getName();
    int rounds = "baseline".equals(loader) || "candidate".equals(loader) ? 500 : 100;
    profiler.measure(() -> spin(rounds));
  }

  private static void spin(int rounds) {
    long x = 17;
    for (int i = 0; i < rounds * 1000; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    sink = x;
  }
}
