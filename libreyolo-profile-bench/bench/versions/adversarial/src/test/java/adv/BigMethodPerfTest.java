package adv;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class BigMethodPerfTest {
  @Test
  @ProfiledStep(runs = 30, warmup = 10)
  void bigMethod(StepProfiler profiler) {
    profiler.measure(() -> Steps.bigMethod());
  }
}
