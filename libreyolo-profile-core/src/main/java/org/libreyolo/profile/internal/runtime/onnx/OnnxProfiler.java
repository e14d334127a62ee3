package org.libreyolo.profile.internal.runtime.onnx;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.runtime.EngineOp;
import org.libreyolo.profile.runtime.EngineProfiler;

/**
 * ONNX Runtime's own profiler around the traced steps of a model it runs: its kernels, placed on
 * the trace's clock run by run, each convolution with its weight as the graph declares it, and the
 * profiler's cost per kernel (docs/onnx.md).
 */
final class OnnxProfiler implements EngineProfiler {
  private final OnnxSession model;

  OnnxProfiler(OnnxSession model) {
    this.model = model;
  }

  @Override
  public void start(Path dir) throws IOException {
    model.startProfiling(Files.createTempDirectory(Files.createDirectories(dir), ".onnxruntime-"));
  }

  @Override
  public List<EngineOp> stop(TraceClock clock) throws IOException {
    OnnxSession.Profiled p = model.stopProfiling();
    try {
      List<double[]> runs =
          p.runs().stream()
              .map(r -> new double[] {clock.traceUs(r[0]), clock.traceUs(r[1])})
              .toList();
      List<EngineOp> ops =
          OnnxRuntimeProfile.ops(
              p.file(), runs, OnnxGraph.convolutionWeights(model.file()), Double.NaN);
      double cost = p.costPerKernelUs(runs.isEmpty() ? 0 : ops.size() / runs.size());
      return Double.isNaN(cost)
          ? ops
          : ops.stream().map(o -> new EngineOp(o.name(), o.ts(), o.dur(), o.args(), cost)).toList();
    } finally {
      Files.deleteIfExists(p.file());
      Files.deleteIfExists(p.file().getParent());
    }
  }
}
