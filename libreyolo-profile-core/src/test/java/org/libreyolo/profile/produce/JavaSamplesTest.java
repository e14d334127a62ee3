package org.libreyolo.profile.produce;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/** Java samples of a plain-Java step land in the phase that ran the hot method. */
class JavaSamplesTest {
  @TempDir Path dir;

  /** About 4 ms of arithmetic: the method the samples must name. */
  /** A fifth of a step: spin takes four, idle one. */
  static volatile long unitNs = 1_000_000L;

  static double spin(int seed) {
    double x = seed;
    long end = System.nanoTime() + 4 * unitNs;
    while (System.nanoTime() < end) {
      for (int i = 0; i < 1000; i++) {
        x = Math.sqrt(x * x + i);
      }
    }
    return x;
  }

  /** About 1 ms elsewhere, in another phase. */
  static double idle(int seed) {
    double x = seed;
    long end = System.nanoTime() + unitNs;
    while (System.nanoTime() < end) {
      x += Math.sin(x);
    }
    return x;
  }

  static volatile double sink;

  /**
   * One traced measurement for the tests that count samples: 100 runs of 20 ms, about 100 samples
   * at one per 20 ms, where they assert 20 and a share above one half of an expected 0.8 (a sampler
   * starved by a busy machine takes fewer; the margins hold at a quarter of the samples); its 9
   * traced steps span ~180 ms (a window of 45 ms gave as few as 2 samples).
   */
  @TempDir static Path shared;

  private static Profile traced;

  @BeforeAll
  static void measureOnce() {
    // 20 ms steps: the 9 traced steps span ~180 ms, enough samples to judge a share
    unitNs = 4_000_000L;
    try {
      traced = measure(shared, true, 100);
    } finally {
      unitNs = 1_000_000L;
    }
  }

  private Profile measure(boolean trace) {
    return measure(dir, trace, 100);
  }

  private static Profile measure(Path dir, boolean trace, int runs) {
    StepOptions o =
        StepOptions.builder("step", "JavaSamplesTest")
            .warmup(5)
            .runs(runs)
            .trace(trace)
            .outputDirectory(dir.resolve(trace ? "traced" : "plain"))
            .build();
    return CustomStepProfiler.run(
        o,
        (phases, index) -> {
          try (var p = phases.start("hot")) {
            sink = spin(index);
          }
          try (var p = phases.start("cold")) {
            sink = idle(index);
          }
        });
  }

  @Test
  void samplesNameTheHotMethodInItsPhase() {
    JsonNode j = traced.json().path(ProfileSchema.JAVA_SAMPLES);
    assertThat(j.path("source").asText()).isEqualTo("jfr");
    assertThat(j.path("samples").asInt()).as("~2 s sampled every 20 ms").isGreaterThanOrEqualTo(20);
    JsonNode hot = j.path("phases").path("hot");
    assertThat(hot.path("share").asDouble()).as("4 of every 5 units").isGreaterThan(0.5);
    assertThat(hot.path("self").get(0).path("method").asText())
        .isIn(
            JavaSamplesTest.class.getName() + ".spin",
            "java.lang.StrictMath.sqrt",
            "java.lang.Math.sqrt",
            "java.lang.System.nanoTime");
    assertThat(hot.path("total").findValuesAsText("method"))
        .as(j.toString())
        .contains(JavaSamplesTest.class.getName() + ".spin");
    assertThat(j.path("phases").path("cold").path("total").findValuesAsText("method"))
        .doesNotContain(JavaSamplesTest.class.getName() + ".spin");
  }

