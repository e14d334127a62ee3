package org.libreyolo.profile.internal.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Work counted from recorded input shapes: the first traced step only, each op family once. */
class ShapeWorkTest {
  @Test
  void countsConvolutionAndMatrixProductMacsOfTheFirstTracedStep(@TempDir Path dir)
      throws Exception {
    Path trace = dir.resolve("trace.json");
    Files.writeString(
        trace,
        """
        {"traceEvents": [
          {"name": "ProfilerStep#7", "ph": "X", "ts": 100, "dur": 100},
          {"name": "aten::convolution", "ph": "X", "ts": 110, "dur": 5,
           "args": {"Input Dims": [[2, 3, 8, 8], [16, 3, 3, 3], [16], [], []]}},
          {"name": "aten::_convolution", "ph": "X", "ts": 111, "dur": 4,
           "args": {"Input Dims": [[2, 3, 8, 8], [16, 3, 3, 3], [16], [], []]}},
          {"name": "aten::addmm", "ph": "X", "ts": 120, "dur": 5, "args": {"Input Dims": [[10], [4, 6], [6, 10]]}},
          {"name": "aten::bmm", "ph": "X", "ts": 130, "dur": 5, "args": {"Input Dims": [[3, 4, 5], [3, 5, 2]]}},
          {"name": "ProfilerStep#8", "ph": "X", "ts": 300, "dur": 100},
          {"name": "aten::convolution", "ph": "X", "ts": 310, "dur": 5,
           "args": {"Input Dims": [[2, 3, 8, 8], [16, 3, 3, 3], [16], [], []]}}
        ]}""");
    ShapeWork work = ShapeWork.of(trace);
    assertThat(work.convMacsStride1()).isEqualTo(2L * 8 * 8 * 16 * 3 * 3 * 3);
    assertThat(work.matmulMacs()).isEqualTo(4L * 6 * 10 + 3L * 4 * 5 * 2);
    assertThat(work.json().toString())
        .isEqualTo("{\"conv_macs_stride1_per_step\":55296,\"matmul_macs_per_step\":360}");
  }

  @Test
  void aTraceWithoutShapesHasNoWork(@TempDir Path dir) throws Exception {
    Path trace = dir.resolve("trace.json");
    Files.writeString(
        trace,
        """
        {"traceEvents": [{"name": "ProfilerStep#1", "ph": "X", "ts": 0, "dur": 10},
          {"name": "aten::convolution", "ph": "X", "ts": 1, "dur": 5}]}""");
    assertThat(ShapeWork.of(trace)).isNull();
  }
}
