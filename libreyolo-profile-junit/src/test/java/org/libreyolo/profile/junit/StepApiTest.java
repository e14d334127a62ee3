package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import ai.djl.Model;
import ai.djl.inference.Predictor;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.core.Linear;
import ai.djl.translate.Translator;
import ai.djl.translate.TranslatorContext;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.result.Json;

/**
 * The handle's API as a test author meets it: values out of phases, checked exceptions, typed
 * results, traps.
 */
class StepApiTest {
  @TempDir Path dir;
  static StepResult last;

  @ProfiledStep(warmup = 1, runs = 15, unit = "images", threads = 1)
  static class ValuesOutOfPhases {
    @Test
    void step(StepProfiler profiler) {
      last =
          profiler.measure(
              it -> {
                int[] input = it.phase("preprocess", () -> new int[] {1, 2, 3});
                Thread.sleep(1); // a checked exception needs no wrapping in the step
                long sum =
                    it.phase(
                        "forward",
                        () -> {
                          LockSupport.parkNanos(200_000);
                          return (long) input[0] + input[1] + input[2];
                        });
                it.phase("postprocess", () -> assertThat(sum).isEqualTo(6));
              });
    }
  }

  /** The step's own value: {@code it -> { ...; return value; }} compiles and is consumed. */
  @ProfiledStep(warmup = 0, runs = 4)
  static class ValueOfTheStep {
    @Test
    void step(StepProfiler profiler) {
      last =
          profiler.measure(
              it -> {
                var a = it.phase("make", () -> new long[] {1, 2, 3});
                return it.phase("sum", () -> a[0] + a[1] + a[2]);
              });
    }
  }

  @ProfiledStep(warmup = 0, runs = 4)
  static class CheckedExceptionInAPhase {
    @Test
    void step(StepProfiler profiler) {
      profiler.measure(
          it ->
              it.phase(
                  "read",
                  () -> {
                    throw new IOException("disk gone");
                  }));
    }
  }

  @ProfiledStep(warmup = 0, runs = 4)
  static class NeverMeasures {
    @Test
    void forgot(StepProfiler profiler) {
      assertThat(profiler).isNotNull(); // holds the handle, measures nothing
    }
  }

  static class NoProfilerParameter {
    @Test
    @ProfiledStep
    void noHandle() {}
  }

  @ProfiledStep(warmup = 0, runs = 4)
  static class MeasuresTwice {
    @Test
    void twice(StepProfiler profiler) {
      profiler.measure(() -> LockSupport.parkNanos(100_000));
      profiler.measure(() -> LockSupport.parkNanos(100_000));
    }
  }

  @ProfiledStep(warmup = 0, runs = 15) // 3 blocks: a baseline the gate can judge
  static class Invocations {
    @ParameterizedTest(name = "size={0}")
    @ValueSource(ints = {1, 2})
    void step(int size, StepProfiler profiler) {
      profiler.measure(() -> LockSupport.parkNanos(size * 10_000L));
    }
  }

  @Test
  void aStepThatReturnsItsValueIsMeasuredPhaseByPhase() {
    run(ValueOfTheStep.class, "libreyolo.profile.updateBaseline", "false")
        .assertStatistics(s -> s.succeeded(1));
    assertThat(last.phaseMeansMs()).containsOnlyKeys("make", "sum");
  }

  /**
   * Each invocation of a parameterized test gets its own profile and baseline, under the fully
   * qualified class.
   */
  @Test
  void invocationsAndClassesNeverShareFiles() {
    run(Invocations.class, "libreyolo.profile.updateBaseline", "true")
        .assertStatistics(s -> s.succeeded(2));
    String type = Invocations.class.getName();
    assertThat(dir.resolve("out/" + type + "/step[size=1]/profile.json")).isRegularFile();
    assertThat(dir.resolve("out/" + type + "/step[size=2]/profile.json")).isRegularFile();
    assertThat(dir.resolve("none/" + type + ".step[size=1].json")).isRegularFile();
    assertThat(dir.resolve("none/" + type + ".step[size=2].json")).isRegularFile();
  }

  /** A user's own DJL model: a Linear layer behind a Translator, as any DJL application has. */
  static class TinyModel implements AutoCloseable {
    final Model model = Model.newInstance("tiny");
    final boolean failing;

    TinyModel(boolean failing) {
      this.failing = failing;
      Linear linear = Linear.builder().setUnits(16).build();
      linear.initialize(model.getNDManager(), DataType.FLOAT32, new Shape(1, 64));
      model.setBlock(linear);
    }

