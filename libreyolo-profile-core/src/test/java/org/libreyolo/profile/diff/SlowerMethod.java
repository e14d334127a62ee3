package org.libreyolo.profile.diff;

import java.nio.file.Path;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.produce.StepOptions;
import org.libreyolo.profile.result.Profile;

/**
 * A plain-Java step of two methods in two phases, one of which can be made slower: what the diff of
 * its Java samples must name (docs/diff.md).
 */
public final class SlowerMethod {
  /** The hot method's work before; the tests measure it again five times heavier. */
  public static final long WORK = 1_000_000;

  private static volatile long work = WORK;
  private static volatile double sink;

  private static final java.util.Map<String, Profile> MEASURED = new java.util.HashMap<>();

  private SlowerMethod() {}

  /**
   * The step measured once per test JVM under {@code target/slower-method/<pid>/<name>} (each
   * measure takes seconds; the diff, folding and page tests read the same profiles).
   *
   * @param name the run's name: {@code before}, {@code again} (the same work) or {@code after}
   * @param hotWork the hot method's iterations
   * @return the profile
   */
  public static synchronized Profile measured(String name, long hotWork) {
    return MEASURED.computeIfAbsent(
        name + "@" + hotWork,
        k ->
            measure(
                Path.of(
                    "target", "slower-method", Long.toString(ProcessHandle.current().pid()), name),
                hotWork));
  }

  static double hotMethod(int seed) {
    double x = seed;
    for (long i = 0; i < work; i++) {
      x = x * 1.0000001 + 1e-9 * (i & 7);
    }
    return x;
  }

  static double steadyMethod(int seed) {
    double x = seed;
    for (long i = 0; i < WORK; i++) {
      x = x * 0.9999999 + 1e-9 * (i & 3);
    }
    return x;
  }

  /** {@return the hot method's name as the samples record it} */
  public static String hot() {
    return SlowerMethod.class.getName() + ".hotMethod";
  }

  /**
   * Measures the step with the hot method doing {@code hotWork} (300 runs: enough samples).
   *
   * @param dir where the profile goes
   * @param hotWork the hot method's iterations
   * @return the profile
   */
  public static Profile measure(Path dir, long hotWork) {
    work = hotWork;
    try {
      return CustomStepProfiler.run(
          StepOptions.builder("step", "SlowerMethod")
              .warmup(20)
              .runs(300)
              .trace(false)
              .outputDirectory(dir)
              .build(),
          (phases, index) -> {
            try (var p = phases.start("decode")) {
              sink = steadyMethod(index);
            }
            try (var p = phases.start("score")) {
              sink = hotMethod(index);
            }
          });
    } finally {
      work = WORK;
    }
  }
}
