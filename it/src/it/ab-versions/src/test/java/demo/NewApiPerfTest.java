package demo;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

/** Calls a method 2.0 added: against 1.0 it cannot link, and is INCONCLUSIVE saying so. */
class NewApiPerfTest {
  @Test
  @ProfiledStep(runs = 60, warmup = 20)
  void twice(StepProfiler profiler) {
    profiler.measure(() -> NewApi.twice(WorkPerfTest.DATA));
  }
}
