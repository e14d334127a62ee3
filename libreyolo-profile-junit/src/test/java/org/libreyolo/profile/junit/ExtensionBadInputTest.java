package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.Events;

/**
 * The JUnit surface of the bad-input matrix: every bad setting or file fails the profiled test with
 * one line that names the problem, and leaves no output behind.
 */
class ExtensionBadInputTest {
  @TempDir Path dir;

  @ProfiledStep(warmup = 0, runs = 3)
  static class QuickStep {
    @Test
    void step(StepProfiler profiler) {
      profiler.measure(() -> Math.sqrt(System.nanoTime()));
    }
  }

  /** A ModelFixture whose model file is not where the criteria say. */
  static class MissingModel {
    @org.junit.jupiter.api.extension.RegisterExtension
    static ModelFixture<
            ai.djl.repository.zoo.ZooModel<ai.djl.ndarray.NDList, ai.djl.ndarray.NDList>>
        model =
            ModelFixture.of(
                    () ->
                        ai.djl.repository.zoo.Criteria.builder()
                            .setTypes(ai.djl.ndarray.NDList.class, ai.djl.ndarray.NDList.class)
                            .optModelPath(Path.of("src/test/resources/no-such-model.torchscript"))
                            .optEngine("PyTorch")
                            .build()
                            .loadModel())
                .threads(1);

    @Test
    @ProfiledStep(warmup = 0, runs = 3)
    void step(StepProfiler profiler) {
      profiler.measure(() -> model.get());
    }
  }

  @Test
  void aModelThatIsNotThereNamesWhereItWasLookedFor() {
    Events events =
        execute(MissingModel.class, dir.resolve("out").toString())
            .containerEvents(); // beforeAll fails the class
    Throwable t = firstFailure(events);
    assertThat(t.getMessage())
        .startsWith("MissingModel: the ModelFixture's model did not load: ")
        .contains("a relative model path resolves against " + Path.of("").toAbsolutePath());
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      warmup         | many  | libreyolo.profile.warmup='many' is not valid
      warmup         | -1    | warmup >= 0
      runs           | 1     | runs >= 2
      runs           | 0     | QuickStep.step: @ProfiledStep: a profiled step needs warmup >= 0, runs >= 2
      forks          | 0     | QuickStep.step: @ProfiledStep: forks must be within 1..100, got 0
      runs           | 2.5   | libreyolo.profile.runs='2.5' is not valid
      repeat         | 0     | repeat >= 1
      maxRegression  | -0.1  | @ProfiledStep: maxRegression must be a fraction (0.05 = 5%) within (0, 1), got -0.1
      maxRegression  | NaN   | @ProfiledStep: maxRegression must be a fraction (0.05 = 5%) within (0, 1), got NaN
      maxRegression  | 5     | maxRegression must be a fraction (0.05 = 5%) within (0, 1), got 5: 5 means 500%: did you mean 0.05?
      abMaxRegression | 2    | abMaxRegression must be a fraction (0.05 = 5%) within (0, 1), got 2: 2 means 200%: did you mean 0.02?
      abAlpha        | 1     | abAlpha must be a significance level within (0, 1), got 1: 1 means 100%: did you mean 0.01?
      abMaxRegression | -0.5 | abMaxRegression must be a fraction (0.05 = 5%) within (0, 1), got -0.5
      abAlpha        | NaN   | abAlpha must be a significance level within (0, 1), got NaN
      maxRegression  | five  | libreyolo.profile.maxRegression='five' is not valid
      alpha          | 0     | @ProfiledStep: alpha must be a significance level within (0, 1), got 0
      alpha          | 5     | @ProfiledStep: alpha must be a significance level within (0, 1), got 5: 5 means 500%: did you mean 0.05?
      trace          | maybe | libreyolo.profile.trace='maybe' is not valid: must be true or false
      updateBaseline | maybe | libreyolo.profile.updateBaseline='maybe' is not valid: must be true or false
      history        | jdbc:foo:bar | history must be a JDBC URL jdbc:sqlite:FILE or jdbc:postgresql://HOST:PORT/DB, got 'jdbc:foo:bar'
      """)
  void badConfigurationParameterFailsWithOneLine(String name, String value, String expected) {
    Events events = run(QuickStep.class, "libreyolo.profile." + name, value);
    Throwable t = assertFailedWith(events, expected);
    assertThat(t.getStackTrace()).as("a setting's error has no stack trace to print").isEmpty();
    assertThat(t.getCause()).isNull();
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void aBaselineTheGateCouldNeverJudgeIsRefusedBeforeAnythingIsRecorded() {
    Events events =
        quickStep(
                java.util.Map.of(
                    "baselineDirectory",
                    dir.resolve("baselines").toString(),
                    "updateBaseline",
                    "true"))
            .testEvents();
    Throwable t =
        assertFailedWith(
            events,
            "QuickStep.step: @ProfiledStep: runs 3 gives 0 timing blocks of 5 runs,"
                + " the gate needs at least 3: a baseline recorded so could never be judged; set runs >= 15 (or forks >= 2)");
    assertThat(t.getStackTrace()).isEmpty();
    assertThat(dir.resolve("baselines")).doesNotExist();
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void anUnreachableHistoryFailsWithOneLine() {
    Throwable t =
        assertFailedWith(
            run(
                QuickStep.class,
                "libreyolo.profile.history",
                "jdbc:postgresql://127.0.0.1:1/none?connectTimeout=2"),
            "cannot reach the history database at 127.0.0.1:1");
    assertThat(t.getMessage()).startsWith("ExtensionBadInputTest.QuickStep.step: cannot reach");
    assertThat(t.getStackTrace()).isEmpty();
    assertThat(t.getCause()).isNull();
  }

  @ParameterizedTest(name = "baseline: {0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      not json    | {"schema":
      wrong kind  | [1, 2, 3]
      truncated   | {"schema": "libreyolo.profile.analysis/v1", "step_ms": 1.5, "samples": {
      """)
  void unreadableBaselineFailsWithOneLine(String label, String content) throws Exception {
    Path baseline = dir.resolve("baselines/" + QuickStep.class.getName() + ".step.json");
    Files.createDirectories(baseline.getParent());
    Files.writeString(baseline, content);
    assertFailedWith(
        run(
            QuickStep.class,
            "libreyolo.profile.baselineDirectory",
            dir.resolve("baselines").toString()),
        QuickStep.class.getName() + ".step.json");
    Throwable t =
        assertFailedWith(
            run(
                QuickStep.class,
                "libreyolo.profile.baselineDirectory",
                dir.resolve("baselines").toString()),
            "record one with -Dlibreyolo.profile.updateBaseline=true");
    assertThat(t.getMessage()).doesNotContain("REDACTED", "StreamReadFeature");
    assertThat(t.getStackTrace()).as("one line, no stack trace").isEmpty();
    assertThat(t.getCause()).isNull();
    assertThat(Files.readString(baseline)).as("the baseline is left as it was").isEqualTo(content);
    assertThat(dir.resolve("out")).as("refused before measuring").doesNotExist();
  }

