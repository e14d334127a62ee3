package org.libreyolo.profile.internal.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.result.OpCalls;

/**
 * Reads the op calls of one step of a CPU trace ({@link OpCalls.Process}), each call a layer: the
 * k-th call of an op in a step is the same call in every step, and in another run of a model with
 * the same op sequence (a wider layer keeps its place). Each call's own time (self, the profiler's
 * cost taken out as the analysis takes it out) is its median over the analysis window's steps; its
 * input shapes and multiply-adds come from the first traced step, where the producers record shapes
 * (docs/diff.md). Producers store them in the profile ({@code op_calls}); the diff reads a trace
 * only for a profile that predates that.
 */
public final class StepCalls {
  private StepCalls() {}

  /**
   * The calls of {@code trace} compensated as its sibling summary says, or null when it is not a
   * CPU trace with step markers.
   *
   * @param trace the trace
   * @return the calls, or null
   */
  public static OpCalls.Process of(Path trace) {
    if (trace == null || !Files.isRegularFile(trace)) {
      return null;
    }
    Path parent = trace.toAbsolutePath().getParent();
    return of(
        trace,
        TraceAnalyzer.readSummary(parent == null ? null : parent.resolve("profile_summary.json"))
            .untracedPhaseMs());
  }

  /**
   * The calls of {@code trace}, or null when it is not a CPU trace with step markers (GPU kernels
   * have no per-call identity across devices; a trace without steps has no step to align).
   *
   * @param trace the trace
   * @param untracedMs the untraced time per phase its profiler cost is compensated against
   * @return the calls, or null
   */
  public static OpCalls.Process of(Path trace, Map<String, Double> untracedMs) {
    return of(trace, untracedMs, null);
  }

  /**
   * The same, with the trace's first step already read ({@code first}; null: read here): a trace is
   * parsed as few times as its analysis needs.
   *
   * @param trace the trace
   * @param untracedMs the untraced time per phase its profiler cost is compensated against
   * @param first {@code FirstTracedStep.of(trace)}, or null
   * @return the calls, or null
   */
  public static OpCalls.Process of(
      Path trace, Map<String, Double> untracedMs, FirstTracedStep first) {
    if (trace == null || !Files.isRegularFile(trace)) {
      return null;
    }
    EventTable read = EventTable.read(trace);
    if (read.kernelCount() != 0 || !read.hasCpuOps() || read.markers.size() < 2) {
      return null;
    }
    TraceAnalyzer.Compensated c = TraceAnalyzer.compensated(read, untracedMs);
    EventTable t = c == null ? read : c.table();
    Window w = Window.of(t.markers);
    double[] starts = t.markers.stream().mapToDouble(EventTable.Marker::ts).sorted().toArray();
    double[] self = t.cpuNesting().self();
    List<double[]> phaseSpans = new ArrayList<>();
    List<String> phaseNames = new ArrayList<>();
    for (int i = 0; i < t.size; i++) {
      if (t.kind[i] == EventTable.CPU_PHASE && w.contains(t.ts[i])) {
        phaseSpans.add(new double[] {t.ts[i], t.ts[i] + t.dur[i]});
        phaseNames.add(t.names.get(t.name[i]));
      }
    }
    // each call's own time per step: a step of the window is a column
    Map<String, Map<Integer, Double>> time = new LinkedHashMap<>();
    java.util.Set<Integer> windowSteps = new java.util.TreeSet<>();
    Map<String, String> phase = new HashMap<>();
    Map<Integer, Map<String, Integer>> ordinals = new HashMap<>();
    for (int i : t.cpuOpsInOrder()) {
      if (!w.contains(t.ts[i])) {
        continue;
      }
      int step = Arrays.binarySearch(starts, t.ts[i]);
      step = step >= 0 ? step : -step - 2;
      String name = t.names.get(t.name[i]);
      int k = ordinals.computeIfAbsent(step, s -> new HashMap<>()).merge(name, 1, Integer::sum);
      String key = name + " #" + k;
      time.computeIfAbsent(key, x -> new HashMap<>()).merge(step, self[i], Double::sum);
      windowSteps.add(step);
      phase.computeIfAbsent(key, x -> phaseOf(t.ts[i], phaseSpans, phaseNames));
    }
    FirstTracedStep firstStep = first != null ? first : FirstTracedStep.of(trace);
    Map<String, FirstTracedStep.Op> shapes = shapes(firstStep);
    Map<String, Long> own = ownBytes(firstStep);
    List<OpCalls.Call> calls = new ArrayList<>();
    int n = Math.max(1, w.nReal());
    time.forEach(
        (key, bySteps) -> {
          double[] us = new double[windowSteps.size()];
          int j = 0;
          for (int step : windowSteps) {
            us[j++] = bySteps.getOrDefault(step, 0.0);
          }
          int cut = key.lastIndexOf(" #");
          String name = key.substring(0, cut);
          FirstTracedStep.Op op = shapes.get(key);
          JsonNode dims = op == null ? null : op.dims();
          calls.add(
              new OpCalls.Call(
                  name,
                  Integer.parseInt(key.substring(cut + 2)),
                  phase.get(key),
                  // a stall inside one step (a busy neighbour's time slice: 41 ms in one step's
                  // aten::as_strided) is no op's time
                  LatencyStats.median(us) / 1000.0,
                  dims == null ? null : shape(dims),
                  dims == null ? 0 : macs(op),
                  Math.max(0, own.getOrDefault(key, 0L))));
        });
    return new OpCalls.Process(n, w.wallMs() / n, calls);
  }

