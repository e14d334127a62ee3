package org.libreyolo.profile.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.internal.analysis.TraceAnalyzer;
import org.libreyolo.profile.internal.result.ProfileIo;

/**
 * One reader, one writer: a profile read and written again is the same bytes, unknown keys
 * included.
 */
class ProfileRoundTripTest {
  @Test
  void readingAndWritingKeepsEveryByteAndUnknownKeys(@TempDir Path dir) throws Exception {
    Profile analysed =
        TraceAnalyzer.analyze(
            Path.of("src/test/resources/fixtures/djl-traces/djl-cpu-trace-sample.json"));
    analysed = analysed.with(j -> j.put("a_key_from_a_newer_version", 1.50));
    analysed = analysed.with(j -> j.putObject("nested_extra").put("n", 3));
    Path first = dir.resolve("profile.json");
    ProfileIo.writeCompact(first, analysed.json());
    Profile read = new Profile(ProfileIo.readIfSchema(first, Profile.SCHEMA_PREFIX));
    assertThat(read).isNotNull();
    Path second = dir.resolve("again.json");
    ProfileIo.writeCompact(second, read.json());
    assertThat(Files.readAllBytes(second)).isEqualTo(Files.readAllBytes(first));
    assertThat(Files.readString(second))
        .contains("\"a_key_from_a_newer_version\": 1.5", "\"nested_extra\": {\"n\": 3}");
  }

  @Test
  void typedReadsKeepPythonsViewOfNumbers(@TempDir Path dir) throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("p.json"),
            "{\"schema\": \"libreyolo.profile.analysis/v1\","
                + " \"step_ms\": 12.0, \"kernels_per_step\": 12, \"img_per_s\": null, \"kernel_source\": \"cpu-leaf-ops\","
                + " \"latency\": {\"p50_ms\": 3.5, \"n\": 10}, \"samples\": {\"latency_ms\": [1.0, 2.0]}}");
    Profile p = new Profile(ProfileIo.readIfSchema(file, Profile.SCHEMA_PREFIX));
    assertThat(p.figures().stepMs().str()).isEqualTo("12.0");
    assertThat(p.figures().kernelsPerStep().str()).isEqualTo("12");
    assertThat(p.figures().imgPerS()).isNull();
    assertThat(Num.str(p.figures().imgPerS())).isEqualTo("None");
    assertThat(p.isCpu()).isTrue();
    assertThat(p.latency().p50().value()).isEqualTo(3.5);
    assertThat(p.latency().p90()).isNull();
    assertThat(p.samples().latencyMs()).containsExactly(1.0, 2.0);
    assertThat(p.hasLatencySamples()).isTrue();
    assertThat(p.kernels()).isEmpty();
  }
}