  @ParameterizedTest(name = "baseline file: {0}")
  @CsvSource({"empty, ''", "png, PNG"})
  void anEmptyOrBinaryBaselineIsRefusedBeforeMeasuring(String label, String kind) throws Exception {
    Path baseline = dir.resolve("baselines/" + QuickStep.class.getName() + ".step.json");
    Files.createDirectories(baseline.getParent());
    Files.write(
        baseline,
        kind.isEmpty() ? new byte[0] : new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0});
    Throwable t =
        assertFailedWith(
            run(
                QuickStep.class,
                "libreyolo.profile.baselineDirectory",
                dir.resolve("baselines").toString()),
            QuickStep.class.getName() + ".step.json");
    assertThat(t.getStackTrace()).isEmpty();
    assertThat(dir.resolve("out")).as("refused before measuring").doesNotExist();
  }

  @Test
  void aBaselineThatCannotBeWrittenIsRefusedBeforeMeasuring() {
    Events events =
        quickStep(
                java.util.Map.of(
                    "baselineDirectory", "/proc/nope", "updateBaseline", "true", "runs", "15"))
            .testEvents();
    Throwable t = assertFailedWith(events, "cannot write under baseline /proc/nope");
    assertThat(t.getStackTrace()).isEmpty();
    assertThat(dir.resolve("out")).as("refused before measuring").doesNotExist();
  }

  @Test
  void aSkipThatIsNeitherTrueNorFalseIsOneLine() {
    Events events = quickStep(java.util.Map.of("skip", "maybe")).allEvents();
    Throwable t = firstFailure(events); // the class's condition: it fails before any test runs
    assertThat(t.getMessage())
        .isEqualTo(
            "configuration parameter libreyolo.profile.skip must be true or false, got 'maybe'");
    assertThat(t.getStackTrace()).isEmpty();
    assertThat(dir.resolve("out")).doesNotExist();
  }

  static class NegativeRuns {
    @Test
    @ProfiledStep(warmup = 0, runs = -1)
    void step(StepProfiler profiler) {
      profiler.measure(() -> Math.sqrt(System.nanoTime()));
    }
  }

  static class TooManyThreads {
    @Test
    @ProfiledStep(warmup = 0, runs = 3, threads = 1000)
    void step(StepProfiler profiler) {
      profiler.measure(() -> Math.sqrt(System.nanoTime()));
    }
  }

  static class EmptyPhase {
    @Test
    @ProfiledStep(warmup = 0, runs = 3)
    void step(StepProfiler profiler) {
      profiler.measure(
          it -> {
            it.phase("", () -> LockSupport.parkNanos(1000));
          });
    }
  }

  static class NullStep {
    @Test
    @ProfiledStep(warmup = 0, runs = 3)
    void step(StepProfiler profiler) {
      profiler.measure("s", (org.junit.jupiter.api.function.Executable) null);
    }
  }

  static class NullCandidate {
    @Test
    @ProfiledStep(warmup = 0, runs = 3)
    void step(StepProfiler profiler) {
      profiler.compare("cmp", () -> Math.sqrt(System.nanoTime()), null);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      NegativeRuns   | runs >= 2
      TooManyThreads | threads must be within 0..
      EmptyPhase     | phase(name, body): the phase name is empty
      NullStep       | measure("s", step): the step is null
      NullCandidate  | compare("cmp", control, candidate): the candidate is null
      """)
  void anAnnotationOrCallTheStepCannotUseIsOneLine(String type, String expected) throws Exception {
    Class<?> c = Class.forName(ExtensionBadInputTest.class.getName() + "$" + type);
    Throwable t =
        assertFailedWith(execute(c, dir.resolve("out").toString()).testEvents(), expected);
    assertThat(t.getStackTrace()).isEmpty();
  }

  @Test
  void anUnwritableOutputDirectoryFailsBeforeMeasuringWithOneLine() {
    Events events = execute(QuickStep.class, "/proc/libreyolo-nope").testEvents();
    Throwable t = assertFailedWith(events, "QuickStep.step: cannot write under outputDirectory");
    assertThat(t.getStackTrace()).isEmpty();
  }

  /** A model built in a static field, on a class path without the native library. */
  static class NoNative {
    static final Object MODEL = NoNativeModel.load();

    @Test
    @ProfiledStep(warmup = 0, runs = 3)
    void step(StepProfiler profiler) {
      profiler.measure(MODEL::hashCode);
    }
  }

  /** What the engine says without a native library, thrown from a static initialiser. */
  static final class NoNativeModel {
    static Object load() {
      throw org.libreyolo.profile.LibreYoloException.badInput(
          "no PyTorch native library: add ai.djl.pytorch:pytorch-native-cpu");
    }
  }

  @Test
  void aStaticInitialiserThatFindsNoNativeLibraryIsOneLine() {
    Events events = execute(NoNative.class, dir.resolve("out").toString()).allEvents();
    Throwable t = firstFailure(events);
    assertThat(t.getMessage())
        .isEqualTo(
            "NoNative: its static initialiser failed: no PyTorch native library: add"
                + " ai.djl.pytorch:pytorch-native-cpu");
    assertThat(t.getStackTrace()).isEmpty();
    assertThat(t.getCause()).isNull();
  }

  @Test
  void baselineThatIsADirectoryFailsWithOneLine() throws Exception {
    Files.createDirectories(dir.resolve("baselines/" + QuickStep.class.getName() + ".step.json"));
    assertFailedWith(
        run(
            QuickStep.class,
            "libreyolo.profile.baselineDirectory",
            dir.resolve("baselines").toString()),
        QuickStep.class.getName() + ".step.json");
  }

  /** Runs a test class through JUnit with its files under {@code outputDirectory}. */
  private static org.junit.platform.testkit.engine.EngineExecutionResults execute(
      Class<?> type, String outputDirectory) {
    return org.junit.platform.testkit.engine.EngineTestKit.engine("junit-jupiter")
        .configurationParameter("libreyolo.profile.outputDirectory", outputDirectory)
        .selectors(org.junit.platform.engine.discovery.DiscoverySelectors.selectClass(type))
        .execute();
  }

  /** {@link QuickStep} with its files under {@code out} and these {@code libreyolo.profile.*}. */
  private org.junit.platform.testkit.engine.EngineExecutionResults quickStep(
      java.util.Map<String, String> parameters) {
    var kit =
        org.junit.platform.testkit.engine.EngineTestKit.engine("junit-jupiter")
            .configurationParameter(
                "libreyolo.profile.outputDirectory", dir.resolve("out").toString());
    parameters.forEach((k, v) -> kit.configurationParameter("libreyolo.profile." + k, v));
    return kit.selectors(
            org.junit.platform.engine.discovery.DiscoverySelectors.selectClass(QuickStep.class))
        .execute();
  }

  /** The first failed event's throwable. */
  private static Throwable firstFailure(Events events) {
    return events.failed().stream()
        .findFirst()
        .orElseThrow()
        .getPayload(TestExecutionResult.class)
        .orElseThrow()
        .getThrowable()
        .orElseThrow();
  }

  private Events run(Class<?> type, String key, String value) {
    return TestKitRuns.run(dir, type, key, value);
  }

  private static Throwable assertFailedWith(Events events, String expected) {
    events.assertStatistics(s -> s.failed(1));
    Throwable t = firstFailure(events);
    assertThat(t.getMessage()).contains(expected).doesNotContain("\n").doesNotContain("Exception");
    return t;
  }
}
