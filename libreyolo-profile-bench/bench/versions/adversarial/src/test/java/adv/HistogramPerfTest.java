package adv;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class HistogramPerfTest {
  @Test
  @ProfiledStep(runs = 30, warmup = 10)
  void histogram(StepProfiler profiler) {
    profiler.measure(() -> Steps.histogram());
  }
}
