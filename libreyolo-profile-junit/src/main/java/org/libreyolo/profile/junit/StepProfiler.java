package org.libreyolo.profile.junit;

import ai.djl.inference.Predictor;
import java.util.Map;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.jupiter.api.function.ThrowingSupplier;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.gate.PairedBlocks;

/**
 * The handle a perf test receives: it runs warmup, measured iterations and repeats of the step,
 * writes the profile and checks it against the baseline (an {@link AssertionError} on a
 * regression). Steps and phases take JUnit's own function types, as {@code Assertions} does: an
 * {@link Executable} may throw checked exceptions, a {@link ThrowingSupplier} returns a value,
 * which the profiler consumes so the JIT cannot drop the work that made it.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public interface StepProfiler {
  /** Lock name shared by every profiled section (see {@link ProfiledStep}). */
  String RESOURCE = "org.libreyolo.profile";

  /**
   * Names the model the step runs, so the profile records its parameter count and device (the gate
   * treats a different model or device as a different environment) and the gate divides the step by
   * the engine canary. Returns this handle.
   *
   * @param block the model's DJL block (its parameters counted, its device recorded)
   * @return this handle
   */
  StepProfiler model(ai.djl.nn.Block block);

  /**
   * Names the deployed model the step runs, e.g. an {@link org.libreyolo.profile.onnx.OnnxModel}
   * ({@link org.libreyolo.profile.onnx.OnnxModel#run}): a traced step records its engine's kernels
   * as its ops, with their work, and the environment names that engine (docs/onnx.md).
   *
   * @param model the model, loaded once per class (e.g. by a {@link ModelFixture})
   * @return this handle
   */
  StepProfiler runsOn(org.libreyolo.profile.produce.DeployedModel model);

  /**
   * A handle for the step {@code name} of this test, with its own profile and baseline ({@code
   * <class>.<method>.<name>.json}): a test may measure several steps, each once, e.g. {@code
   * profiler.step("decode").measure(...); profiler.step("resize").measure(...)}. Names are letters,
   * digits, {@code _} and {@code -}.
   *
   * @param name the step's name: letters, digits, {@code _} and {@code -}
   * @return a handle for that step
   */
  StepProfiler step(String name);

  /**
   * Measures a one-phase step: the phase is named after the step.
   *
   * @param step the step, run once per iteration
   * @return what was measured
   */
  StepResult measure(Executable step);

  /**
   * Measures a one-phase step that returns a value (consumed every iteration).
   *
   * @param step the step, run once per iteration
   * @return what was measured
   */
  <T> StepResult measure(ThrowingSupplier<T> step);

  /**
   * Measures a one-phase step under the given phase name, e.g. {@code measure("forward", () ->
   * ...)}.
   *
   * @param phase the phase's name
   * @param step the step, run once per iteration
   * @return what was measured
   */
  StepResult measure(String phase, Executable step);

  /**
   * The same for a step that returns a value.
   *
   * @param phase the phase's name
   * @param step the step, run once per iteration
   * @return what was measured
   */
  <T> StepResult measure(String phase, ThrowingSupplier<T> step);

  /**
   * Measures a step made of named phases: {@code it -> { var x = it.phase("pre", () -> pre());
   * it.phase("forward", () -> forward(x)); }}.
   *
   * @param step the step, run once per iteration
   * @return what was measured
   */
  StepResult measure(PhasedStep step);

  /**
   * Measures a step made of named phases that returns a value (consumed every iteration, so the JIT
   * cannot drop the work that made it): {@code it -> { var x = it.phase("pre", () -> pre()); return
   * it.phase("forward", () -> forward(x)); }}.
   *
   * @param step the step, run once per iteration
   * @return what was measured
   */
  <T> StepResult measure(PhasedFunction<T> step);

  /**
   * Measures {@code step} on a fresh value each iteration: {@code setup} runs before the clock
   * starts and is not timed (JMH's {@code Level.Invocation}), e.g. a new input or a reset state.
   *
   * @param setup makes a fresh input per iteration, before the clock starts
   * @param step the step on that input, timed
   * @return what was measured
   */
  <I> StepResult measure(ThrowingSupplier<I> setup, ThrowingConsumer<I> step);

  /**
   * The same with a per-iteration teardown after the clock stops (close what setup opened), not
   * timed.
   *
   * @param setup makes a fresh input per iteration, before the clock starts
   * @param step the step on that input, timed
   * @param teardown closes what setup made, after the clock stops
   * @return what was measured
   */
  <I> StepResult measure(
      ThrowingSupplier<I> setup, ThrowingConsumer<I> step, ThrowingConsumer<I> teardown);

  /**
   * Measures a DJL {@link Predictor}, any model a user loads: one {@code predict} per iteration on
   * {@code input.get()} (made before the clock starts). DJL's own metrics of each call become the
   * phases {@code preprocess}, {@code inference} and {@code postprocess} (its translator's input
   * processing, the forward, its output processing), so no hand-written split is needed. A {@code
   * TranslateException} fails the test naming the cause. (Not an overload of {@code measure}: a
   * plain-Java test compiles its {@code measure} calls without DJL on its class path.)
   *
   * @param predictor the DJL predictor, called once per iteration
   * @param input makes the next input, before the clock starts
   * @return what was measured
   */
  <I, O> StepResult predict(Predictor<I, O> predictor, ThrowingSupplier<I> input);

  /**
   * In-job A/B: {@code control} and {@code candidate} in this process, in alternating blocks
   * (docs/statistics.md, "In-job A/B"). Fails the test with an {@link AssertionError} when the
   * candidate is significantly slower, by at least the threshold ({@code
   * libreyolo.profile.abMaxRegression}, default 2%); writes {@code ab-<name>.json} beside the
   * profile. Pairs and block length: {@code libreyolo.profile.pairs}, {@code blockRuns}.
   *
   * @param name the comparison's name (its file: {@code ab-<name>.json})
   * @param control the control arm
   * @param candidate the candidate arm
   * @return the paired-blocks verdict
   */
  PairedBlocks compare(String name, Executable control, Executable candidate);

  /** The body of one iteration that returns a value. */
  @FunctionalInterface
  interface PhasedFunction<T> {
    /**
     * One iteration.
     *
     * @param phases the iteration's clock
     * @return a value the profiler consumes
     * @throws Throwable any failure ends the measurement
     */
    T apply(Phases phases) throws Throwable;
  }

  /**
   * The body of one iteration. A {@link PhasedFunction} of nothing, so that {@code measure(it ->
   * it.phase(...))} resolves to this form while a block that returns a value takes the other.
   */
  @FunctionalInterface
  interface PhasedStep extends PhasedFunction<Void> {
    /**
     * One iteration.
     *
     * @param phases the iteration's clock
     * @throws Throwable any failure ends the measurement
     */
    void run(Phases phases) throws Throwable;

    @Override
    default Void apply(Phases phases) throws Throwable {
      run(phases);
      return null;
    }
  }

  /**
   * Times named phases inside one iteration. A phase that throws ends the measurement; the test
   * fails naming the phase and the cause.
   */
  interface Phases {
    /**
     * Runs and times {@code body} as the phase {@code name}.
     *
     * @param name the phase's name, as {@code stages_ms} will call it
     * @param body the phase's work
     */
    void phase(String name, Executable body);

    /**
     * Runs and times {@code body} as the phase {@code name} and returns its value.
     *
     * @param name the phase's name, as {@code stages_ms} will call it
     * @param body the phase's work
     * @return the body's value (consumed by the profiler too)
     */
    <T> T phase(String name, ThrowingSupplier<T> body);

    /**
     * Phase times of the current iteration so far (ms).
     *
     * @return phase name to milliseconds
     */
    Map<String, Double> current();
  }
}
