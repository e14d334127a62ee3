package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.libreyolo.profile.result.Json;

class ProfileExtensionTest {
  @TempDir Path dir;

  /** How long the fixture step sleeps, in microseconds; set by the outer test. */
  static volatile long stepMicros = 3000;

  @ProfiledStep(warmup = 2, runs = 30)
  static class SleepingStep {
    @Test
    void step(StepProfiler profiler) {
      profiler.measure(() -> LockSupport.parkNanos(stepMicros * 1000));
    }
  }

  @ProfiledStep(warmup = 1, runs = 10)
  static class PhasedSteps {
    @Test
    @ProfiledStep(warmup = 1, runs = 6, trace = true)
    void alpha(StepProfiler profiler) {
      profiler.measure(
          it -> {
            it.phase("preprocess", () -> LockSupport.parkNanos(500_000));
            it.phase("forward", () -> LockSupport.parkNanos(1_000_000));
          });
    }

    @Test
    @ProfiledStep(warmup = 1, runs = 6, trace = true)
    void beta(StepProfiler profiler) {
      profiler.measure("postprocess", () -> LockSupport.parkNanos(800_000));
    }

    @Test
    void unprofiled() {
      assertThat(1 + 1).isEqualTo(2);
    }
  }

  @ProfiledStep(warmup = 2)
  static class AbSteps {
    @Test
    void slowerCandidate(StepProfiler profiler) {
      profiler.compare("parse", () -> work(20_000), () -> work(60_000));
    }
  }

  static volatile long sink;

  /**
   * A fixed amount of arithmetic, not a time: a busy machine stretches both sides' blocks alike, so
   * three times the work stays about three times the time in every pair.
   */
  private static void work(int rounds) {
    long x = sink;
    for (int i = 0; i < rounds; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
      x ^= x >>> 29;
    }
    sink = x;
  }

  static class BadSettings {
    @Test
    @ProfiledStep(runs = 1)
    void tooFewRuns(StepProfiler profiler) {
      profiler.measure(() -> {});
    }

    @Test
    void noAnnotation(StepProfiler profiler) {
      profiler.measure(() -> {});
    }
  }

  @Test
  void badSettingsFailTheTestWithAClearMessage() {
    Events events =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter(
                "libreyolo.profile.outputDirectory", dir.resolve("out").toString())
            .selectors(selectClass(BadSettings.class))
            .execute()
            .testEvents();
    events.assertStatistics(s -> s.failed(2));
    java.util.List<String> messages = new java.util.ArrayList<>();
    events.failed().stream()
        .forEach(
            e ->
                messages.add(
                    e.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                        .orElseThrow()
                        .getThrowable()
                        .orElseThrow()
                        .getMessage()));
    assertThat(messages)
        .anySatisfy(m -> assertThat(m).contains("runs >= 2"))
        .anySatisfy(
            m ->
                assertThat(m)
                    .contains("No ParameterResolver registered")); // no @ProfiledStep: no extension
    Events badParam =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter(
                "libreyolo.profile.outputDirectory", dir.resolve("out").toString())
            .configurationParameter("libreyolo.profile.warmup", "many")
            .selectors(selectClass(SleepingStep.class))
            .execute()
            .testEvents();
    badParam.assertStatistics(s -> s.failed(1));
    assertThat(
            badParam.failed().stream()
                .findFirst()
                .orElseThrow()
                .getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .orElseThrow()
                .getThrowable()
                .orElseThrow()
                .getMessage())
        .contains("libreyolo.profile.warmup='many' is not valid");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void abComparisonFailsAThreefoldSlowerCandidateAndWritesEveryPair() throws Exception {
    Events[] holder = new Events[1];
    String out =
        captured(
            () ->
                holder[0] =
                    EngineTestKit.engine("junit-jupiter")
                        .configurationParameter(
                            "libreyolo.profile.outputDirectory", dir.resolve("out").toString())
                        .configurationParameter("libreyolo.profile.pairs", "20")
                        .configurationParameter("libreyolo.profile.blockRuns", "3")
                        .selectors(selectClass(AbSteps.class))
                        .execute()
                        .testEvents());
    holder[0].assertStatistics(s -> s.failed(1));
    Throwable t =
        holder[0].failed().stream()
            .findFirst()
            .orElseThrow()
            .getPayload(org.junit.platform.engine.TestExecutionResult.class)
            .orElseThrow()
            .getThrowable()
            .orElseThrow();
    assertThat(t).isInstanceOf(AssertionError.class);
    assertThat(t.getMessage())
        .contains("performance regression in AbSteps.slowerCandidate (A/B parse): change +");
    assertThat(out)
        .contains("[libreyolo-profile] AbSteps.slowerCandidate: A/B parse: change +", "REGRESSION");
    JsonNode ab =
        Json.MAPPER.readTree(
            dir.resolve("out/" + AbSteps.class.getName() + "/slowerCandidate/ab-parse.json")
                .toFile());
    // three times the work stops the A/B at its first look of 4 (6 of the 20 pairs)
    assertThat(ab.get("looks").get("stopped_at").asInt()).isEqualTo(1);
    assertThat(ab.get("pairs")).hasSize(6);
    assertThat(out).contains("stopped at look 1 of 4: decided after 6 of 20 pairs");
    // three times the work is +200%; the bounds only say "far above the 2% threshold, and not
    // absurd": a block stretched by a busy neighbour moves one pair, the pairs' trimmed mean holds
    assertThat(ab.get("change").asDouble()).isBetween(0.5, 10.0);
    assertThat(ab.get("config").get("step").asText()).isEqualTo("parse");
  }

  private Events run(Class<?> type, boolean updateBaseline, boolean parallel) {
    return run(type, updateBaseline, parallel, java.util.Map.of());
  }

  private Events run(
      Class<?> type, boolean updateBaseline, boolean parallel, java.util.Map<String, String> more) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameters(more)
        .configurationParameter("libreyolo.profile.outputDirectory", dir.resolve("out").toString())
        .configurationParameter(
            "libreyolo.profile.baselineDirectory", dir.resolve("baselines").toString())
        .configurationParameter(
            "libreyolo.profile.updateBaseline", Boolean.toString(updateBaseline))
        .configurationParameter(
            "junit.jupiter.execution.parallel.enabled", Boolean.toString(parallel))
        .configurationParameter("junit.jupiter.execution.parallel.mode.default", "concurrent")
        .selectors(selectClass(type))
        .execute()
        .testEvents();
  }

