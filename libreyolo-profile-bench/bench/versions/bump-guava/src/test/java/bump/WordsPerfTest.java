package bump;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class WordsPerfTest {
  @Test
  @ProfiledStep(runs = 30, warmup = 10)
  void count(StepProfiler profiler) {
    profiler.measure(() -> Words.count(Words.LINES));
  }
}
