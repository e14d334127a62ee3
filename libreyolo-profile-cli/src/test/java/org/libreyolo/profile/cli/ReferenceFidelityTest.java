package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.analysis.TraceAnalyzer;
import org.libreyolo.profile.internal.analysis.Traces;
import org.libreyolo.profile.internal.result.ProfileIo;
import org.libreyolo.profile.result.Json;

/**
 * Reader outputs where a differential run against the reference's own reader code found us apart,
 * and the deliberate deviations docs/deviations.md lists: each case here pins one line of that
 * document.
 */
class ReferenceFidelityTest {
  @TempDir Path dir;
  Path trace;

  @BeforeEach
  void traceB() throws Exception {
    trace = Traces.traceB().write(dir.resolve("profile_trace.json"));
  }

  static CliTest.Result run(String... args) {
    return CliTest.run(args);
  }

  static JsonNode json(String... args) throws Exception {
    CliTest.Result r = run(args);
    assertThat(r.code()).as(r.err()).isZero();
    return Json.MAPPER.readTree(r.out());
  }

  /** A profile.json analysed from trace B, with its stored {@code trace} replaced. */
  Path profileWithStoredTrace(String stored) {
    ObjectNode p = TraceAnalyzer.analyze(trace).json().deepCopy();
    if (stored == null) {
      p.putNull("trace");
    } else {
      p.put("trace", stored);
    }
    Path file = dir.resolve("profile.json");
    ProfileIo.writeIndented(file, p);
    return file;
  }

