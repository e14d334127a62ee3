package adv;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class TextPerfTest {
  @Test
  @ProfiledStep(runs = 30, warmup = 10)
  void text(StepProfiler profiler) {
    profiler.measure(() -> Steps.text());
  }
}
