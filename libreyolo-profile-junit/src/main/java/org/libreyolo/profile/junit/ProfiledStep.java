package org.libreyolo.profile.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.libreyolo.profile.Defaults;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Marks a perf test (or, on the class, sets defaults for its methods). The test takes a
 * {@link StepProfiler} parameter and hands it the step to measure; warmup, runs and repeats run
 * inside that call, so the method executes once. Configuration parameters
 * {@code libreyolo.profile.<attribute>} (junit-platform.properties or {@code -D}) override the
 * annotation. Profiled sections hold a shared resource lock: they never interleave, while
 * unprofiled tests still run in parallel.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(ProfileExtension.class)
@Tag("perf")
@ResourceLock(StepProfiler.RESOURCE)
public @interface ProfiledStep {
  /** Step name (default: the method name). */
  String name() default "";

  /** Discarded iterations before measuring. */
  int warmup() default Defaults.Step.WARMUP;

  /** Measured iterations per trial (at least 2). */
  int runs() default Defaults.Step.RUNS;

  /** Trials in this process; their blocks are pooled for the gate. */
  int repeat() default Defaults.Step.REPEAT;

  /** Baseline file; default {@code src/perf/libreyolo-profile/<TestClass>.<method>.json}. */
  String baseline() default "";

  /** Practical threshold of the gate (0.05 = 5%). */
  double maxRegression() default Defaults.Gate.MAX_REGRESSION_VALUE;

  /** Significance level of the gate. */
  double alpha() default Defaults.Gate.ALPHA_VALUE;

  /** Capture a Kineto trace of 9 extra iterations (needs the DJL engine). */
  boolean trace() default Defaults.Step.TRACE;

  /** Items (e.g. images) one step processes, for the throughput figure. */
  int items() default Defaults.Step.ITEMS;

  /** What an item is, for the throughput's unit ({@code images} gives {@code images/s}). */
  String unit() default Defaults.Step.UNIT;

  /**
   * Intra-op threads of the engine while the step runs; 0 keeps the engine's default
   * (docs/measurement.md, "Threads").
   */
  int threads() default 0;
}
