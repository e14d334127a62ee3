package demo;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

class OrdersPerfTest {
  @Test
  @ProfiledStep(runs = 30, warmup = 10)
  void roundTrip(StepProfiler profiler) {
    // each side runs with the Jackson its own version was built with (verify.groovy reads this)
    System.out.println("jackson " + Orders.jackson());
    profiler.measure(() -> Orders.roundTrip(200));
  }
}
