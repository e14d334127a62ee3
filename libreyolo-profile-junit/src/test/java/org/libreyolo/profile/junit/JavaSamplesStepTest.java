package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.libreyolo.profile.internal.report.TextReport;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;

/**
 * A phased JUnit perf test whose "post" phase loops in one method: the Java samples name that
 * method as the phase's hottest in profile.json, in the summary and on the trace's Java track
 * (docs/measurement.md, "Java samples").
 */
class JavaSamplesStepTest {
  @TempDir Path dir;

  static volatile long sink;

  @ProfiledStep(warmup = 5, runs = 120, trace = true)
  static class Boxes {
    @Test
    void detect(StepProfiler profiler) {
      profiler.measure(
          it -> {
            it.phase("decode", () -> sink = decode());
            it.phase("post", () -> sink = quadraticSuppress(2500));
          });
    }
  }

  static long decode() {
    long x = 0;
    for (int i = 0; i < 2_000; i++) {
      x += Integer.parseInt(Integer.toString(i));
    }
    return x;
  }

  /** Every pair of boxes compared: the "post" phase's one hot method. */
  static long quadraticSuppress(int boxes) {
    long kept = 0;
    for (int i = 0; i < boxes; i++) {
      for (int j = 0; j < boxes; j++) {
        kept += ((i * 31L + j * 17L) % 7 == 0) ? 1 : 0;
      }
    }
    return kept;
  }

  @Test
  void thePostPhasesLoopingMethodHoldsItsSamplesInTheProfileTheSummaryAndTheTrace()
      throws Exception {
    EngineTestKit.engine("junit-jupiter")
        .configurationParameter("libreyolo.profile.outputDirectory", dir.toString())
        .selectors(selectClass(Boxes.class))
        .execute()
        .testEvents()
        .assertStatistics(s -> s.succeeded(1));
    Path out = dir.resolve(Boxes.class.getName()).resolve("detect");
    Profile p =
        new Profile(
            (com.fasterxml.jackson.databind.node.ObjectNode) read(out.resolve("profile.json")));
    String method = JavaSamplesStepTest.class.getName() + ".quadraticSuppress";
    JsonNode post = p.json().path("java_samples").path("phases").path("post");
    assertThat(post.path("self").get(0).path("method").asText())
        .as(post.toString())
        .isEqualTo(method);
    // the extension's wrappers between the loop and the test (registered as the harness) are no
    // frame of any sample: the methods on the stack are the test's and the JDK's
    for (JsonNode row : post.path("total")) {
      assertThat(row.path("method").asText())
          .doesNotStartWith(MeasuringStepProfiler.class.getName())
          .doesNotStartWith(StepBody.class.getName())
          .doesNotStartWith(ClockPhases.class.getName())
          .doesNotStartWith("org.libreyolo.profile.produce.CustomStepProfiler");
    }
    double share = post.path("self").get(0).path("share").asDouble();
    System.out.println(
        "[JavaSamplesStepTest] post: "
            + method
            + " holds "
            + share
            + " of "
            + post.path("samples").asInt()
            + " samples");
    assertThat(share).as("the target: >= 80% of the phase's samples").isGreaterThanOrEqualTo(0.8);
    assertThat(String.join("\n", TextReport.summary(p))).contains("post", method);
    boolean onTrack = false;
    for (JsonNode e : read(out.resolve("profile_trace.json")).path("traceEvents")) {
      onTrack |=
          "java_sample".equals(e.path("cat").asText()) && method.equals(e.path("name").asText());
    }
    assertThat(onTrack).as("a slice of it on the trace's Java track").isTrue();
  }

  private static JsonNode read(Path file) throws java.io.IOException {
    return Json.MAPPER.readTree(file.toFile());
  }
}
