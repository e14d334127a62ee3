package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.libreyolo.profile.result.Json;

/**
 * A plain-Java perf test with forks: each fork a fresh JVM running the one test through the
 * Platform launcher; the gate judges forks (time) and the allocation counter (bytes per iteration).
 * The work and the allocation are set through system properties, which forks inherit.
 */
class ForkedStepTest {
  @TempDir Path dir;

  /**
   * Spins {@code libreyolo.test.spinMicros} and allocates {@code libreyolo.test.bytes} per
   * iteration.
   */
  @ProfiledStep(forks = 3, warmup = 3, runs = 40)
  static class PlainStep {
    static volatile Object sink;

    @Test
    void work(StepProfiler profiler) {
      long spin = Long.getLong("libreyolo.test.spinMicros", 800) * 1000;
      int bytes = Integer.getInteger("libreyolo.test.bytes", 4096);
      profiler.measure(
          () -> {
            long end = System.nanoTime() + spin;
            while (System.nanoTime() < end) {
              Thread.onSpinWait();
            }
            sink = new byte[bytes];
          });
    }
  }

  @AfterEach
  void clear() {
    System.clearProperty("libreyolo.test.spinMicros");
    System.clearProperty("libreyolo.test.bytes");
  }

  private Events run(boolean record, String forks, String runs) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter("libreyolo.profile.outputDirectory", dir.resolve("out").toString())
        .configurationParameter(
            "libreyolo.profile.baselineDirectory", dir.resolve("baselines").toString())
        .configurationParameter("libreyolo.profile.updateBaseline", Boolean.toString(record))
        .configurationParameter("libreyolo.profile.forks", forks)
        .configurationParameter("libreyolo.profile.runs", runs)
        .selectors(selectClass(PlainStep.class))
        .execute()
        .testEvents();
  }

  /** The forks merge into one profile; the allocation is a counter, whatever the machine does. */
  @Test
  void forksMergeIntoOneProfileAndTwiceTheAllocationIsACounterRegression() throws Exception {
    run(true, "2", "20").assertStatistics(s -> s.succeeded(1));
    Path file = dir.resolve("out/" + PlainStep.class.getName() + "/work/profile.json");
    JsonNode p = Json.MAPPER.readTree(file.toFile());
    assertThat(p.get("samples").get("forks")).hasSize(2);
    // the profile and its summary name the forks they pool
    assertThat(p.get("config").get("forks").asInt()).isEqualTo(2);
    assertThat(
            Json.MAPPER
                .readTree(file.resolveSibling("profile_summary.json").toFile())
                .get("meta")
                .get("forks")
                .asInt())
        .isEqualTo(2);
    assertThat(p.get("samples").get("forks").get(0).get("environment").get("engine").asText())
        .isEqualTo("none (plain JVM code)"); // the JVM canary: no native library needed
    assertThat(p.get("samples").get("blocks").get("canary").asText()).startsWith("jvm ");
    assertThat(p.get("allocation").get("bytes_per_iteration").asLong()).isBetween(4096L, 4608L);

    System.setProperty("libreyolo.test.bytes", "8192");
    String allocates = failure(run(false, "2", "20"));
    assertThat(allocates)
        .contains(
            "performance regression", "allocation: +", "bytes/iteration", "counters: REGRESSION");
  }

  /**
   * A study of the timing gate over forks (mvn verify -Pstudies): an A/A is green and twice the
   * time a REGRESSION on a quiet machine; beside a busy one the gate may say INCONCLUSIVE instead,
   * which is its job, so this is no test for every build.
   */
  @Test
  @Tag("study")
  void aaIsGreenAndTwiceTheTimeIsATimingRegression() throws Exception {
    run(true, "3", "40").assertStatistics(s -> s.succeeded(1));
    run(false, "3", "40")
        .assertStatistics(
            s -> s.succeeded(1)); // A/A: green (PASS or INCONCLUSIVE, never a failure)

    System.setProperty("libreyolo.test.spinMicros", "1600");
    String slower = failure(run(false, "3", "40"));
    assertThat(slower)
        .contains("performance regression", "latency_p50_ms", "REGRESSION", "timing: REGRESSION");
  }

  private static String failure(Events events) {
    events.assertStatistics(s -> s.failed(1));
    return events.failed().stream()
        .findFirst()
        .orElseThrow()
        .getPayload(TestExecutionResult.class)
        .orElseThrow()
        .getThrowable()
        .orElseThrow()
        .getMessage();
  }
}
