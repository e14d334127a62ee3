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

  /**
   * A TorchScript trace that records a leftover shape before a convolution's own, and ONNX
   * Runtime's kernels: a blocked convolution padded to 32 channels counts the graph's 24, a Gemm
   * whose weight was pre-packed takes N from its output.
   */
  @Test
  void countsTheConvolutionsOwnShapesAndTheGraphsWeight() throws Exception {
    var json = org.libreyolo.profile.result.Json.MAPPER;
    assertThat(
            ShapeWork.convolution(json.readTree("[[1,64,40,40],[1,80,40,40],[80,80,1,1]]"), null))
        .as("the fitting input and weight: 80 channels in, 80 out, 1x1")
        .isEqualTo(40L * 40 * 80 * 80);
    assertThat(
            ShapeWork.convolution(
                json.readTree("[[1,32,20,20],[32,32,3,3],[32]]"), json.readTree("[24,24,3,3]")))
        .isEqualTo(20L * 20 * 24 * 24 * 3 * 3);
    assertThat(ShapeWork.matmul("Gemm", json.readTree("[[1,16],[10]]"), json.readTree("[[1,10]]")))
        .isEqualTo(16L * 10);
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
