package org.libreyolo.profile.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The plugin's bad-input matrix: mojos built the way Maven fills their fields; tool errors are
 * {@link MojoExecutionException} with the CLI's one-line message, gate failures {@link
 * MojoFailureException}, and nothing is written.
 */
class MojoBadInputTest {
  @TempDir static Path dir;
  static File out;
  static File trace;
  static File broken;
  static File empty;
  static File nullStep;

  @BeforeAll
  static void files() throws Exception {
    out = dir.resolve("out").toFile();
    trace =
        Files.writeString(
                dir.resolve("t.json"),
                "{\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"kernel\","
                    + " \"name\": \"k\", \"ts\": 1, \"dur\": 2}]}")
            .toFile();
    broken = Files.writeString(dir.resolve("b.json"), "{\"traceEvents\": [").toFile();
    empty = Files.writeString(dir.resolve("e.json"), "").toFile();
    nullStep =
        Files.writeString(
                dir.resolve("null-step.json"),
                "{\"schema\": \"libreyolo.profile.analysis/v1\", \"step_ms\": null,"
                    + " \"metrics\": {\"step_ms\": 4}}")
            .toFile();
  }

  static <M extends AbstractProfileMojo> M mojo(M m) {
    m.outputDirectory = out;
    return m;
  }

  /** An A/B goal with valid settings (each case breaks one). */
  static AbMojo ab() {
    var m = mojo(new AbMojo());
    m.baselineWeights = "LibreYOLO9t.pt";
    m.weights = "LibreYOLO9t.pt";
    m.device = "cpu";
    m.threads = 1;
    m.batch = 1;
    m.imgsz = 64;
    m.warmup = 1;
    m.pairs = 4;
    m.blockRuns = 1;
    m.abAlpha = 0.05;
    m.abMaxRegression = 0.02;
    m.looks = 4;
    m.abLooks = org.libreyolo.profile.Defaults.Versions.LOOKS_VALUE;
    m.conf = 0.25f;
    m.iou = 0.45f;
    m.maxDet = 300;
    return m;
  }

  /** An infer goal with valid settings (each case breaks one). */
  static InferMojo infer() {
    var m = mojo(new InferMojo());
    m.device = "cpu";
    m.threads = 1;
    m.runs = 2;
    m.repeat = 1;
    m.forks = 1;
    m.batch = 1;
    m.imgsz = 64;
    m.ampDtype = "float16";
    m.task = "auto";
    m.conf = 0.25f;
    m.iou = 0.45f;
    m.maxDet = 300;
    return m;
  }

