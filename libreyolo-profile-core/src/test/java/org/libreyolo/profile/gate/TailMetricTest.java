package org.libreyolo.profile.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.report.GateReport;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Profile;

/** The tail metric, added as one registry entry: the gate tests each block's p90 iteration. */
class TailMetricTest {
  private static final GateOptions TAIL =
      GateOptions.builder()
          .alpha(0.01)
          .maxRegression(0.05)
          .processNoise(0.01)
          .metrics(List.of("latency_p50_ms", "latency_p90_ms"))
          .build();

  /** Ten blocks: the median around {@code median}, the block's p90 around {@code p90}. */
  private static Profile profile(double median, double p90, long seed, boolean withTail)
      throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    ObjectNode p =
        (ObjectNode) Json.MAPPER.readTree("{\"schema\": \"libreyolo.profile.analysis/v1\"}");
    p.put("img_per_s", 1000 / median);
    p.putObject("latency").put("p50_ms", median).put("p90_ms", p90);
    p.putObject("environment").put("cpu", "x").put("threads", 1);
    ObjectNode blocks =
        p.putObject("samples")
            .putObject("blocks")
            .put("runs_per_block", 5)
            .put("canary", "yolo9t seeded 128x128");
    var step = blocks.putArray("step_ms");
    var canary = blocks.putArray("canary_ms");
    var tail = withTail ? blocks.putArray("step_p90_ms") : null;
    for (int k = 0; k < 10; k++) {
      step.add(median * Math.exp(r.nextGaussian() * 0.01));
      canary.add(10 * Math.exp(r.nextGaussian() * 0.005));
      if (tail != null) {
        tail.add(p90 * Math.exp(r.nextGaussian() * 0.01));
      }
    }
    return new Profile(p);
  }

  @Test
  void aSlowerTailIsARegressionTheMedianDoesNotSee() throws Exception {
    Gate.Result r = Gate.check(profile(100, 120, 1, true), profile(100, 170, 2, true), TAIL);
    assertThat(r.rows())
        .extracting(Gate.Row::metric)
        .containsExactly("latency_p50_ms", "latency_p90_ms");
    assertThat(r.rows().get(0).verdict()).isEqualTo(Verdict.PASS);
    Gate.Row tail = r.rows().get(1);
    assertThat(tail.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(tail.change()).isBetween(0.3, 0.5);
    assertThat(tail.baseline()).isEqualTo(120.0);
    assertThat(r.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(GateReport.markdown(r, "b.json", "c.json")).contains("| latency_p90_ms |");
  }

  @Test
  void anUnchangedTailPasses() throws Exception {
    Gate.Result r = Gate.check(profile(100, 120, 1, true), profile(100, 120, 2, true), TAIL);
    assertThat(r.rows()).extracting(Gate.Row::verdict).containsOnly(Verdict.PASS);
  }

  @Test
  void aBaselineWithoutTheSeriesSaysRecordItAgain() throws Exception {
    Gate.Result r = Gate.check(profile(100, 120, 1, false), profile(100, 170, 2, true), TAIL);
    Gate.Row tail = r.rows().get(1);
    assertThat(tail.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(tail.why())
        .isEqualTo(
            "the baseline has no per-block step_p90_ms (recorded before latency_p90_ms was gated):"
                + " record it again");
    assertThat(r.rows().get(0).verdict()).isEqualTo(Verdict.PASS);
  }

  @Test
  void theRegistryNamesEveryGatedKeyAndRefusesOthers() {
    assertThat(GateOptions.SUPPORTED)
        .containsExactly("img_per_s", "latency_p50_ms", "latency_p90_ms");
    assertThat(Metric.blockQuantiles()).containsExactly(0.5, 0.9);
    assertThatThrownBy(() -> Metric.gated("peak_rss_mb"))
        .isInstanceOf(LibreYoloException.class)
        .hasMessage(
            "unknown gate metric 'peak_rss_mb': use img_per_s, latency_p50_ms, latency_p90_ms");
  }
}