  private static String captured(Runnable body) {
    PrintStream old = System.out;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    System.setOut(new PrintStream(buffer, true));
    try {
      body.run();
    } finally {
      System.setOut(old);
    }
    return buffer.toString();
  }

  @Test
  void passingStepWritesItsProfileAndSaysHowToRecordABaseline() throws Exception {
    stepMicros = 3000;
    String out =
        captured(
            () ->
                run(SleepingStep.class, false, false)
                    .assertStatistics(s -> s.started(1).succeeded(1)));
    assertThat(out)
        .contains(
            "[libreyolo-profile] SleepingStep.step: p50 ",
            "no baseline at",
            "-Dlibreyolo.profile.updateBaseline=true");
    Path profile = dir.resolve("out/" + SleepingStep.class.getName() + "/step/profile.json");
    JsonNode p = Json.MAPPER.readTree(profile.toFile());
    assertThat(p.get("samples").get("latency_ms")).hasSize(30);
    // a 3 ms park takes at least 3 ms; the upper bound only says milliseconds, not microseconds or
    // seconds, whatever the machine's load
    assertThat(p.get("latency").get("p50_ms").asDouble()).isBetween(2.5, 1000.0);
    // plain Java code, no model named: the trace-less profile says CPU and no model parameters
    assertThat(p.get("device").asText()).isEqualTo("cpu");
    assertThat(p.get("environment").get("model_params").asLong()).isEqualTo(-1);
    // the canary boots the engine for every step: the environment never depends on which test ran
    // first
    assertThat(p.get("environment").get("engine").isNull()).isFalse();
    assertThat(p.get("kernel_source").asText()).isEqualTo("none");
    assertThat(dir.resolve("baselines")).doesNotExist();
  }

