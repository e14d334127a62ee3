package org.libreyolo.profile.internal.runtime.onnx;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.internal.measure.PhaseClock;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.internal.trace.EngineOp;

/**
 * The traced steps of an ONNX model: ONNX Runtime's profiler runs while they do, and its kernels
 * join libtorch's ops (the pre- and postprocessing) in the trace (docs/onnx.md).
 */
final class OnnxTracing implements StepTimer.Iteration {
  private final StepTimer.Iteration body;
  private final OnnxSession model;
  private final Path dir;

  private OnnxTracing(StepTimer.Iteration body, OnnxSession model, Path dir) {
    this.body = body;
    this.model = model;
    this.dir = dir;
  }

  /**
   * {@code body} with ONNX Runtime's profiler around the traced steps; its temp files in {@code
   * dir}.
   */
  static StepTimer.Iteration around(StepTimer.Iteration body, OnnxSession model, Path dir) {
    return new OnnxTracing(body, model, dir);
  }

  @Override
  public void run(PhaseClock clock, int index) throws Exception {
    body.run(clock, index);
  }

  @Override
  public void prepare(int index) throws Exception {
    body.prepare(index);
  }

  @Override
  public void finish(int index) throws Exception {
    body.finish(index);
  }

  @Override
  public void traceStarting(CaptureSession session) throws IOException {
    model.startProfiling(Files.createTempDirectory(Files.createDirectories(dir), ".onnxruntime-"));
  }

  @Override
  public void traceStopping(CaptureSession session) throws IOException {
    OnnxSession.Profiled p = model.stopProfiling();
    try {
      List<double[]> runs =
          p.runs().stream()
              .map(r -> new double[] {session.traceUs(r[0]), session.traceUs(r[1])})
              .toList();
      List<EngineOp> ops =
          OnnxRuntimeProfile.ops(
              p.file(), runs, OnnxGraph.convolutionWeights(model.file()), Double.NaN);
      double cost = p.costPerKernelUs(runs.isEmpty() ? 0 : ops.size() / runs.size());
      session.engineOps(
          Double.isNaN(cost)
              ? ops
              : ops.stream()
                  .map(o -> new EngineOp(o.name(), o.ts(), o.dur(), o.args(), cost))
                  .toList());
    } finally {
      Files.deleteIfExists(p.file());
      Files.deleteIfExists(p.file().getParent());
    }
  }
}