    Predictor<float[], float[]> predictor() {
      return model.newPredictor(
          new Translator<float[], float[]>() {
            @Override
            public NDList processInput(TranslatorContext ctx, float[] input) throws IOException {
              if (failing) {
                throw new IOException("input file vanished");
              }
              return new NDList(ctx.getNDManager().create(input, new Shape(1, 64)));
            }

            @Override
            public float[] processOutput(TranslatorContext ctx, NDList list) {
              return list.singletonOrThrow().toFloatArray();
            }
          });
    }

    @Override
    public void close() {
      model.close();
    }
  }

  @ProfiledStep(warmup = 2, runs = 15)
  static class PredictorStep {
    @Test
    void predict(StepProfiler profiler) {
      try (TinyModel tiny = new TinyModel(false);
          Predictor<float[], float[]> predictor = tiny.predictor()) {
        last = profiler.model(tiny.model.getBlock()).predict(predictor, () -> new float[64]);
      }
    }
  }

  @ProfiledStep(warmup = 0, runs = 4)
  static class FailingPredictor {
    @Test
    void predict(StepProfiler profiler) {
      try (TinyModel tiny = new TinyModel(true);
          Predictor<float[], float[]> predictor = tiny.predictor()) {
        profiler.predict(predictor, () -> new float[64]);
      }
    }
  }

  static int teardowns;

  @ProfiledStep(warmup = 1, runs = 15)
  static class SetupOutsideTheClock {
    @Test
    void step(StepProfiler profiler) {
      last =
          profiler.measure(
              () -> {
                LockSupport.parkNanos(10_000_000); // an expensive setup: not in the step's time
                return new int[] {1, 2, 3};
              },
              input -> assertThat(input).hasSize(3),
              input -> {
                LockSupport.parkNanos(10_000_000); // an expensive teardown: not in it either
                teardowns++;
              });
    }
  }

  static boolean fixtureClosed;

  @ProfiledStep(warmup = 1, runs = 15, threads = 1)
  static class SharedModel {
    @RegisterExtension
    static ModelFixture<TinyModel> tiny =
        ModelFixture.<TinyModel>of(
                () ->
                    new TinyModel(false) {
                      @Override
                      public void close() {
                        super.close();
                        fixtureClosed = true;
                      }
                    })
            .threads(1);

    @Test
    void first(StepProfiler profiler) throws Exception {
      try (Predictor<float[], float[]> predictor = tiny.get().predictor()) {
        profiler.predict(predictor, () -> new float[64]);
      }
    }

    @Test
    void second(StepProfiler profiler) throws Exception {
      try (Predictor<float[], float[]> predictor = tiny.get().predictor()) {
        profiler.predict(predictor, () -> new float[64]);
      }
    }
  }

  /**
   * One model for the class: loaded before all tests, closed after them, the engine on the
   * fixture's threads.
   */
  @Test
  void aModelFixtureLoadsOnceAndClosesAfterAllTests() {
    fixtureClosed = false;
    run(SharedModel.class, "libreyolo.profile.warmup", "1").assertStatistics(s -> s.succeeded(2));
    assertThat(fixtureClosed).isTrue();
    assertThat(Engines.threads()).isEqualTo(1);
  }

  /** DJL's own Preprocess / Inference / Postprocess metrics become the phases of any Predictor. */
  @Test
  void aDjlPredictorIsProfiledWithItsOwnStages() {
    run(PredictorStep.class, "libreyolo.profile.warmup", "2").assertStatistics(s -> s.succeeded(1));
    assertThat(last.phaseMeansMs()).containsOnlyKeys("preprocess", "inference", "postprocess");
    assertThat(last.phaseMeansMs().values()).allSatisfy(ms -> assertThat(ms).isPositive());
    // every iteration's total includes its inference phase, so the fastest total is at least the
    // fastest inference (a median against a mean is no such rule: one preempted call moves the
    // mean)
    var samples = last.profile().json().get("samples");
    assertThat(min(samples.get("latency_ms")))
        .isGreaterThanOrEqualTo(min(samples.get("stages_ms").get("inference")));
    assertThat(last.profile().environment().get("model_params").asLong()).isEqualTo(64 * 16 + 16);
    assertThat(failure(run(FailingPredictor.class, "libreyolo.profile.warmup", "0")))
        .startsWith(
            "FailingPredictor.predict: the measured step threw ai.djl.translate.TranslateException")
        .contains("input file vanished");
  }

  @Test
  void perIterationSetupAndTeardownAreNotTimed() {
    teardowns = 0;
    run(SetupOutsideTheClock.class, "libreyolo.profile.warmup", "1")
        .assertStatistics(s -> s.succeeded(1));
    // a 10 ms park cannot take less than 10 ms: one iteration under that proves setup and teardown
    // stayed outside the clock, however busy the machine
    assertThat(min(last.profile().json().get("samples").get("latency_ms")))
        .as("10 ms of setup and teardown per iteration stay outside the clock")
        .isLessThan(10);
    assertThat(teardowns).isGreaterThanOrEqualTo(16); // every iteration, warmup included
  }

