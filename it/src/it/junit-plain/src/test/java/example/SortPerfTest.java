package example;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

/** Plain Java, no model and no native library: the step is whatever the lambda does. */
class SortPerfTest {
  @Test
  @ProfiledStep(warmup = 50, runs = 20, threads = 1)
  void sort(StepProfiler step) {
    int[] data = new SplittableRandom(7).ints(20_000).toArray();
    step.measure("sort", () -> {
      int[] copy = data.clone();
      Arrays.sort(copy);
      return copy[copy.length / 2]; // returned, so the JIT cannot drop the work
    });
  }
}
