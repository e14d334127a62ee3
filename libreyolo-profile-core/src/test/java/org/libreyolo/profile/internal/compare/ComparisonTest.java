package org.libreyolo.profile.internal.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;

class ComparisonTest {
  static JsonNode json(String text) throws Exception {
    return Json.MAPPER.readTree(text);
  }

  static Profile profile(String text) throws Exception {
    return new Profile((ObjectNode) json(text));
  }

  @Test
  void memoryRowsAppearOnlyWhenBothProfilesHaveThem() throws Exception {
    String memory =
        "\"host_memory\": {\"peak_rss_mb\": %s, \"peak_since\": \"measured runs\"},"
            + " \"tensor_memory\": {\"allocated_bytes_per_step\": %s, \"peak_live_bytes\": 1024},"
            + " \"allocation\": {\"bytes_per_iteration\": 2048}";
    Profile a = profile("{\"img_per_s\": 50.0, " + String.format(memory, "400.0", "1048576") + "}");
    Profile b = profile("{\"img_per_s\": 50.0, " + String.format(memory, "500.0", "2097152") + "}");
    Comparison.Result c = Comparison.compare(a, b, "a", "b", 0.05);
    assertThat(c.memory())
        .extracting(Comparison.MemoryRow::metric)
        .containsExactly(
            "peak_rss_mb",
            "tensor_bytes_per_step",
            "tensor_peak_live_bytes",
            "java_heap_bytes_per_iteration");
    assertThat(org.libreyolo.profile.internal.report.TextReport.compare(c))
        .contains(
            "peak RSS       400 MB -> 500 MB (+25%)", "tensors/step   1.0 MB -> 2.0 MB (+100%)");
    assertThat(c.json().get("memory").get("peak_rss_mb").get("after").asDouble()).isEqualTo(500.0);
    Comparison.Result none =
        Comparison.compare(a, profile("{\"img_per_s\": 50.0}"), "a", "b", 0.05);
    assertThat(none.memory()).isEmpty();
    assertThat(none.json().has("memory")).as("the reference's JSON, unchanged").isFalse();
  }

  @Test
  void significanceRuleByHand() throws Exception {
    // SE = sqrt(2^2/4 + 1^2/4) = 1.118; 2*SE = 2.236; |d| = 3 > 2.236
    Comparison.Significance s =
        Comparison.significance(
            profile("{\"img_per_s\": 50.0, \"img_per_s_std\": 2.0, \"img_per_s_n\": 4}"),
            profile("{\"img_per_s\": 53.0, \"img_per_s_std\": 1.0, \"img_per_s_n\": 4}"));
    assertThat(s.significant()).isTrue();
    assertThat(s.text()).isEqualTo("|d|=3.0 vs 2*SE=2.2");
    // |d| = 2 < 2.236: not significant
    assertThat(
            Comparison.significance(
                    profile("{\"img_per_s\": 50.0, \"img_per_s_std\": 2.0, \"img_per_s_n\": 4}"),
                    profile("{\"img_per_s\": 52.0, \"img_per_s_std\": 1.0, \"img_per_s_n\": 4}"))
                .significant())
        .isFalse();
  }

  @Test
  void zeroStdsMakeAnyDifferenceSignificantAndNoDifferenceNot() throws Exception {
    assertThat(
            Comparison.significance(
                    profile("{\"img_per_s\": 50.0, \"img_per_s_std\": 0.0, \"img_per_s_n\": 2}"),
                    profile("{\"img_per_s\": 50.01, \"img_per_s_std\": 0.0, \"img_per_s_n\": 2}"))
                .significant())
        .isTrue();
    assertThat(
            Comparison.significance(
                    profile("{\"img_per_s\": 50.0, \"img_per_s_std\": 0.0, \"img_per_s_n\": 2}"),
                    profile("{\"img_per_s\": 50.0, \"img_per_s_std\": 0.0, \"img_per_s_n\": 2}"))
                .significant())
        .isFalse();
  }

