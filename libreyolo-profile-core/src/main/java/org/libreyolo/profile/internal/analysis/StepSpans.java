package org.libreyolo.profile.internal.analysis;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per-step wall times of a trace: each {@code ProfilerStep#N} marker's duration and, per phase, the
 * {@code step/<phase>} spans that start inside it, as recorded or on the timeline the analysis
 * compensates to.
 */
public record StepSpans(List<String> steps, double[] stepMs, Map<String, double[]> phaseMs) {
  /** As recorded. */
  public static StepSpans recorded(Path trace) {
    return of(EventTable.read(trace));
  }

  /**
   * As the analysis compensates it: the per-op charge, then each phase scaled to {@code untracedMs}
   * (mean untraced ms per phase; empty: no scaling).
   */
  public static StepSpans compensated(Path trace, Map<String, Double> untracedMs) {
    EventTable t = EventTable.read(trace);
    TraceAnalyzer.Compensated c = TraceAnalyzer.compensated(t, untracedMs);
    return of(c == null ? t : c.table());
  }

  private static StepSpans of(EventTable t) {
    List<EventTable.Marker> markers =
        t.markers.stream().sorted((a, b) -> Double.compare(a.ts(), b.ts())).toList();
    int n = markers.size();
    double[] steps = new double[n];
    Map<String, double[]> phases = new LinkedHashMap<>();
    for (int s = 0; s < n; s++) {
      steps[s] = markers.get(s).dur() / 1000.0;
    }
    for (int i = 0; i < t.size; i++) {
      if (t.kind[i] != EventTable.CPU_PHASE) {
        continue;
      }
      for (int s = 0; s < n; s++) {
        EventTable.Marker m = markers.get(s);
        if (t.ts[i] >= m.ts() && t.ts[i] < m.ts() + m.dur()) {
          phases.computeIfAbsent(t.names.get(t.name[i]), k -> new double[n])[s] +=
              t.dur[i] / 1000.0;
          break;
        }
      }
    }
    return new StepSpans(markers.stream().map(EventTable.Marker::name).toList(), steps, phases);
  }
}
