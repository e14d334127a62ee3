package adv;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class SortedPerfTest {
  @Test
  @ProfiledStep(runs = 30, warmup = 10)
  void sorted(StepProfiler profiler) {
    profiler.measure(() -> Steps.sorted());
  }
}