  @ProfiledStep(runs = 15, unit = "images")
  static class ClassDefaults {
    @Test
    @ProfiledStep(warmup = 1)
    void step(StepProfiler profiler) {
      profiler.measure(() -> LockSupport.parkNanos(100_000));
    }

    @Nested
    class Inner {
      @Test
      void inner(StepProfiler profiler) {
        profiler.measure(() -> LockSupport.parkNanos(100_000));
      }
    }
  }

  /** Attributes merge one by one, JMH-style: method, class, enclosing class, defaults. */
  @Test
  void classLevelAttributesMergeWithTheMethodsAndReachNestedTests() throws Exception {
    run(ClassDefaults.class, "libreyolo.profile.repeat", "1").assertStatistics(s -> s.succeeded(2));
    JsonNode step =
        Json.MAPPER
            .readTree(
                dir.resolve("out/" + ClassDefaults.class.getName() + "/step/profile.json").toFile())
            .path("config");
    assertThat(step.path("runs").asInt()).isEqualTo(15); // the class's
    assertThat(step.path("warmup").asInt()).isEqualTo(1); // the method's
    JsonNode inner =
        Json.MAPPER
            .readTree(
                dir.resolve("out/" + ClassDefaults.Inner.class.getName() + "/inner/profile.json")
                    .toFile())
            .path("config");
    assertThat(inner.path("runs").asInt()).isEqualTo(15); // the enclosing class's
    assertThat(inner.path("warmup").asInt()).isEqualTo(5); // the default
  }

  @Test
  void valuesComeOutOfPhasesAndTheResultIsTyped() {
    run(ValuesOutOfPhases.class, "libreyolo.profile.runs", "15")
        .assertStatistics(s -> s.succeeded(1));
    assertThat(last.step()).isEqualTo("step");
    assertThat(last.phaseMeansMs()).containsOnlyKeys("preprocess", "forward", "postprocess");
    assertThat(last.p50Ms()).isPositive().isLessThanOrEqualTo(last.p99Ms());
    assertThat(last.throughputUnit()).isEqualTo("images/s");
    assertThat(last.headline()).endsWith(" images/s");
    assertThat(last.verdict()).isNull(); // no baseline yet
    assertThat(last.profileFile()).isRegularFile();
    assertThat(last.reportFile()).isRegularFile();
    // plain JVM code: its fingerprint names no engine threads, whichever test booted the engine
    assertThat(last.profile().environment().get("threads").isNull()).isTrue();
    assertThat(Engines.threads()).isEqualTo(1);
  }

  @Test
  void aCheckedExceptionInAPhaseFailsTheTestNamingThePhaseAndTheCause() {
    String message = failure(run(CheckedExceptionInAPhase.class, "libreyolo.profile.warmup", "0"));
    assertThat(message)
        .isEqualTo(
            "CheckedExceptionInAPhase.step: phase 'read' threw java.io.IOException: disk gone");
  }

  @Test
  void aTestThatNeverMeasuresFails() {
    assertThat(failure(run(NeverMeasures.class, "libreyolo.profile.warmup", "0")))
        .isEqualTo(
            "@ProfiledStep test NeverMeasures.forgot never called measure(...) or compare(...) on its StepProfiler, so"
                + " nothing was measured");
    assertThat(failure(run(NoProfilerParameter.class, "libreyolo.profile.warmup", "0")))
        .startsWith(
            "@ProfiledStep test NoProfilerParameter.noHandle takes no StepProfiler parameter");
  }

  @ProfiledStep(warmup = 0, runs = 15)
  static class TwoNamedSteps {
    @Test
    void pipeline(StepProfiler profiler) {
      profiler.step("decode").measure(() -> LockSupport.parkNanos(100_000));
      profiler.step("resize").measure(() -> LockSupport.parkNanos(200_000));
    }
  }

  @ProfiledStep(warmup = 0, runs = 4)
  static class ReusedName {
    @Test
    void pipeline(StepProfiler profiler) {
      profiler.step("decode").measure(() -> LockSupport.parkNanos(100_000));
      profiler.step("decode").measure(() -> LockSupport.parkNanos(100_000));
    }
  }

  @ProfiledStep(warmup = 0, runs = 4)
  static class BadName {
    @Test
    void pipeline(StepProfiler profiler) {
      profiler.step("de code").measure(() -> LockSupport.parkNanos(100_000));
    }
  }

