package demo;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class WorkPerfTest {
  static final byte[] DATA = new byte[4096];

  static {
    Arrays.fill(DATA, (byte) 7);
  }

  @Test
  @ProfiledStep(runs = 60, warmup = 20)
  void crunch(StepProfiler profiler) {
    profiler.measure(() -> Work.crunch(DATA));
  }

  @Test
  @ProfiledStep(runs = 60, warmup = 20)
  void parse(StepProfiler profiler) {
    profiler.measure(() -> Work.parse(DATA));
  }
}
