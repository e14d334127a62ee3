package bump;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class TokensPerfTest {
  @Test
  @ProfiledStep(runs = 30, warmup = 10)
  void make(StepProfiler profiler) {
    profiler.measure(() -> Tokens.make(200));
  }
}