  record Case(
      String name, Supplier<AbstractMojo> mojo, Class<? extends Exception> type, String message) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> cases() {
    return Stream.of(
            new Case(
                "summary without trace",
                () -> mojo(new SummaryMojo()),
                MojoExecutionException.class,
                "no profile to read: run libreyolo-profile:infer first (it writes "),
            new Case(
                "summary of a missing file",
                () -> {
                  var m = mojo(new SummaryMojo());
                  m.input = new File(dir.toFile(), "missing.json");
                  return m;
                },
                MojoExecutionException.class,
                "not found:"),
            new Case(
                "summary of a broken trace",
                () -> {
                  var m = mojo(new SummaryMojo());
                  m.input = broken;
                  return m;
                },
                MojoExecutionException.class,
                "failed to analyse"),
            new Case(
                "get of an unknown metric",
                () -> {
                  var m = mojo(new GetMojo());
                  m.input = trace;
                  m.field = "nope";
                  return m;
                },
                MojoExecutionException.class,
                "unknown metric 'nope': run libreyolo-profile:get without -Dlibreyolo.profile.field to list the metrics"),
            new Case(
                "kernels of an unknown phase",
                () -> {
                  var m = mojo(new KernelsMojo());
                  m.input = trace;
                  m.phase = "forward";
                  m.sort = "time";
                  m.top = 20;
                  return m;
                },
                MojoExecutionException.class,
                "unknown phase 'forward'. available: unphased"),
            new Case(
                "kernels with a bad regex",
                () -> {
                  var m = mojo(new KernelsMojo());
                  m.input = trace;
                  m.grep = "(";
                  m.top = 20;
                  return m;
                },
                MojoExecutionException.class,
                "invalid grep regex"),
            new Case(
                "what-if without options",
                () -> {
                  var m = mojo(new WhatIfMojo());
                  m.input = trace;
                  return m;
                },
                MojoExecutionException.class,
                "specify removeCategory or removeLaunches"),
            new Case(
                "compare without before",
                () -> mojo(new CompareMojo()),
                MojoExecutionException.class,
                "missing parameter before"),
            new Case(
                "diff without after",
                () -> {
                  var m = mojo(new DiffMojo());
                  m.before = trace;
                  return m;
                },
                MojoExecutionException.class,
                "missing parameter after"),
            new Case(
                "diff of a phase neither profile has",
                () -> {
                  var m = mojo(new DiffMojo());
                  m.before = trace;
                  m.after = trace;
                  m.phase = "nms";
                  m.top = 5;
                  return m;
                },
                MojoExecutionException.class,
                "phase 'nms': neither profile has that phase"),
            new Case(
                "diff with top below 0",
                () -> {
                  var m = mojo(new DiffMojo());
                  m.before = trace;
                  m.after = trace;
                  m.top = -1;
                  return m;
                },
                MojoExecutionException.class,
                "top must be >= 0 (rows to show), got -1"),
            new Case(
                "summary of a profile whose step_ms is null",
                () -> {
                  var m = mojo(new SummaryMojo());
                  m.input = nullStep;
                  return m;
                },
                MojoExecutionException.class,
                "key \"step_ms\" is null while \"metrics.step_ms\" is 4"),
            new Case(
                "versions A/B with runs that give no timing block",
                () -> {
                  var m = ab();
                  m.baselineVersion = "1.0";
                  m.abForks = 3;
                  m.runs = 1;
                  return m;
                },
                MojoExecutionException.class,
                "runs 1 gives no timing block of 5 runs in each fork: set runs >= 5"),
            new Case(
                "report of a missing file",
                () -> {
                  var m = mojo(new ReportMojo());
                  m.input = new File(dir.toFile(), "missing.json");
                  return m;
                },
                MojoExecutionException.class,
                "not found:"),
            new Case(
                "check with a bad alpha",
                () -> {
                  var m = mojo(new CheckMojo());
                  m.alpha = 3;
                  m.maxRegression = 0.05;
                  m.metrics = List.of("img_per_s");
                  m.baseline = trace;
                  m.current = trace;
                  return m;
                },
                MojoExecutionException.class,
                "alpha must be a significance level within (0, 1), got 3: 3 means 300%: did you"
                    + " mean 0.03?"),
            new Case(
                "check with maxRegression as a percentage",
                () -> {
                  var m = mojo(new CheckMojo());
                  m.alpha = 0.01;
                  m.maxRegression = 5;
                  m.metrics = List.of("img_per_s");
                  m.baseline = trace;
                  m.current = trace;
                  return m;
                },
                MojoExecutionException.class,
                "maxRegression must be a fraction (0.05 = 5%) within (0, 1), got 5: 5 means 500%:"
                    + " did you mean 0.05?"),
            new Case(
                "check with an unknown metric",
                () -> {
                  var m = mojo(new CheckMojo());
                  m.alpha = 0.01;
                  m.maxRegression = 0.05;
                  m.metrics = List.of("fps");
                  m.baseline = trace;
                  m.current = trace;
                  return m;
                },
                MojoExecutionException.class,
                "unknown gate metric 'fps'"),
            new Case(
                "check requiring a missing baseline",
                () -> {
                  var m = mojo(new CheckMojo());
                  m.alpha = 0.01;
                  m.maxRegression = 0.05;
                  m.metrics = List.of("img_per_s");
                  m.baseline = new File(dir.toFile(), "none.json");
                  m.current = trace;
                  m.requireBaseline = true;
                  return m;
                },
                MojoFailureException.class,
                "no baseline at"),
            new Case(
                "check against an empty baseline",
                () -> {
                  var m = mojo(new CheckMojo());
                  m.alpha = 0.01;
                  m.maxRegression = 0.05;
                  m.metrics = List.of("img_per_s");
                  m.baseline = empty;
                  m.current = trace;
                  return m;
                },
                MojoExecutionException.class,
                "is corrupt ("),
            new Case(
                "check against a truncated baseline",
                () -> {
                  var m = mojo(new CheckMojo());
                  m.alpha = 0.01;
                  m.maxRegression = 0.05;
                  m.metrics = List.of("img_per_s");
                  m.baseline = broken;
                  m.current = trace;
                  return m;
                },
                MojoExecutionException.class,
                "b.json is corrupt ("),
            new Case(
                "check of a missing current profile",
                () -> {
                  var m = mojo(new CheckMojo());
                  m.alpha = 0.01;
                  m.maxRegression = 0.05;
                  m.metrics = List.of("img_per_s");
                  m.baseline = trace;
                  m.current = new File(dir.toFile(), "missing.json");
                  return m;
                },
                MojoExecutionException.class,
                "not found:"),
            new Case(
                "ab without baseline weights",
                () -> {
                  var m = ab();
                  m.baselineWeights = null;
                  return m;
                },
                MojoExecutionException.class,
                "nothing to compare against: name baselineRef (a commit, tag or branch),"),
            new Case(
                "ab with too few pairs",
                () -> {
                  var m = ab();
                  m.pairs = 2;
                  return m;
                },
                MojoExecutionException.class,
                "pairs must be >= 4 for a paired interval, got 2"),
            new Case(
                "ab with too many looks",
                () -> {
                  var m = ab();
                  m.looks = 11;
                  return m;
                },
                MojoExecutionException.class,
                "looks must be within 1 (only at the end) and 10, got 11"),
            new Case(
                "bisect with versions and commits at once",
                () -> {
                  var m = mojo(new BisectMojo());
                  m.good = "1.0";
                  m.goodRef = "HEAD~1";
                  m.badRef = "HEAD";
                  return m;
                },
                MojoFailureException.class,
                "set good and bad (released versions) or goodRef and badRef (commits), not both"),
            new Case(
                "bisect with goodRef alone",
                () -> {
                  var m = mojo(new BisectMojo());
                  m.goodRef = "HEAD~1";
                  return m;
                },
                MojoFailureException.class,
                "set goodRef and badRef: -Dlibreyolo.profile.goodRef=<last good commit>"),
            new Case(
                "ab with absurdly many pairs",
                () -> {
                  var m = ab();
                  m.pairs = 1_000_000;
                  return m;
                },
                MojoExecutionException.class,
                "pairs must be at most 100000 (each pair is two blocks of the step"),
            new Case(
                "ab across versions with an abMode that does not exist",
                () -> {
                  var m = ab();
                  m.baselineClasspath = trace;
                  m.abMode = "duet";
                  return m;
                },
                MojoExecutionException.class,
                "abMode must be auto (both versions in one JVM where they fit) or forks, got 'duet'"),
            new Case(
                "ab across versions in one JVM only",
                () -> {
                  var m = ab();
                  m.baselineClasspath = trace;
                  m.abMode = "auto";
                  m.abJvms = 1;
                  return m;
                },
                MojoExecutionException.class,
                "abJvms must be within 2..100 (the JVMs holding both versions are the verdict's"
                    + " unit: one cannot tell its own bias from a change), got 1"),
            new Case(
                "ab across versions looking at its JVMs 11 times",
                () -> {
                  var m = ab();
                  m.baselineClasspath = trace;
                  m.abMode = "auto";
                  m.abJvms = 6;
                  m.abLooks = 11;
                  return m;
                },
                MojoExecutionException.class,
                "abLooks must be within 1 (only after abJvms JVMs) and 10, got 11"),
            new Case(
                "baseline over an existing one",
                () -> {
                  var m = mojo(new BaselineMojo());
                  m.current = trace;
                  m.baseline = trace;
                  return m;
                },
                MojoExecutionException.class,
                "exists: set -Dlibreyolo.profile.overwrite=true"),
            new Case(
                "infer with zero runs",
                () -> {
                  var m = infer();
                  m.runs = 0;
                  return m;
                },
                MojoExecutionException.class,
                "runs must be >= 2"),
            new Case(
                "infer with an absurd fork count",
                () -> {
                  var m = infer();
                  m.forks = 101;
                  return m;
                },
                MojoExecutionException.class,
                "forks must be within 1..100, got 101"),
            new Case(
                "infer of a fixed-size TorchScript model at another size",
                () -> {
                  var m = infer();
                  m.weights =
                      Path.of(
                              "../libreyolo-profile-core/src/test/resources/fixtures/torchscript/fixed224_classifier.torchscript")
                          .toAbsolutePath()
                          .normalize()
                          .toString();
                  m.imgsz = 256;
                  return m;
                },
                MojoExecutionException.class,
                "does not run at input 1x3x256x256: mat1 and mat2 shapes cannot be multiplied"),
            new Case(
                "infer of an ONNX model with two inputs",
                () -> {
                  var m = infer();
                  m.weights =
                      Path.of(
                              "../libreyolo-profile-core/src/test/resources/fixtures/onnx/two_inputs.onnx")
                          .toAbsolutePath()
                          .normalize()
                          .toString();
                  return m;
                },
                MojoExecutionException.class,
                "two_inputs.onnx takes 2 inputs (a, b): profile infer feeds one image batch"),
            new Case(
                "infer of a fixed-size ONNX model at another size",
                () -> {
                  var m = infer();
                  m.weights =
                      Path.of(
                              "../libreyolo-profile-core/src/test/resources/fixtures/onnx/fixed64_classifier.onnx")
                          .toAbsolutePath()
                          .normalize()
                          .toString();
                  m.imgsz = 128;
                  return m;
                },
                MojoExecutionException.class,
                "has a fixed input shape [1, 3, 64, 64]"),
            new Case(
                "infer at imgsz 0 (the reference's native size)",
                () -> {
                  var m = infer();
                  m.imgsz = 0;
                  return m;
                },
                MojoExecutionException.class,
                "imgsz must be a positive multiple of 32, got 0"),
            new Case(
                "infer into an outputDirectory that cannot be written, before the engine loads",
                () -> {
                  var m = infer();
                  m.outputDirectory = new java.io.File("/proc/libreyolo-nope");
                  return m;
                },
                MojoExecutionException.class,
                "cannot write under outputDirectory /proc/libreyolo-nope"),
            new Case(
                "ab with two baseline sources",
                () -> {
                  var m = ab();
                  m.baselineWeights = null;
                  m.baselineVersion = "1.0";
                  m.baselineArtifact = "com.example:app:1.0";
                  m.abMode = org.libreyolo.profile.Defaults.Versions.MODE;
                  m.abJvms = Integer.parseInt(org.libreyolo.profile.Defaults.Versions.JVMS);
                  m.abForks = Integer.parseInt(org.libreyolo.profile.Defaults.Versions.FORKS);
                  m.alpha = org.libreyolo.profile.Defaults.Gate.ALPHA_VALUE;
                  m.maxRegression = org.libreyolo.profile.Defaults.Gate.MAX_REGRESSION_VALUE;
                  return m;
                },
                MojoFailureException.class,
                "set only one of baselineVersion, baselineArtifact, baselineClasspath and baselineRef;"
                    + " both are set: baselineVersion=1.0 and baselineArtifact=com.example:app:1.0"),
            new Case(
                "infer with an unknown task",
                () -> {
                  var m = infer();
                  m.task = "segment";
                  return m;
                },
                MojoExecutionException.class,
                "task must be auto, detect or none, got 'segment'"),
            new Case(
                "infer with --half on CPU",
                () -> {
                  var m = infer();
                  m.half = true;
                  m.ampDtype = "bf16";
                  return m;
                },
                MojoExecutionException.class,
                "half needs a CUDA device"),
            new Case(
                "run with zero steps",
                () -> {
                  var m = mojo(new RunMojo());
                  m.data = "shapes8";
                  m.device = "cpu";
                  m.batch = 2;
                  m.imgsz = 64;
                  m.steps = 0;
                  return m;
                },
                MojoExecutionException.class,
                "steps must be >= 2"))
        .map(Arguments::of);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void failsWithOneLineAndWritesNothing(Case c) {
    assertThatThrownBy(() -> c.mojo().get().execute())
        .isInstanceOf(c.type())
        .satisfies(
            e ->
                assertThat(e.getMessage())
                    .contains(c.message())
                    .doesNotContain("\n")
                    .doesNotContain(" --"))
        // no cause: Maven would append the cause's message, saying the same thing twice
        .satisfies(e -> assertThat(e.getCause()).isNull());
    assertThat(out).doesNotExist();
  }

  /** The readers read {@code input}; {@code trace} is only ever the producers' switch. */
  @Test
  void theReadersReadTheirInput() throws Exception {
    var m = mojo(new SummaryMojo());
    m.input = trace;
    m.execute();
    var report = mojo(new ReportMojo());
    report.input = trace;
    report.out = dir.resolve("r.html").toFile();
    report.execute();
    assertThat(dir.resolve("r.html")).isRegularFile();
  }

  /**
   * Every goal reads the check goal's {@code -D} settings before it works: a bad one fails the
   * build first, in the plugin's terms (in {@code mvn verify} the infer goal would measure for a
   * minute before check reads them). A switch read as Maven reads booleans took any other word for
   * false; check's pairing runs after infer measured, so its block size is refused before that.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "half|maybe|-Dlibreyolo.profile.half=maybe: must be true or false, got 'maybe'",
        "maxRegression|five percent|maxRegression must be a number, got 'five percent'",
        "blockRuns|0|blockRuns must be a whole number >= 1, got '0'"
      })
  void aBadPropertyFailsAnyGoalFirst(String name, String value, String message) {
    System.setProperty("libreyolo.profile." + name, value);
    try {
      var m = mojo(new SummaryMojo());
      m.input = trace;
      assertThatThrownBy(m::execute).isInstanceOf(MojoExecutionException.class).hasMessage(message);
    } finally {
      System.clearProperty("libreyolo.profile." + name);
    }
  }
}
