package demo.app;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class ServicePerfTest {
  @Test
  @ProfiledStep(runs = 30, warmup = 10)
  void handle(StepProfiler profiler) {
    profiler.measure(() -> Service.handle());
  }
}
