package org.libreyolo.profile.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.internal.analysis.Traces;

/** The timeline strip is scaled to the usual step, not to one slow first step. */
class TraceTimelineTest {
  @TempDir Path dir;

  @Test
  void aSlowStepIsCutAndTheOthersKeepTheirScale() {
    Traces t = new Traces();
    // a 557 ms first run (a session start), then eight of 5 ms, each with a forward phase
    t.x("user_annotation", "ProfilerStep#0", 0, 557_000);
    t.x("user_annotation", "step/forward", 1_000, 550_000);
    for (int i = 1; i <= 8; i++) {
      double start = 557_000 + i * 6_000;
      t.x("user_annotation", "ProfilerStep#" + i, start, 5_000);
      t.x("user_annotation", "step/forward", start + 500, 4_000);
    }
    String svg = TraceTimeline.read(t.write(dir.resolve("trace.json")), 9).svg();
    assertThat(svg).contains("557 ms, cut").contains("5 ms (time within the step)");
    assertThat(svg).doesNotContain("557 ms (time within the step)");
  }
}
