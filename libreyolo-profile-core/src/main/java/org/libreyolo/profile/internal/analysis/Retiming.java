package org.libreyolo.profile.internal.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.internal.trace.ProfilerCost;

/**
 * An event table on another timeline: without the profiler's own cost (docs/profiler-cost.md), or
 * with some phases shrunk (what-if). Both warp the CPU timeline monotonically, so nesting and order
 * survive; GPU events are left as they are.
 */
final class Retiming {
  private Retiming() {}

  /**
   * This table on a timeline with the profiler's own cost taken out (docs/profiler-cost.md): every
   * recorded op is charged {@code cost.beforeOpUs()} just before its start and {@code
   * cost.inOpUs()} at the end of its span, each limited to the idle time actually there (the gap
   * after the previous op at that level; the op's own time after its last child), so nesting and
   * order survive. Every timestamp moves back by what was charged before it: an op's duration loses
   * its own in-span share and its descendants' full cost, a step or phase span the cost of the ops
   * inside it. GPU events are left as they are.
   */
  static EventTable compensated(EventTable t, ProfilerCost cost) {
    int[] ops = t.cpuOpsInOrder();
    double[] starts = spanStarts(t);
    double[] at = new double[2 * ops.length];
    double[] amount = new double[2 * ops.length];
    int[] stack = new int[Math.max(1, ops.length)];
    double[] cursor =
        new double[Math.max(1, ops.length)]; // per open op: where its last child ended
    int depth = 0;
    double topCursor = Double.NEGATIVE_INFINITY;
    int points = 0;
    for (int i : ops) {
      while (depth > 0 && t.ts[stack[depth - 1]] + t.dur[stack[depth - 1]] <= t.ts[i]) {
        points = closeOp(t, stack[--depth], cursor[depth], cost, at, amount, points);
        if (depth > 0) {
          cursor[depth - 1] = t.ts[stack[depth]] + t.dur[stack[depth]];
        } else {
          topCursor = t.ts[stack[depth]] + t.dur[stack[depth]];
        }
      }
      double previous = depth > 0 ? cursor[depth - 1] : topCursor;
      // never charged across the start of the step or phase it runs in: the op would move out of
      // its step (an engine's kernel whose profiler cost exceeds the gap before it did)
      int span = lastAtOrBefore(starts, starts.length, t.ts[i]);
      if (span >= 0) {
        previous = Math.max(previous, starts[span]);
      }
      at[points] = t.ts[i];
      // another engine's kernel carries its own profiler's cost, all of it outside its span
      double before = Double.isNaN(t.opCost[i]) ? cost.beforeOpUs() : t.opCost[i];
      amount[points++] = Math.min(before, Math.max(0, t.ts[i] - previous));
      stack[depth] = i;
      cursor[depth++] = t.ts[i];
    }
    while (depth > 0) {
      points = closeOp(t, stack[--depth], cursor[depth], cost, at, amount, points);
      if (depth > 0) {
        cursor[depth - 1] = t.ts[stack[depth]] + t.dur[stack[depth]];
      }
    }
    return t.retimed(new Timeline(at, amount, points)::warp);
  }

  /** The start of every step marker and phase span, ascending. */
  private static double[] spanStarts(EventTable t) {
    List<Double> out = new ArrayList<>();
    t.markers.forEach(m -> out.add(m.ts()));
    for (int i = 0; i < t.size; i++) {
      if (t.kind[i] == EventTable.CPU_PHASE) {
        out.add(t.ts[i]);
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).sorted().toArray();
  }

  /** Index of the last value {@code <= t} in ascending {@code sorted}, or -1. */
  private static int lastAtOrBefore(double[] sorted, int n, double t) {
    int lo = 0;
    int hi = n;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (sorted[mid] <= t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo - 1;
  }

  /**
   * This table with every span of a phase in {@code factor} shrunk by that factor (at most 1): a
   * piecewise-linear timeline where the ops inside a phase keep their shares of it and everything
   * after it moves back by what it lost.
   */
  static EventTable scaledPhases(EventTable t, Map<String, Double> factor) {
    List<double[]> spans = new ArrayList<>(); // start, end, factor
    for (int i = 0; i < t.size; i++) {
      Double f = t.kind[i] == EventTable.CPU_PHASE ? factor.get(t.names.get(t.name[i])) : null;
      if (f != null && f < 1 && t.dur[i] > 0) {
        spans.add(new double[] {t.ts[i], t.ts[i] + t.dur[i], Math.max(0, f)});
      }
    }
    spans.sort((a, b) -> Double.compare(a[0], b[0]));
    List<double[]> kept =
        new ArrayList<>(); // phases do not nest; an overlapping span is left alone
    for (double[] span : spans) {
      if (kept.isEmpty() || span[0] >= kept.get(kept.size() - 1)[1]) {
        kept.add(span);
      }
    }
    int n = kept.size();
    double[] start = new double[n];
    double[] end = new double[n];
    double[] shrink = new double[n]; // 1 - factor
    double[] before = new double[n]; // time taken out of the spans before this one
    double removed = 0;
    for (int k = 0; k < n; k++) {
      start[k] = kept.get(k)[0];
      end[k] = kept.get(k)[1];
      shrink[k] = 1 - kept.get(k)[2];
      before[k] = removed;
      removed += shrink[k] * (end[k] - start[k]);
    }
    return t.retimed(
        x -> {
          int k = lastAtOrBefore(start, n, x);
          return k < 0 ? x : x - before[k] - shrink[k] * (Math.min(x, end[k]) - start[k]);
        });
  }

  /** Charges a finished op its in-span share, at most the time after its last child. */
  private static int closeOp(
      EventTable t,
      int op,
      double lastChildEnd,
      ProfilerCost cost,
      double[] at,
      double[] amount,
      int points) {
    double end = t.ts[op] + t.dur[op];
    at[points] = end;
    double in = Double.isNaN(t.opCost[op]) ? cost.inOpUs() : 0;
    amount[points] = Math.min(in, Math.max(0, end - lastChildEnd));
    return points + 1;
  }

  /** Cumulative charges by time: a timestamp moves back by everything charged at or before it. */
  private static final class Timeline {
    final double[] at;
    final double[] cumulative;

    Timeline(double[] at, double[] amount, int n) {
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> Double.compare(at[a], at[b]));
      this.at = new double[n];
      this.cumulative = new double[n];
      double sum = 0;
      for (int k = 0; k < n; k++) {
        this.at[k] = at[order[k]];
        sum += amount[order[k]];
        this.cumulative[k] = sum;
      }
    }

    double warp(double t) {
      int k = lastAtOrBefore(at, at.length, t);
      return k < 0 ? t : t - cumulative[k];
    }
  }
}
