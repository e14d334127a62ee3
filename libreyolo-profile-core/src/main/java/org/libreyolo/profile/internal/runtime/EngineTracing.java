package org.libreyolo.profile.internal.runtime;

import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.internal.measure.PhaseClock;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.runtime.EngineProfiler;

/**
 * A step whose engine has its own profiler: the profiler runs around the traced iterations, and its
 * ops join libtorch's (the pre- and postprocessing) in the trace. The iterations themselves are the
 * step's.
 */
final class EngineTracing implements StepTimer.Iteration {
  private final StepTimer.Iteration body;
  private final EngineProfiler profiler;
  private final java.nio.file.Path dir;

  EngineTracing(StepTimer.Iteration body, EngineProfiler profiler, java.nio.file.Path dir) {
    this.body = body;
    this.profiler = profiler;
    this.dir = dir;
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
  public void traceStarting(CaptureSession session) throws Exception {
    body.traceStarting(session);
    profiler.start(dir);
  }

  @Override
  public void traceStopping(CaptureSession session) throws Exception {
    session.engineOps(profiler.stop(session::traceUs));
    body.traceStopping(session);
  }
}