  @Test
  void cpuProfilesStoreANumericTensorCoreShare() throws Exception {
    // the reference's summary formats tensorcore_pct with :.0f; a null made it fail on our profiles
    Path cpu = TestEngine.fixture("djl-traces/djl-cpu-trace-forward-sample.json");
    assertThat(
            json("profile", "summary", cpu.toString(), "--json").get("tensorcore_pct").isNumber())
        .isTrue();
    Path cpuOnlyRank = TestEngine.fixture("gpu-traces/cpu-only-rank.json.gz");
    JsonNode summary = json("profile", "summary", cpuOnlyRank.toString(), "--json");
    assertThat(summary.get("tensorcore_pct").asDouble()).isEqualTo(0.0);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"phases", "kernels", "ops", "what-if"})
  void jsonViewsPrintTheProfilesStoredTraceNotTheArgument(String reader) throws Exception {
    String[] extra =
        reader.equals("what-if") ? new String[] {"--remove-launches", "0"} : new String[0];
    Path stored = profileWithStoredTrace("/elsewhere/profile_trace.json");
    assertThat(json(args(reader, stored, extra)).get("trace").asText())
        .isEqualTo("/elsewhere/profile_trace.json");
    Path traceless = profileWithStoredTrace(null);
    assertThat(json(args(reader, traceless, extra)).get("trace").isNull()).isTrue();
    // a raw trace is its own: the analysis stores the path it read
    assertThat(json(args(reader, trace, extra)).get("trace").asText()).isEqualTo(trace.toString());
  }

  private static String[] args(String reader, Path input, String... extra) {
    String[] head = {"profile", reader, input.toString(), "--json"};
    String[] all = java.util.Arrays.copyOf(head, head.length + extra.length);
    System.arraycopy(extra, 0, all, head.length, extra.length);
    return all;
  }

  @Test
  void aSmallNegativeChangeKeepsItsSign() throws Exception {
    ObjectNode before = TraceAnalyzer.analyze(trace).json().deepCopy();
    ObjectNode after = before.deepCopy();
    before.put("img_per_s", 187.55);
    after.put("img_per_s", 187.0);
    Path a = dir.resolve("a.json");
    Path b = dir.resolve("b.json");
    ProfileIo.writeIndented(a, before);
    ProfileIo.writeIndented(b, after);
    assertThat(run("profile", "compare", a.toString(), b.toString()).out())
        .startsWith("img/s          187.55 -> 187.0 (-0%)");
    assertThat(run("profile", "compare", b.toString(), a.toString()).out())
        .startsWith("img/s          187.0 -> 187.55 (+0%)");
  }

  /**
   * {@code compare --format markdown} is a job summary's table of the same figures and the same
   * call as the text; a format that does not render a comparison is refused in one line, before
   * either profile is read.
   */
  @Test
  void aComparisonInMarkdownTellsWhatTheTextTellsAndBmfIsRefused() throws Exception {
    ObjectNode before = TraceAnalyzer.analyze(trace).json().deepCopy();
    ObjectNode after = before.deepCopy();
    before.put("img_per_s", 200.0);
    after.put("img_per_s", 150.0);
    after.putObject("environment").put("cpu", "another");
    Path a = dir.resolve("a.json");
    Path b = dir.resolve("b.json");
    ProfileIo.writeIndented(a, before);
    ProfileIo.writeIndented(b, after);
    CliTest.Result text = run("profile", "compare", a.toString(), b.toString());
    CliTest.Result md =
        run("profile", "compare", a.toString(), b.toString(), "--format", "markdown");
    assertThat(md.code()).as(md.err()).isZero();
    assertThat(text.out()).contains("img/s          200.0 -> 150.0 (-25%)  [single run");
    assertThat(md.out())
        .contains("| img/s | 200.0 | 150.0 | -25% |")
        .contains("Throughput difference (the reference's 2*SE rule): no call: single run")
        .contains("> Warning: the environments differ (cpu");
    assertThat(json("profile", "compare", a.toString(), b.toString(), "--format", "json"))
        .isEqualTo(json("profile", "compare", a.toString(), b.toString(), "--json"));
    CliTest.Result bmf =
        run("profile", "compare", "missing-a.json", "missing-b.json", "--format", "bmf");
    assertThat(bmf.code()).isEqualTo(2);
    assertThat(bmf.err().strip())
        .isEqualTo("--format bmf does not render a comparison: use text, json or markdown");
  }

  @Test
  void whatIfFormatsTheUnroundedProjection() throws Exception {
    // 241.48 ms stored with 2 decimals; nothing removed: the projection is 241.48, printed ~241
    ObjectNode p = TraceAnalyzer.analyze(trace).json().deepCopy();
    p.put("step_ms", 241.48);
    p.put("gpu_util", 0.5);
    Path file = dir.resolve("run.json");
    ProfileIo.writeIndented(file, p);
    assertThat(run("profile", "what-if", file.toString(), "--remove-launches", "0").out())
        .contains("  step   241.48 -> ~241 ms");
    assertThat(
            json("profile", "what-if", file.toString(), "--remove-launches", "0", "--json")
                .get("step_ms")
                .get("projected")
                .asDouble())
        .isEqualTo(241.5);
  }

  @Test
  void compareListsNoEnvironmentDifferenceBetweenNullAndMissing() throws Exception {
    ObjectNode a = TraceAnalyzer.analyze(trace).json().deepCopy();
    ObjectNode b = a.deepCopy();
    a.putObject("environment").put("cpu", "x").putNull("gpu_name");
    b.putObject("environment").put("cpu", "x");
    Path pa = dir.resolve("a.json");
    Path pb = dir.resolve("b.json");
    ProfileIo.writeIndented(pa, a);
    ProfileIo.writeIndented(pb, b);
    CliTest.Result r = run("profile", "compare", pa.toString(), pb.toString());
    assertThat(r.out() + r.err()).doesNotContain("gpu_name");
    assertThat(
            json("profile", "compare", pa.toString(), pb.toString(), "--json")
                .get("environment_differences"))
        .isEmpty();
  }

  // deliberate deviations (docs/deviations.md)

  @Test
  void cpuOnlyTracesReadAsLeafOpProfiles() {
    Path cpu = TestEngine.fixture("djl-traces/djl-cpu-trace-forward-sample.json");
    CliTest.Result r = run("profile", "summary", cpu.toString());
    assertThat(r.out()).contains("CPU busy", "Tensor Cores n/a", "peak VRAM n/a");
  }

  @Test
  void summaryOfACompensatedCpuProfileSaysSoWithTheRecordedFigures() throws Exception {
    Traces t = new Traces().markers();
    for (int base : new int[] {200, 300, 400}) {
      t.x("user_annotation", "step/forward", base + 10, 60);
      t.x("cpu_op", "aten::conv2d", base + 15, 40);
      t.x("cpu_op", "aten::add_", base + 60, 5);
    }
    JsonNode cost = Json.MAPPER.readTree("{\"per_op_us\": 2.0, \"in_op_us\": 0.5}");
    Path cpu = t.write(dir.resolve("cpu_trace.json"), (ObjectNode) cost);
    CliTest.Result r = run("profile", "summary", cpu.toString());
    assertThat(r.out())
        .contains(
            "CPU busy",
            "profiler cost taken out: ~2.00 us/op  (as recorded: CPU busy 0.05 ms, host / launch)");
  }

  @Test
  void gzipTracesAreReadAsPlainOnes() throws Exception {
    Path gz = dir.resolve("profile_trace.json.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(Files.readAllBytes(trace));
    }
    String plain = run("profile", "summary", trace.toString()).out();
    assertThat(run("profile", "summary", gz.toString()).out()).isEqualTo(plain);
  }

  @Test
  void summaryAndCompareJsonAddKeysAfterTheReferenceOnes() throws Exception {
    Path cpu = TestEngine.fixture("djl-traces/djl-cpu-trace-forward-sample.json");
    JsonNode summary = json("profile", "summary", cpu.toString(), "--json");
    assertThat(summary.get("device").asText()).isEqualTo("cpu");
    assertThat(summary.get("kernel_source").asText()).isEqualTo("cpu-leaf-ops");
    JsonNode compare = json("profile", "compare", trace.toString(), trace.toString(), "--json");
    assertThat(compare.has("environment_differences")).isTrue();
  }
}