  /**
   * A step that hands its work to a thread of its own: those samples belong to no phase of the
   * measuring thread, and the profile says how many it could not attribute, and where.
   */
  @Test
  void samplesOfTheStepsOwnThreadsAreCountedNotAttributed() throws Exception {
    java.util.concurrent.ExecutorService worker =
        java.util.concurrent.Executors.newSingleThreadExecutor(r -> new Thread(r, "step-worker"));
    try {
      StepOptions o =
          StepOptions.builder("threaded", "JavaSamplesTest")
              .warmup(5)
              .runs(100)
              .trace(true)
              .outputDirectory(dir.resolve("threaded"))
              .build();
      Profile p =
          CustomStepProfiler.run(
              o,
              (phases, index) -> {
                try (var ph = phases.start("hot")) {
                  sink = worker.submit(() -> spin(index)).get();
                }
              });
      JsonNode others = p.json().path(ProfileSchema.JAVA_SAMPLES).path("other_threads");
      assertThat(others.path("threads").path("step-worker").asInt())
          .as(p.json().path(ProfileSchema.JAVA_SAMPLES).toString())
          .isPositive();
      assertThat(others.path("total").findValuesAsText("method"))
          .contains(JavaSamplesTest.class.getName() + ".spin");
      assertThat(p.javaSamples().otherThreads()).containsKey("step-worker");
      // the test JVM's own threads may be sampled beside it (Surefire's stream flusher, when
      // another test JVM shares the machine): the step's worker is named among them
      assertThat(String.join("\n", org.libreyolo.profile.internal.report.TextReport.summary(p)))
          .containsPattern("on \\d+ other threads?, not attributed to a phase \\([^)]*step-worker");
    } finally {
      worker.shutdownNow();
    }
  }