  @Test
  void singleRunsAndMissingThroughputHaveNoCall() throws Exception {
    Comparison.Significance single =
        Comparison.significance(
            profile("{\"img_per_s\": 50.0}"),
            profile("{\"img_per_s\": 60.0, \"img_per_s_std\": 1.0, \"img_per_s_n\": 3}"));
    assertThat(single.significant()).isNull();
    assertThat(single.text()).isEqualTo(Comparison.SINGLE_RUN);
    // two inference profiles: their trials are forks, so the advice is the gate over forks, not run
    // --repeat
    Comparison.Significance infer =
        Comparison.significance(
            profile("{\"mode\": \"inference\", \"img_per_s\": 50.0}"),
            profile("{\"mode\": \"inference\", \"img_per_s\": 60.0}"));
    assertThat(infer.text())
        .isEqualTo(Comparison.SINGLE_RUN_INFER)
        .contains("'check'")
        .doesNotContain("run --repeat");
    Comparison.Significance none =
        Comparison.significance(profile("{\"img_per_s\": null}"), profile("{\"img_per_s\": 5.0}"));
    assertThat(none.significant()).isNull();
    assertThat(none.text()).isEqualTo("img/s unavailable");
  }

  static ObjectNode profileWithLatencies(double median, double noise, long seed, String threads)
      throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 60; i++) {
      s.append(i == 0 ? "" : ",").append(median * Math.exp(r.nextGaussian() * noise));
    }
    return (ObjectNode)
        json(
            "{\"schema\": \"libreyolo.profile.analysis/v1\", \"img_per_s\": 10.0, \"step_ms\": 100.0,"
                + " \"config\": {\"batch\": 1}, \"gpu_util\": 0.0, \"host_overhead_ms_per_step\": 1.0, \"launches_per_step\": 5,"
                + " \"bound\": \"compute\", \"environment\": {\"cpu\": \"x\", \"threads\": "
                + threads
                + "},"
                + " \"samples\": {\"latency_ms\": ["
                + s
                + "]}}");
  }

  @Test
  void statisticsDetectAFivePercentSlowdownAndReportItsSize() throws Exception {
    Profile a = new Profile(profileWithLatencies(100, 0.02, 1, "1"));
    Profile b = new Profile(profileWithLatencies(105, 0.02, 2, "1"));
    JsonNode c = Comparison.compare(a, b, "a", "b", 0.05).json();
    JsonNode s = c.get("statistics");
    assertThat(s.get("metric").asText()).isEqualTo("latency_ms");
    assertThat(s.get("welch_log").get("ratio").asDouble()).isCloseTo(1.05, within(0.01));
    assertThat(s.get("welch_log").get("ci95").get(0).asDouble()).isGreaterThan(1.0);
    assertThat(s.get("welch_log").get("p").asDouble()).isLessThan(1e-6);
    assertThat(s.get("mann_whitney").get("p").asDouble()).isLessThan(1e-6);
    assertThat(s.get("mann_whitney").get("hodges_lehmann_shift").asDouble())
        .isCloseTo(5.0, within(1.0));
    assertThat(s.get("bootstrap_median_change").get("change").asDouble())
        .isCloseTo(0.05, within(0.015));
    // MDE ~ 2.8 * 0.02 * sqrt(2/60) ~ 1%
    assertThat(s.get("mde_relative").asDouble()).isCloseTo(0.0102, within(0.003));
    assertThat(c.get("environment_differences")).isEmpty();
  }

  @Test
  void aaComparisonIsNotSignificantAndEnvironmentsAreChecked() throws Exception {
    Profile a = new Profile(profileWithLatencies(100, 0.02, 1, "1"));
    Profile b = new Profile(profileWithLatencies(100, 0.02, 3, "2"));
    JsonNode c = Comparison.compare(a, b, "a", "b", 0.05).json();
    JsonNode s = c.get("statistics");
    assertThat(s.get("welch_log").get("ci95").get(0).asDouble()).isLessThan(1.0);
    assertThat(s.get("welch_log").get("ci95").get(1).asDouble()).isGreaterThan(1.0);
    assertThat(c.get("environment_differences").get("threads").toString()).isEqualTo("[1,2]");
  }

  @Test
  void numbersCompareByValueAcrossNodeTypes() {
    var f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
    assertThat(Comparison.same(f.numberNode(-1), f.numberNode(-1L))).isTrue();
    assertThat(Comparison.same(f.numberNode(2), f.numberNode(2.0))).isTrue();
    assertThat(Comparison.same(f.numberNode(2), f.numberNode(3L))).isFalse();
  }

  @Test
  void noSamplesMeansNoStatisticsBlock() throws Exception {
    JsonNode c =
        Comparison.compare(
                new Profile((ObjectNode) json("{\"img_per_s\": 1.0}")),
                new Profile((ObjectNode) json("{\"img_per_s\": 2.0}")),
                "a",
                "b",
                0.05)
            .json();
    assertThat(c.get("statistics").isNull()).isTrue();
    assertThat(c.get("ms_per_image").get("before").isNull()).isTrue();
  }
}
