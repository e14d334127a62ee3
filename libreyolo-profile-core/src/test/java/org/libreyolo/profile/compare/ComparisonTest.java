package org.libreyolo.profile.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.internal.report.CompareJson;
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
    assertThat(org.libreyolo.profile.internal.report.CompareText.compare(c))
        .contains(
            "peak RSS       400 MB -> 500 MB (+25%)", "tensors/step   1.0 MB -> 2.0 MB (+100%)");
    assertThat(CompareJson.json(c).get("memory").get("peak_rss_mb").get("after").asDouble())
        .isEqualTo(500.0);
    Comparison.Result none =
        Comparison.compare(a, profile("{\"img_per_s\": 50.0}"), "a", "b", 0.05);
    assertThat(none.memory()).isEmpty();
    assertThat(CompareJson.json(none).has("memory"))
        .as("the reference's JSON, unchanged")
        .isFalse();
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
        .contains("N forks and use 'check'", "'ab'")
        .doesNotContain("run --repeat");
    Comparison.Significance none =
        Comparison.significance(profile("{\"img_per_s\": null}"), profile("{\"img_per_s\": 5.0}"));
    assertThat(none.significant()).isNull();
    assertThat(none.text()).isEqualTo("img/s unavailable");
  }

  /**
   * A profile whose forks' blocks are log-normal around {@code median} ms (20 blocks a fork), and
   * 60 iterations in {@code samples.latency_ms} around the same median with one process's tiny
   * spread.
   */
  static ObjectNode profileWithForks(
      double median, double noise, long seed, String threads, int forks) throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    StringBuilder lat = new StringBuilder();
    for (int i = 0; i < 60; i++) {
      lat.append(i == 0 ? "" : ",").append(median * Math.exp(r.nextGaussian() * 0.002));
    }
    StringBuilder f = new StringBuilder();
    for (int k = 0; k < forks; k++) {
      double level = median * Math.exp(r.nextGaussian() * noise); // each JVM its own speed
      StringBuilder steps = new StringBuilder();
      StringBuilder canary = new StringBuilder();
      for (int i = 0; i < 20; i++) {
        steps.append(i == 0 ? "" : ",").append(level * Math.exp(r.nextGaussian() * 0.002));
        canary.append(i == 0 ? "" : ",").append(1.0);
      }
      f.append(k == 0 ? "" : ",")
          .append("{\"index\": ")
          .append(k)
          .append(", \"blocks\": {\"runs_per_block\": 5, \"step_ms\": [")
          .append(steps)
          .append("], \"canary_ms\": [")
          .append(canary)
          .append("]}}");
    }
    return (ObjectNode)
        json(
            "{\"schema\": \"libreyolo.profile.analysis/v1\", \"mode\": \"inference\","
                + " \"img_per_s\": 10.0, \"step_ms\": 100.0, \"config\": {\"batch\": 1},"
                + " \"gpu_util\": 0.0, \"host_overhead_ms_per_step\": 1.0,"
                + " \"launches_per_step\": 5, \"bound\": \"compute\","
                + " \"environment\": {\"cpu\": \"x\", \"threads\": "
                + threads
                + "}, \"samples\": {\"latency_ms\": ["
                + lat
                + "], \"forks\": ["
                + f
                + "]}}");
  }

  @Test
  void statisticsOverForksDetectAFivePercentSlowdownAndReportItsSize() throws Exception {
    Profile a = new Profile(profileWithForks(100, 0.01, 1, "1", 10));
    Profile b = new Profile(profileWithForks(105, 0.01, 2, "1", 10));
    Comparison.Result result = Comparison.compare(a, b, "a", "b", 0.05);
    JsonNode c = CompareJson.json(result);
    JsonNode s = c.get("statistics");
    assertThat(s.get("metric").asText()).isEqualTo("step_ms");
    assertThat(s.get("per").asText()).isEqualTo("fork");
    assertThat(s.get("n").toString()).isEqualTo("[10,10]");
    assertThat(s.get("welch_log").get("ratio").asDouble()).isCloseTo(1.05, within(0.015));
    assertThat(s.get("welch_log").get("ci95").get(0).asDouble()).isGreaterThan(1.0);
    assertThat(s.get("welch_log").get("p").asDouble()).isLessThan(1e-3);
    // MDE ~ 2.8 * 0.01 * sqrt(2/10) ~ 1.3%
    assertThat(s.get("mde_relative").asDouble()).isCloseTo(0.0125, within(0.006));
    assertThat(c.get("environment_differences")).isEmpty();
    assertThat(result.significance().text()).endsWith("over 10 vs 10 forks");
    assertThat(org.libreyolo.profile.internal.report.CompareText.compare(result))
        .contains(
            "statistics     step_ms per fork (the median of its blocks), n 10 vs 10 (lower is better)");
  }

  @Test
  void aaComparisonOverForksIsNotSignificantAndEnvironmentsAreChecked() throws Exception {
    Profile a = new Profile(profileWithForks(100, 0.02, 1, "1", 10));
    Profile b = new Profile(profileWithForks(100, 0.02, 3, "2", 10));
    JsonNode c = CompareJson.json(Comparison.compare(a, b, "a", "b", 0.05));
    JsonNode s = c.get("statistics");
    assertThat(s.get("welch_log").get("ci95").get(0).asDouble()).isLessThan(1.0);
    assertThat(s.get("welch_log").get("ci95").get(1).asDouble()).isGreaterThan(1.0);
    assertThat(c.get("environment_differences").get("threads").toString()).isEqualTo("[1,2]");
  }

  /**
   * Two processes of one build, each with a steady speed of its own (+5% apart, as two JVMs of one
   * build often are): their iterations would say p < 0.0001; one process each has no unit, and
   * compare says so instead of a p-value.
   */
  @Test
  void oneProcessEachGetsNoPValueButTheAdviceThatFits() throws Exception {
    Profile a = new Profile(profileWithForks(100, 0.0, 1, "1", 0));
    Profile b = new Profile(profileWithForks(105, 0.0, 2, "1", 0));
    Comparison.Result c = Comparison.compare(a, b, "a", "b", 0.05);
    assertThat(c.statistics()).isNull();
    assertThat(CompareJson.json(c).get("statistics").isNull()).isTrue();
    assertThat(c.significance().significant()).isNull();
    assertThat(c.significance().text()).isEqualTo(Comparison.SINGLE_RUN_INFER);
    assertThat(String.join("\n", org.libreyolo.profile.internal.report.CompareText.compare(c)))
        .doesNotContain("p=", "Welch", "statistics ")
        .contains("[" + Comparison.SINGLE_RUN_INFER + "]");
    Comparison.Result oneSide =
        Comparison.compare(a, new Profile(profileWithForks(100, 0.01, 2, "1", 5)), "a", "b", 0.05);
    assertThat(oneSide.statistics()).isNull();
    assertThat(oneSide.significance().text()).isEqualTo(Comparison.ONE_SIDE_FORKED);
  }

  /** Batch 1 against batch 4: named first, in text and JSON, before any figure. */
  @Test
  void differingWorkloadsAreNamedFirst() throws Exception {
    ObjectNode four = profileWithForks(300, 0.01, 2, "1", 10);
    ((ObjectNode) four.get("config")).put("batch", 4);
    Comparison.Result c =
        Comparison.compare(
            new Profile(profileWithForks(100, 0.01, 1, "1", 10)),
            new Profile(four),
            "a",
            "b",
            0.05);
    java.util.List<String> text = org.libreyolo.profile.internal.report.CompareText.compare(c);
    assertThat(text.get(0))
        .isEqualTo(
            "workloads differ (batch 1 -> 4): every figure below compares two workloads, not two"
                + " builds of one; ms/image is the batch-independent figure");
    java.util.Iterator<String> keys = CompareJson.json(c).fieldNames();
    assertThat(java.util.List.of(keys.next(), keys.next(), keys.next()))
        .containsExactly("before", "after", "workload_differences");
    assertThat(CompareJson.json(c).get("workload_differences").toString())
        .isEqualTo("[\"batch 1 -> 4\"]");
  }

  @Test
  void numbersCompareByValueAcrossNodeTypes() {
    var f = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
    assertThat(
            org.libreyolo.profile.internal.compare.Workload.same(
                f.numberNode(-1), f.numberNode(-1L)))
        .isTrue();
    assertThat(
            org.libreyolo.profile.internal.compare.Workload.same(
                f.numberNode(2), f.numberNode(2.0)))
        .isTrue();
    assertThat(
            org.libreyolo.profile.internal.compare.Workload.same(f.numberNode(2), f.numberNode(3L)))
        .isFalse();
  }

  @Test
  void noSamplesMeansNoStatisticsBlock() throws Exception {
    JsonNode c =
        CompareJson.json(
            Comparison.compare(
                new Profile((ObjectNode) json("{\"img_per_s\": 1.0}")),
                new Profile((ObjectNode) json("{\"img_per_s\": 2.0}")),
                "a",
                "b",
                0.05));
    assertThat(c.get("statistics").isNull()).isTrue();
    assertThat(c.get("ms_per_image").get("before").isNull()).isTrue();
  }
}
