package org.libreyolo.profile.junit;

import ai.djl.inference.Predictor;
import ai.djl.metric.Metrics;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.jupiter.api.function.ThrowingSupplier;

/** One iteration as the handle runs it: an untimed setup, the timed step, an untimed teardown. */
interface StepBody {
  default void prepare() throws Throwable {}

  void run(ClockPhases phases) throws Throwable;

  default void finish() throws Throwable {}

  /**
   * A step on a fresh input per iteration: {@code setup} and {@code teardown} outside the clock.
   */
  static <I> StepBody withSetup(
      String phase,
      ThrowingSupplier<I> setup,
      ThrowingConsumer<I> step,
      ThrowingConsumer<I> teardown) {
    return new StepBody() {
      private I next;

      @Override
      public void prepare() throws Throwable {
        next = setup.get();
      }

      @Override
      public void run(ClockPhases phases) throws Throwable {
        phases.phase(phase, () -> step.accept(next));
      }

      @Override
      public void finish() throws Throwable {
        teardown.accept(next);
      }
    };
  }

  /**
   * One DJL {@code predict} per iteration on a fresh input; DJL's own stage metrics of the call
   * become the phases. The caller detaches the metrics afterwards ({@code setMetrics(null)}).
   */
  static <I, O> StepBody predictor(Predictor<I, O> predictor, ThrowingSupplier<I> input) {
    return new StepBody() {
      private I next;
      private Metrics metrics;

      @Override
      public void prepare() throws Throwable {
        next = input.get();
        metrics = new Metrics(); // one call's metrics, set up outside the clock
        predictor.setMetrics(metrics);
      }

      @Override
      public void run(ClockPhases phases) throws Throwable {
        ClockPhases.consume(predictor.predict(next));
        // DJL times each call's stages in microseconds; they become this iteration's phases
        for (String[] stage : DJL_STAGES) {
          phases.add(stage[1], metrics.latestMetric(stage[0]).getValue().doubleValue() / 1000);
        }
      }
    };
  }

  /** DJL's Predictor metric names and the phases they become. */
  String[][] DJL_STAGES = {
    {"Preprocess", "preprocess"}, {"Inference", "inference"}, {"Postprocess", "postprocess"}
  };
}