  /** Input shapes as {@code [1,16,64,64] [32,16,3,3]}: the non-empty ones. */
  private static String shape(JsonNode dims) {
    List<String> parts = new ArrayList<>();
    for (JsonNode d : dims) {
      if (d.isArray() && !d.isEmpty()) {
        List<String> sizes = new ArrayList<>();
        d.forEach(x -> sizes.add(x.asText()));
        parts.add("[" + String.join(",", sizes) + "]");
      }
    }
    return String.join(" ", parts);
  }

  private static String phaseOf(double ts, List<double[]> spans, List<String> names) {
    for (int j = 0; j < spans.size(); j++) {
      if (ts >= spans.get(j)[0] && ts < spans.get(j)[1]) {
        return names.get(j);
      }
    }
    return null;
  }

  /** The first step's ops by call identity (its own ordinals). */
  private static Map<String, FirstTracedStep.Op> shapes(FirstTracedStep first) {
    Map<String, FirstTracedStep.Op> out = new HashMap<>();
    Map<String, Integer> ordinal = new HashMap<>();
    for (FirstTracedStep.Op op : first.ops()) {
      int k = ordinal.merge(op.name(), 1, Integer::sum);
      out.put(op.name() + " #" + k, op);
    }
    return out;
  }

  /** The first step's ops' own net bytes by call identity. */
  private static Map<String, Long> ownBytes(FirstTracedStep first) {
    long[] own = TensorMemory.ownBytes(first.ops());
    Map<String, Long> out = new HashMap<>();
    Map<String, Integer> ordinal = new HashMap<>();
    for (int i = 0; i < own.length; i++) {
      String name = first.ops().get(i).name();
      out.put(name + " #" + ordinal.merge(name, 1, Integer::sum), own[i]);
    }
    return out;
  }

  private static long macs(FirstTracedStep.Op op) {
    if (ShapeWork.CONVOLUTIONS.contains(op.name())) {
      return ShapeWork.convolution(op.dims(), op.graphWeightDims());
    }
    return ShapeWork.MATMULS.contains(op.name())
        ? ShapeWork.matmul(op.name(), op.dims(), op.outputDims())
        : 0;
  }
}
