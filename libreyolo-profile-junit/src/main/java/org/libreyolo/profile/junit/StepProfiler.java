package org.libreyolo.profile.junit;

import java.util.Map;
import org.libreyolo.profile.result.Profile;

/**
 * The handle a perf test receives: it runs warmup, measured iterations and repeats of the step,
 * writes the profile and checks it against the baseline (an {@link AssertionError} on a regression).
 */
public interface StepProfiler {
  /** Lock name shared by every profiled section (see {@link ProfiledStep}). */
  String RESOURCE = "org.libreyolo.profile";

  /**
   * Names the model the step runs, so the profile records its parameter count and device (the
   * gate treats a different model or device as a different environment). Returns this handle.
   */
  StepProfiler model(ai.djl.nn.Block block);

  /** Measures a one-phase step: the phase is named after the step. */
  Profile measure(Runnable step);

  /** Measures a one-phase step under the given phase name, e.g. {@code measure("forward", () -> ...)}. */
  Profile measure(String phase, Runnable step);

  /** Measures a step made of named phases: {@code it -> { it.phase("pre", ...); it.phase("forward", ...); }}. */
  Profile measure(PhasedStep step);

  /**
   * In-job A/B: {@code control} and {@code candidate} in this process, in alternating blocks
   * (docs/statistics.md, "In-job A/B"). Fails the test with an {@link AssertionError} when the
   * candidate is slower with the whole interval above the threshold ({@code
   * libreyolo.profile.abMaxRegression}, default 2%); writes {@code ab-<name>.json} beside the
   * profile. Pairs and block length: {@code libreyolo.profile.pairs}, {@code blockRuns}.
   */
  org.libreyolo.profile.compare.PairedBlocks compare(String name, Runnable control, Runnable candidate);

  /** The body of one iteration. */
  @FunctionalInterface
  interface PhasedStep {
    void run(Phases phases) throws Exception;
  }

  /** Times named phases inside one iteration. */
  interface Phases {
    void phase(String name, Runnable body);

    /** Phase times of the current iteration so far (ms). */
    Map<String, Double> current();
  }
}
