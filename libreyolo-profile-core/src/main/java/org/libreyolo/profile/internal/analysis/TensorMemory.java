package org.libreyolo.profile.internal.analysis;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import org.libreyolo.profile.result.ProfileRows;

/**
 * The tensor memory a step's framework ops allocate, from libtorch's memory profiling on the first
 * traced step (docs/measurement.md, "Memory"). Each op's {@code cpu mem} is the net of what was
 * allocated and freed inside it, children included; its own part (net minus its children's) is
 * booked when it returns. Summed in that order the parts trace the live tensor bytes the ops hold.
 * Deterministic like the op counts: the same model on the same input allocates the same tensors
 * (A/A across JVMs: identical, docs/statistics.md "Counters").
 *
 * @param allocatedBytes bytes the ops allocated in the step (the positive own parts)
 * @param peakLiveBytes the highest running total of the own parts: the most tensor bytes the step's
 *     ops held at once, as seen at op boundaries (what is freed outside any op, e.g. when the
 *     iteration's NDManager closes, lowers it only after the step)
 */
public record TensorMemory(long allocatedBytes, long peakLiveBytes) {

  /** {@code step}'s tensor memory, or null when none of its ops recorded memory. */
  public static TensorMemory of(FirstTracedStep step) {
    List<FirstTracedStep.Op> ops = step.ops();
    if (ops.stream().allMatch(op -> op.memoryBytes() == 0)) {
      return null;
    }
    int n = ops.size();
    long[] own = ownBytes(ops);
    Integer[] byEnd = new Integer[n];
    Arrays.setAll(byEnd, i -> i);
    Arrays.sort(byEnd, (x, y) -> Double.compare(ops.get(x).end(), ops.get(y).end()));
    long allocated = 0;
    long live = 0;
    long peak = 0;
    for (int i : byEnd) {
      allocated += Math.max(0, own[i]);
      live += own[i];
      peak = Math.max(peak, live);
    }
    return new TensorMemory(allocated, peak);
  }

  /**
   * Each op's own part of the bytes it allocated net: its {@code cpu mem} minus its children's.
   *
   * @param ops a step's ops in start order, an enclosing op before the ops it contains
   * @return per op, its own net bytes
   */
  static long[] ownBytes(List<FirstTracedStep.Op> ops) {
    int n = ops.size();
    long[] own = new long[n];
    int[] parent = new int[n];
    Deque<Integer> open = new ArrayDeque<>();
    for (int i = 0; i < n; i++) {
      FirstTracedStep.Op op = ops.get(i);
      while (!open.isEmpty() && !ops.get(open.peek()).contains(op)) {
        open.pop();
      }
      parent[i] = open.isEmpty() ? -1 : open.peek();
      own[i] = op.memoryBytes();
      open.push(i);
    }
    for (int i = 0; i < n; i++) {
      if (parent[i] >= 0) {
        own[parent[i]] -= ops.get(i).memoryBytes();
      }
    }
    return own;
  }

  /** The profile's {@code tensor_memory} key. */
  public ObjectNode json() {
    return new ProfileRows.TensorMemory(allocatedBytes, peakLiveBytes).json();
  }
}