  /**
   * Each step once per test, each against its own baseline; a name reused or unsafe fails the test.
   */
  @Test
  void namedStepsHaveTheirOwnFilesAndAreMeasuredOnce() {
    run(TwoNamedSteps.class, "libreyolo.profile.updateBaseline", "true")
        .assertStatistics(s -> s.succeeded(1));
    String type = TwoNamedSteps.class.getName();
    assertThat(dir.resolve("out/" + type + "/pipeline.decode/profile.json")).isRegularFile();
    assertThat(dir.resolve("out/" + type + "/pipeline.resize/profile.json")).isRegularFile();
    assertThat(dir.resolve("none/" + type + ".pipeline.decode.json")).isRegularFile();
    assertThat(dir.resolve("none/" + type + ".pipeline.resize.json")).isRegularFile();
    assertThat(failure(run(MeasuresTwice.class, "libreyolo.profile.warmup", "0")))
        .startsWith(
            "MeasuresTwice.twice measures step 'twice' twice: each step is measured once per test");
    assertThat(failure(run(ReusedName.class, "libreyolo.profile.warmup", "0")))
        .startsWith("ReusedName.pipeline.decode measures step 'decode' twice");
    assertThat(failure(run(BadName.class, "libreyolo.profile.warmup", "0")))
        .isEqualTo("step name 'de code' in BadName.pipeline: use letters, digits, '_' or '-'");
  }

  @ProfiledStep(warmup = 1, runs = 15)
  static class Steady {
    @Test
    void step(StepProfiler profiler) {
      profiler.measure(() -> LockSupport.parkNanos(1_000_000));
    }
  }

  /** Teams that want strictness fail on INCONCLUSIVE too; by default it passes. */
  @Test
  void failOnInconclusiveFailsAnUnderpoweredGate() {
    run(Steady.class, "libreyolo.profile.updateBaseline", "true")
        .assertStatistics(s -> s.succeeded(1));
    // two runs of one process cannot resolve 5% against the default process noise: INCONCLUSIVE
    run(Steady.class, "libreyolo.profile.warmup", "1").assertStatistics(s -> s.succeeded(1));
    assertThat(failure(run(Steady.class, "libreyolo.profile.failOnInconclusive", "true")))
        .startsWith(
            "INCONCLUSIVE gate (libreyolo.profile.failOnInconclusive=true) in Steady.step against ");
  }

  /**
   * A baseline of another step is another workload: INCONCLUSIVE, naming what differs, never a
   * timing verdict.
   */
  @Test
  void aBaselineOfAnotherStepIsInconclusive() throws Exception {
    run(Steady.class, "libreyolo.profile.updateBaseline", "true")
        .assertStatistics(s -> s.succeeded(1));
    Path other = dir.resolve("none/" + TwoNamedSteps.class.getName() + ".pipeline.decode.json");
    java.nio.file.Files.copy(dir.resolve("none/" + Steady.class.getName() + ".step.json"), other);
    var results =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter(
                "libreyolo.profile.outputDirectory", dir.resolve("out").toString())
            .configurationParameter(
                "libreyolo.profile.baselineDirectory", dir.resolve("none").toString())
            .selectors(selectClass(TwoNamedSteps.class))
            .execute();
    results.testEvents().assertStatistics(s -> s.succeeded(1));
    assertThat(
            results.allEvents().reportingEntryPublished().stream()
                .flatMap(
                    e ->
                        e
                            .getPayload(org.junit.platform.engine.reporting.ReportEntry.class)
                            .stream())
                .flatMap(r -> r.getKeyValuePairs().values().stream()))
        .anySatisfy(
            line ->
                assertThat(line).contains("TwoNamedSteps.pipeline.decode", "INCONCLUSIVE against"))
        .anySatisfy(line -> assertThat(line).contains("workload differs (", "step step -> decode"));
  }

  @Test
  void skipSkipsPerfTestsAsItSkipsEveryGoal() {
    var results =
        EngineTestKit.engine("junit-jupiter")
            .configurationParameter(
                "libreyolo.profile.outputDirectory", dir.resolve("out").toString())
            .configurationParameter("libreyolo.profile.skip", "true")
            .selectors(selectClass(ValuesOutOfPhases.class))
            .execute();
    results.testEvents().assertStatistics(s -> s.started(0));
    // a class-level @ProfiledStep skips the whole class, with the reason
    assertThat(
            results.containerEvents().skipped().stream()
                .map(e -> e.getPayload(String.class).orElse("")))
        .contains("libreyolo.profile.skip=true: perf tests skipped");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  private Events run(Class<?> type, String key, String value) {
    return TestKitRuns.run(dir, type, key, value);
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

  private static double min(com.fasterxml.jackson.databind.JsonNode values) {
    double min = Double.MAX_VALUE;
    for (var v : values) {
      min = Math.min(min, v.asDouble());
    }
    return min;
  }
}
