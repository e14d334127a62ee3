package org.libreyolo.profile.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.result.Num;

/**
 * The stages are timed in iterations of their own: where their sum exceeds the latency mean the
 * summary says so in a line of its own (the reference's stage line stays as it is).
 */
class StagesGapTest {
  private static Num num(double v) {
    return Num.of(com.fasterxml.jackson.databind.node.DoubleNode.valueOf(v));
  }

  private static Map<String, Num> stages(double pre, double fwd, double post) {
    Map<String, Num> m = new LinkedHashMap<>();
    m.put("preprocess", num(pre));
    m.put("forward", num(fwd));
    m.put("postprocess", num(post));
    return m;
  }

  @Test
  void aForwardAboveTheStepIsSaidWithTheGap() {
    // the README's main command beside a busy process: forward 347.9 ms, step mean 296.8 ms
    assertThat(
            TextReport.stagesGap(
                stages(3.1, 347.9, 2.4),
                Num.of(com.fasterxml.jackson.databind.node.DoubleNode.valueOf(296.8))))
        .isEqualTo(
            "         the stages together 353.4 ms, 19.1% above the latency mean 296.8 ms: they"
                + " are timed in iterations of their own, alternating with the latency's (their"
                + " clock waits at each boundary)");
  }

  @Test
  void stagesInsideTheStepOrWithinRoundingSayNothing() {
    assertThat(
            TextReport.stagesGap(
                stages(1.2, 16.9, 1.3),
                Num.of(com.fasterxml.jackson.databind.node.DoubleNode.valueOf(19.5))))
        .isEmpty();
    assertThat(
            TextReport.stagesGap(
                stages(1.2, 17.0, 1.3),
                Num.of(com.fasterxml.jackson.databind.node.DoubleNode.valueOf(19.494))))
        .isEmpty();
    assertThat(TextReport.stagesGap(stages(1.2, 17.0, 1.3), null)).isEmpty();
  }
}
