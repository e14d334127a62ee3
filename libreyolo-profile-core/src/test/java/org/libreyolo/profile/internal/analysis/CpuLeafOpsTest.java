package org.libreyolo.profile.internal.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a CPU trace the launches counted are the leaf ops: an op that contains no other op on its
 * thread. A wrapper is never one, whether its own time rounds to 0 µs in a window or not, so the
 * count per step is one number for one step (it read 1,514 to 2,409 when "has self time" decided);
 * the time stays every op's own (a convolution's compute sits in an op that calls small ones).
 */
class CpuLeafOpsTest {
  @TempDir Path dir;

  @Test
  void aWrapperIsNeverALeafWhateverItsSelfTime() {
    Traces t = new Traces().markers();
    for (int base : new int[] {200, 300, 400}) {
      // aten::conv2d around aten::convolution: the same 20 us in the first step (self 0), one
      // microsecond more in the others (self 1)
      t.x("cpu_op", "aten::conv2d", base + 10, base == 200 ? 20 : 21);
      t.x("cpu_op", "aten::convolution", base + 10, 20);
      t.x("cpu_op", "aten::relu", base + 40, 5);
    }
    JsonNode p =
        TraceAnalyzer.analyze(
                t.write(dir.resolve("t.json")), org.libreyolo.profile.result.ProfileSummary.EMPTY)
            .json();
    assertThat(p.get("kernel_source").asText()).isEqualTo("cpu-leaf-ops");
    assertThat(p.get("launches_per_step").asLong()).isEqualTo(2);
    // the time stays every op's own: the wrapper's microsecond is in the busy time, not a launch
    assertThat(p.get("kernels").findValuesAsText("raw_name"))
        .contains("aten::convolution", "aten::relu", "aten::conv2d");
  }
}
