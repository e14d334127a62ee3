package bump;

import java.util.concurrent.TimeUnit;
import org.apache.commons.lang3.RandomStringUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/** The A/B's step, as JMH measures it (avgt: the mean cost of a call, GC included). */
public class TokensBench {
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  @SuppressWarnings("deprecation")
  public int make() {
    int h = 0;
    for (int i = 0; i < 200; i++) {
      h += RandomStringUtils.randomAlphanumeric(32).hashCode();
    }
    return h;
  }
}
