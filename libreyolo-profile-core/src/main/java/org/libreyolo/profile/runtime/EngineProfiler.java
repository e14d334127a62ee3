package org.libreyolo.profile.runtime;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.Api;

/**
 * An engine's own profiler around a step's traced iterations: started before them, stopped after
 * them, its ops then placed on the trace's clock and written on the step's ops track beside
 * libtorch's. Neither call is timed.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public interface EngineProfiler {
  /**
   * Starts profiling, before the traced iterations.
   *
   * @param dir a folder of this run's for the profiler's temporary files
   * @throws IOException when the profiler cannot write there
   */
  void start(Path dir) throws IOException;

  /**
   * Stops profiling, after the traced iterations, and reads what it recorded.
   *
   * @param clock turns a {@link System#nanoTime()} reading into the trace's µs
   * @return the ops it recorded, on the trace's clock
   * @throws IOException when its files cannot be read
   */
  List<EngineOp> stop(TraceClock clock) throws IOException;

  /** The trace's clock, for placing an engine's ops beside libtorch's. */
  @FunctionalInterface
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  interface TraceClock {
    /**
     * A {@link System#nanoTime()} reading on the trace's clock.
     *
     * @param nanoTime the reading
     * @return µs of the trace
     */
    double traceUs(long nanoTime);
  }
}