  /**
   * The gate's plumbing in the extension, with no timing judgement: the recorded baseline's blocks
   * are rescaled (10x slower, then 10x faster than what this machine measures), so the verdict is
   * decided by construction on any machine, loaded or not. The statistics are GateTest's (seeded).
   */
  @Test
  void aFasterStepPassesAndATenfoldSlowerOneFailsNamingTheChange() throws Exception {
    stepMicros = 2000;
    captured(() -> run(SleepingStep.class, true, false).assertStatistics(s -> s.succeeded(1)));
    Path baseline = dir.resolve("baselines/" + SleepingStep.class.getName() + ".step.json");
    assertThat(baseline).isRegularFile();
    Path recorded = dir.resolve("recorded.json");
    Files.copy(baseline, recorded);

    scaleBlocks(recorded, baseline, 10.0);
    String faster =
        captured(() -> run(SleepingStep.class, false, false).assertStatistics(s -> s.succeeded(1)));
    assertThat(faster).contains("; IMPROVED against");
    // the same gate run as Maven's check: one verdict, three files
    Path step = dir.resolve("out/" + SleepingStep.class.getName() + "/step");
    assertThat(step.resolve("check-result.json")).isRegularFile();
    assertThat(step.resolve("check-report.html")).isRegularFile();
    // plain code (no model named): timed as is, the canary only watches the machine
    assertThat(Files.readString(step.resolve("check-summary.md")))
        .contains("not divided by the canary");

    scaleBlocks(recorded, baseline, 0.1);
    Events[] holder = new Events[1];
    captured(() -> holder[0] = run(SleepingStep.class, false, false));
    Events slower = holder[0];
    slower.assertStatistics(s -> s.failed(1));
    String message =
        slower.failed().stream()
            .findFirst()
            .orElseThrow()
            .getPayload(org.junit.platform.engine.TestExecutionResult.class)
            .orElseThrow()
            .getThrowable()
            .orElseThrow()
            .getMessage();
    assertThat(message)
        .contains(
            "performance regression in SleepingStep.step",
            "latency_p50_ms",
            "REGRESSION",
            "99% CI of judged",
            "minimum detectable effect");

    // where the plugin's check measures the baseline's commit again, the test leaves it the timing
    Path commit = dir.resolve("baselines/" + SleepingStep.class.getName() + ".step.commit.json");
    Files.writeString(
        commit,
        "{\"commit\": \"0123456789abcdef0123456789abcdef01234567\", \"changed\": [],"
            + " \"recorded_at\": \"2026-12-07T00:00:00Z\"}");
    String deferred =
        captured(
            () ->
                run(
                        SleepingStep.class,
                        false,
                        false,
                        java.util.Map.of("libreyolo.profile.deferToCheck", "true"))
                    .assertStatistics(s -> s.succeeded(1)));
    assertThat(deferred)
        .contains(
            "REGRESSION against the stored numbers is not this test's to fail"
                + " (libreyolo.profile.deferToCheck=true): the check goal measures the baseline's"
                + " commit 0123456789ab again beside this build and decides");
  }

  /**
   * Writes {@code from} to {@code to} with every timing block's step time multiplied by {@code
   * factor}.
   */
  private static void scaleBlocks(Path from, Path to, double factor) throws java.io.IOException {
    com.fasterxml.jackson.databind.node.ObjectNode p =
        (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(from.toFile());
    com.fasterxml.jackson.databind.node.ArrayNode steps =
        (com.fasterxml.jackson.databind.node.ArrayNode)
            p.get("samples").get("blocks").get("step_ms");
    for (int i = 0; i < steps.size(); i++) {
      steps.set(i, steps.get(i).asDouble() * factor);
    }
    Files.writeString(to, Json.indented(p));
  }

  @Test
  void parallelExecutionKeepsProfiledSectionsAndTracesSeparate() throws Exception {
    captured(() -> run(PhasedSteps.class, false, true).assertStatistics(s -> s.succeeded(3)));
    JsonNode alpha =
        Json.MAPPER.readTree(
            dir.resolve("out/" + PhasedSteps.class.getName() + "/alpha/profile_trace.json")
                .toFile());
    JsonNode beta =
        Json.MAPPER.readTree(
            dir.resolve("out/" + PhasedSteps.class.getName() + "/beta/profile_trace.json")
                .toFile());
    assertThat(names(alpha))
        .contains("step/preprocess", "step/forward")
        .doesNotContain("step/postprocess");
    assertThat(names(beta)).contains("step/postprocess").doesNotContain("step/forward");
    JsonNode profile =
        Json.MAPPER.readTree(
            dir.resolve("out/" + PhasedSteps.class.getName() + "/alpha/profile.json").toFile());
    assertThat(profile.get("stages_ms").has("preprocess")).isTrue();
    assertThat(profile.get("samples").get("stages_ms").get("forward")).hasSize(6);
    assertThat(Files.exists(dir.resolve("out/" + PhasedSteps.class.getName() + "/unprofiled")))
        .isFalse();
  }

  private static java.util.Set<String> names(JsonNode trace) {
    java.util.Set<String> names = new java.util.HashSet<>();
    trace.get("traceEvents").forEach(e -> names.add(e.get("name").asText()));
    return names;
  }
}
