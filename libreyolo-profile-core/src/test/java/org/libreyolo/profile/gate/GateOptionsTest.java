package org.libreyolo.profile.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.Option;

/** The gate's one option table: what every surface hands over, read and refused alike. */
class GateOptionsTest {
  @Test
  void nothingGivenIsTheDefaults() {
    assertThat(GateOptions.of(o -> null)).isEqualTo(GateOptions.defaults());
    assertThat(GateOptions.of(o -> " ")).isEqualTo(GateOptions.defaults());
  }

  @Test
  void textNumbersAndListsSetTheSameOptions() {
    Map<Option, Object> text =
        Map.of(
            Option.ALPHA, "0.01",
            Option.MAX_REGRESSION, " 0.1 ",
            Option.METRICS, "img_per_s, latency_p90_ms",
            Option.PROCESS_NOISE, "0.03",
            Option.JOB_NOISE, "0");
    Map<Option, Object> typed =
        Map.of(
            Option.ALPHA, 0.01,
            Option.MAX_REGRESSION, 0.1,
            Option.METRICS, List.of("img_per_s", "latency_p90_ms"),
            Option.PROCESS_NOISE, 0.03,
            Option.JOB_NOISE, 0.0);
    GateOptions fromText = GateOptions.of(text::get);
    assertThat(fromText).isEqualTo(GateOptions.of(typed::get));
    assertThat(fromText.alpha()).isEqualTo(0.01);
    assertThat(fromText.metrics()).containsExactly("img_per_s", "latency_p90_ms");
    assertThat(GateOptions.OPTIONS).containsExactlyInAnyOrderElementsOf(text.keySet());
  }

  @Test
  void badValuesAreRefusedInTheSurfacesTerms() {
    assertThatThrownBy(() -> GateOptions.of(o -> o == Option.ALPHA ? "five" : null))
        .isInstanceOfSatisfying(
            LibreYoloException.class,
            e -> {
              assertThat(e.message(Option.Surface.CLI))
                  .isEqualTo("--alpha must be a number, got 'five'");
              assertThat(e.message(Option.Surface.MAVEN))
                  .isEqualTo("alpha must be a number, got 'five'");
            });
    assertThatThrownBy(() -> GateOptions.of(o -> o == Option.MAX_REGRESSION ? "5" : null))
        .isInstanceOfSatisfying(
            LibreYoloException.class,
            e ->
                assertThat(e.message(Option.Surface.CLI))
                    .startsWith("--max-regression must be a fraction (0.05 = 5%) within (0, 1)"));
    assertThatThrownBy(() -> GateOptions.of(o -> o == Option.JOB_NOISE ? Double.NaN : null))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("jobNoise");
  }

  /** What a surface hands the builder, as its user typed it: the metrics trimmed, then checked. */
  @Test
  void theBuilderTakesTheMetricsAsASurfaceSplitsThem() {
    GateOptions o =
        GateOptions.builder()
            .alpha(0.02)
            .maxRegression(0.1)
            .metrics(List.of(" latency_p90_ms", "img_per_s "))
            .jobNoise(0.05)
            .build();
    assertThat(o.metrics()).containsExactly("latency_p90_ms", "img_per_s");
    assertThat(o.processNoise()).isEqualTo(GateOptions.defaults().processNoise());
    assertThat(GateOptions.builder().metrics(List.of()).build().metrics())
        .isEqualTo(GateOptions.DEFAULT);
    assertThatThrownBy(() -> GateOptions.builder().alpha(5).build())
        .isInstanceOfSatisfying(
            LibreYoloException.class,
            e -> assertThat(e.message(Option.Surface.MAVEN)).startsWith("alpha must be"));
  }
}
