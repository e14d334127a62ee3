package org.libreyolo.profile.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.libreyolo.profile.Api;

/**
 * Marks a perf test (or, on the class, sets defaults for its methods). Attributes merge one by one,
 * as JMH's do: a method's attribute left blank takes the class's, then the enclosing class's (for
 * {@code @Nested} tests), then the defaults ({@code org.libreyolo.profile.Defaults.Step} and {@code
 * .Gate}). The test takes a {@link StepProfiler} parameter and hands it the step to measure;
 * warmup, runs and repeats run inside that call, so the method executes once. Configuration
 * parameters {@code libreyolo.profile.<attribute>} (junit-platform.properties or {@code -D})
 * override the annotation. Profiled sections hold a shared resource lock: they never interleave,
 * while unprofiled tests still run in parallel.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(ProfileExtension.class)
@Tag("perf")
@ResourceLock(StepProfiler.RESOURCE)
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public @interface ProfiledStep {
  /** An attribute left blank: it inherits from the enclosing level, then from the defaults. */
  int UNSET = Integer.MIN_VALUE;

  /**
   * Step name (default: the method name).
   *
   * @return the step's name, or empty for the method's
   */
  String name() default "";

  /**
   * Discarded iterations before measuring (default 5).
   *
   * @return discarded iterations before the measured ones, at least 0
   */
  int warmup() default UNSET;

  /**
   * Measured iterations per trial, at least 2; the gate needs 15 for its 3 blocks (default 20).
   *
   * @return measured iterations
   */
  int runs() default UNSET;

  /**
   * Trials in this process; their blocks are pooled for the gate (default 1).
   *
   * @return trials in this process, at least 1
   */
  int repeat() default UNSET;

  /**
   * Baseline file (default {@code
   * src/perf/libreyolo-profile/<fully.qualified.Class>.<method>.json}).
   *
   * @return the baseline file, relative to the module, or empty for the default
   */
  String baseline() default "";

  /**
   * Practical threshold of the gate, 0.05 = 5% (default 0.05).
   *
   * @return the slowdown the gate tolerates, a fraction (0.05 = 5%)
   */
  double maxRegression() default Double.NaN;

  /**
   * Significance level of the gate (default 0.01).
   *
   * @return the significance level, within (0, 1)
   */
  double alpha() default Double.NaN;

  /**
   * Capture a Kineto trace of 9 extra iterations (needs the DJL engine). On at any level turns it
   * on; {@code -Dlibreyolo.profile.trace=false} turns it off everywhere.
   *
   * @return whether to record a trace (and with it the op and work counters)
   */
  boolean trace() default false;

  /**
   * Items (e.g. images) one step processes, for the throughput figure (default 1).
   *
   * @return items one step processes
   */
  int items() default UNSET;

  /**
   * What an item is, for the throughput's unit: {@code images} gives {@code images/s} (default
   * items).
   *
   * @return the unit's name
   */
  String unit() default "";

  /**
   * Intra-op threads of the engine while the step runs; 0 keeps the engine's default, all cores but
   * one (docs/measurement.md, "Threads").
   *
   * @return intra-op threads, at least 1
   */
  int threads() default UNSET;

  /**
   * Processes to measure in (JMH's forks): each a fresh JVM that runs this one test through the
   * JUnit Platform launcher (its fixtures, {@code @BeforeAll} included, the same class path, system
   * properties and configuration parameters), one after another; the profile merges them and the
   * gate's unit is the fork. Default 1: measured in the test's own JVM.
   *
   * @return forks, 1 to 100
   */
  int forks() default UNSET;
}
