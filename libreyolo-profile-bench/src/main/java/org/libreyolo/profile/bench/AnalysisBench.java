package org.libreyolo.profile.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import org.libreyolo.profile.internal.analysis.TraceAnalyzer;

/** Analysis throughput and peak heap on a real trace and on an N-times concatenation of it. */
public final class AnalysisBench {
  private AnalysisBench() {}

  /** One measurement: events, median wall ms over runs, peak heap MB during the runs. */
  public record Result(long events, double medianMs, double peakHeapMb) {}

  public static Result measure(Path trace, long events, int runs) {
    double[] ms = new double[runs];
    resetPeaks();
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      TraceAnalyzer.analyze(trace, org.libreyolo.profile.result.ProfileSummary.EMPTY);
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    return new Result(events, Medians.of(ms), peakHeapMb());
  }

  private static void resetPeaks() {
    System.gc();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  private static double peakHeapMb() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak / 1e6;
  }
}
