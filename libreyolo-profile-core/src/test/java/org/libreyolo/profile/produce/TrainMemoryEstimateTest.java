package org.libreyolo.profile.produce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The training memory estimate against the peaks measured here (docs/benchmarks.md). */
class TrainMemoryEstimateTest {
  private static TrainOptions run(int batch, int imgsz) {
    return TrainOptions.builder().batch(batch).imgsz(imgsz).build();
  }

  @Test
  void theEstimateFollowsTheMeasuredPeaks() {
    assertThat(TrainProfiler.estimatedPeakGb(run(16, 640))).isCloseTo(11.5, within(0.5));
    assertThat(TrainProfiler.estimatedPeakGb(run(4, 320))).isCloseTo(3.35, within(0.3));
    assertThat(TrainProfiler.estimatedPeakGb(run(2, 128))).isBetween(1.25, 2.0);
  }

  @Test
  void aRunBeyondTheMachinesMemoryIsWarnedNamingTheFix() {
    assertThat(TrainProfiler.memoryWarning(run(2, 128))).isEmpty();
    assertThat(TrainProfiler.memoryWarning(run(512, 1280)))
        .hasValueSatisfying(
            w -> assertThat(w).contains("this run needs about", "batch 512 at 1280 px", "{batch}"));
    assertThat(TrainProfiler.memoryWarning(run(-1, 1280))).as("-1 fits itself").isEmpty();
  }
}