  /**
   * Flight Recorder already recording in the process (the user's own recording): ours is a second
   * recording beside it, and both keep going.
   */
  @Test
  void samplesAreTakenBesideARecordingTheUserStarted() throws Exception {
    try (jdk.jfr.Recording theirs = new jdk.jfr.Recording()) {
      theirs.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(10));
      theirs.start();
      JsonNode j = measure(true).json().path(ProfileSchema.JAVA_SAMPLES);
      assertThat(j.path("source").asText()).isEqualTo("jfr");
      assertThat(j.path("samples").asInt()).isPositive();
      assertThat(theirs.getState()).isEqualTo(jdk.jfr.RecordingState.RUNNING);
    }
  }

  /** A JVM without Flight Recorder measures as ever, and the profile says why it has no samples. */
  @Test
  @Tag("slow")
  void aJvmWithoutFlightRecorderMeasuresAndSaysWhyThereAreNoSamples() throws Exception {
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child =
        new ProcessBuilder(
                javaBin,
                "--limit-modules",
                "java.base,java.logging,java.management,jdk.management,java.xml,java.sql,"
                    + "java.naming,java.desktop,jdk.unsupported",
                "-cp",
                System.getProperty("java.class.path"),
                NoFlightRecorderMain.class.getName(),
                dir.resolve("nojfr").toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(child.getInputStream().readAllBytes(), "UTF-8");
    assertThat(child.waitFor()).as(out).isZero();
    assertThat(out)
        .contains("java samples: none, this JVM has no Flight Recorder (module jdk.jfr)")
        .doesNotContain("Exception", "Error");
    JsonNode j =
        org.libreyolo.profile.result.Json.MAPPER
            .readTree(dir.resolve("nojfr").resolve("profile.json").toFile())
            .path(ProfileSchema.JAVA_SAMPLES);
    assertThat(j.path("source").asText()).isEqualTo("none");
  }

  @Test
  void theTracedStepsSamplesAreATrackOfTheTrace() throws Exception {
    JsonNode trace =
        org.libreyolo.profile.result.Json.MAPPER.readTree(
            shared.resolve("traced").resolve("profile_trace.json").toFile());
    List<JsonNode> slices = new ArrayList<>();
    JsonNode track = null;
    for (JsonNode e : trace.path("traceEvents")) {
      if ("java_sample".equals(e.path("cat").asText())) {
        slices.add(e);
      } else if (e.path("args").path("name").asText().startsWith("Java samples (JFR)")) {
        track = e;
      }
    }
    assertThat(track).as("the track is named").isNotNull();
    int tid = track.path("tid").asInt();
    assertThat(slices).isNotEmpty().allMatch(e -> e.path("tid").asInt() == tid);
    String spin = JavaSamplesTest.class.getName() + ".spin";
    java.util.Map<String, Integer> samples = new java.util.HashMap<>();
    slices.forEach(
        e ->
            samples.merge(
                e.path("name").asText(), e.path("args").path("samples").asInt(), Integer::sum));
    int all = java.util.Collections.max(samples.values()); // the outermost frame: in every sample
    assertThat(samples.getOrDefault(spin, 0) / (double) all)
        .as("the hot method is on the stack in most samples (4 of every 5 units): " + samples)
        .isGreaterThan(0.5);
  }

  @Test
  void theMeasuredRunsPeakResidentMemoryIsRecorded() {
    JsonNode m = measure(false).json().path(ProfileSchema.HOST_MEMORY);
    if (!java.nio.file.Files.isRegularFile(java.nio.file.Path.of("/proc/self/status"))) {
      assertThat(m.isMissingNode()).as("never guessed off Linux").isTrue();
      return;
    }
    assertThat(m.path("peak_rss_mb").asDouble()).isGreaterThan(10);
    assertThat(m.path("peak_since").asText()).isIn("measured runs", "process start");
    assertThat(m.path("major_faults").asLong()).isGreaterThanOrEqualTo(0);
  }

  @Test
  void theSwitchTakesTrueOrFalseOnly() {
    String key = org.libreyolo.profile.Properties.JAVA_SAMPLES_PROPERTY;
    try {
      System.setProperty(key, "maybe");
      org.assertj.core.api.Assertions.assertThatThrownBy(
              org.libreyolo.profile.Properties::javaSamples)
          .isInstanceOf(org.libreyolo.profile.LibreYoloException.class)
          .hasMessage("-Dlibreyolo.profile.javaSamples must be true or false, got 'maybe'");
      System.setProperty(key, "FALSE");
      assertThat(org.libreyolo.profile.Properties.javaSamples()).isFalse();
    } finally {
      System.clearProperty(key);
    }
    assertThat(org.libreyolo.profile.Properties.javaSamples()).isTrue();
  }

  /** Every measured step is sampled, traced or not (a plain-Java step needs no libtorch). */
  @Test
  void anUntracedStepIsSampledToo() {
    JsonNode j = measure(false).json().path(ProfileSchema.JAVA_SAMPLES);
    assertThat(j.path("source").asText()).isEqualTo("jfr");
    assertThat(j.path("samples").asInt()).isGreaterThan(0);
  }

  /**
   * A perf test whose measured runs are too short for samples at the 20 ms period that keeps their
   * timing clean is sampled in untimed steps after them, every millisecond, for about a second:
   * enough samples to tell its methods apart (docs/diff.md).
   */
  @Test
  void runsTooShortToSampleAreSampledInStepsAfterThem() {
    Profile p = fiveRuns("short", 3, true, index -> sink = spin(index));
    JsonNode j = p.json().path(ProfileSchema.JAVA_SAMPLES);
    assertThat(j.path("period_ms").asInt()).isEqualTo(1);
    assertThat(j.path("sampled_steps").asInt()).isGreaterThan(5);
    assertThat(j.path("samples").asInt()).as(j.toString()).isGreaterThan(100);
    assertThat(p.samples().latencyMs()).hasSize(5); // the sampled steps are not timed
  }

  @Test
  void samplesCanBeSwitchedOff() {
    Profile p = fiveRuns("off", 0, false, index -> sink = spin(index));
    assertThat(p.json().has(ProfileSchema.JAVA_SAMPLES)).isFalse();
  }

  private Profile fiveRuns(
      String folder, int warmup, boolean javaSamples, java.util.function.IntConsumer step) {
    StepOptions o =
        StepOptions.builder("step", "JavaSamplesTest")
            .warmup(warmup)
            .runs(5)
            .javaSamples(javaSamples)
            .outputDirectory(dir.resolve(folder))
            .build();
    return CustomStepProfiler.run(o, (phases, index) -> step.accept(index));
  }
}
