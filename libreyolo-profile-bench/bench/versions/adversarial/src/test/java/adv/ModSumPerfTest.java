package adv;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class ModSumPerfTest {
  @Test
  @ProfiledStep(runs = 30, warmup = 10)
  void modSum(StepProfiler profiler) {
    profiler.measure(() -> Steps.modSum());
  }
}
