package org.libreyolo.profile.gate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * The deterministic counter beside the timing: framework ops per step, per phase and per op name,
 * from the traced steps. The same code on the same input runs the same ops: cross-process A/A runs
 * of {@code profile infer} gave identical counts (docs/statistics.md), while timing moved by tens
 * of percent. More ops per step is a structural change timing noise can hide; fewer ops passes and
 * says the baseline is stale. Leaf-op counts are not used: which ops are leaves is decided from
 * timestamps and moves between runs. Beside the counts, the work counted from input shapes ({@code
 * work}: convolution and matrix-product MACs per step) catches the same ops on larger tensors, and
 * the tensor memory the ops allocate and hold ({@code tensor_memory}) catches activations that
 * grow.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class OpCounts {
  private OpCounts() {}

  /**
   * @param verdict REGRESSION when a phase runs more ops per step, IMPROVED when fewer, PASS when
   *     equal, INCONCLUSIVE when either profile has no traced ops
   * @param changes per-phase changes with the ops that changed most, e.g. {@code forward: +1,800
   *     ops/step (aten::mul +900, aten::add +900)}
   * @param counted what was counted on both sides, in words ({@code ops per step in every phase,
   *     MACs}; a plain-Java step without a trace: {@code Java allocation per iteration}); empty
   *     when nothing was
   */
  public record Result(Verdict verdict, List<String> changes, String counted) {}

  /**
   * Compares the ops each phase called: more is a REGRESSION, fewer IMPROVED (exact, no
   * statistics).
   *
   * @param baseline the baseline profile, or its file
   * @param current the current profile, or its file
   * @return the counters' verdict and what changed
   */
  public static Result check(Profile baseline, Profile current) {
    List<String> changes = new ArrayList<>();
    List<String> counted = new ArrayList<>();
    boolean more = false;
    boolean fewer = false;
    boolean compared = false;
    Map<String, Long> before = perPhase(baseline);
    Map<String, Long> after = perPhase(current);
    if (!before.isEmpty() && !after.isEmpty()) {
      compared = true;
      counted.add("ops per step in every phase");
      Map<String, Long> opDelta = opDeltas(baseline, current);
      Set<String> phases = new LinkedHashSet<>(before.keySet());
      phases.addAll(after.keySet());
      for (String phase : phases) {
        long delta = after.getOrDefault(phase, 0L) - before.getOrDefault(phase, 0L);
        if (delta != 0) {
          more |= delta > 0;
          fewer |= delta < 0;
          changes.add(phase + ": " + signed(delta) + " ops/step");
        }
      }
      if (!changes.isEmpty() && !opDelta.isEmpty()) {
        List<String> ops = new ArrayList<>();
        opDelta.entrySet().stream()
            .sorted((x, y) -> Long.compare(Math.abs(y.getValue()), Math.abs(x.getValue())))
            .limit(5)
            .forEach(e -> ops.add(e.getKey() + " " + signed(e.getValue())));
        changes.add("ops that changed: " + String.join(", ", ops));
      }
    }
    ProfileRows.Work wa = baseline.work();
    ProfileRows.Work wb = current.work();
    if (wa != null && wb != null) {
      compared = true;
      counted.add("convolution and matrix-product MACs");
      more |=
          work(changes, "convolution MACs (stride 1)", wa.convMacsStride1(), wb.convMacsStride1());
      more |= work(changes, "matrix-product MACs", wa.matmulMacs(), wb.matmulMacs());
      fewer |= wb.convMacsStride1() < wa.convMacsStride1() || wb.matmulMacs() < wa.matmulMacs();
    }
    ProfileRows.TensorMemory ma = baseline.tensorMemory();
    ProfileRows.TensorMemory mb = current.tensorMemory();
    if (ma != null && mb != null) {
      compared = true;
      counted.add("tensor memory");
      for (int change :
          new int[] {
            memory(
                changes,
                "tensor bytes allocated",
                ma.allocatedBytesPerStep(),
                mb.allocatedBytesPerStep()),
            memory(changes, "peak live tensor bytes", ma.peakLiveBytes(), mb.peakLiveBytes())
          }) {
        more |= change > 0;
        fewer |= change < 0;
      }
    }
    // the peak resident set is the process's, not the step's (the collector grows the heap when
    // it decides; a second side in one JVM inherits the first's high-water mark): shown by the
    // reports, never judged as a counter (docs/statistics.md, "Counters")
    Long ba = plainAllocation(baseline);
    Long ca = plainAllocation(current);
    if (ba != null && ca != null) {
      compared = true;
      counted.add("Java allocation per iteration");
      long delta = ca - ba;
      int sign = beyond(ba, ca, ALLOCATION_BYTES, ALLOCATION_FRACTION);
      if (sign != 0) {
        more |= sign > 0;
        fewer |= sign < 0;
        changes.add(
            String.format(
                Locale.ROOT,
                "allocation: %+.1f%% bytes/iteration (%,d -> %,d)",
                ba == 0 ? 100.0 : 100.0 * delta / ba,
                ba,
                ca));
      }
    }
    if (!compared) {
      return new Result(
          Verdict.INCONCLUSIVE,
          List.of(
              "no traced ops in "
                  + (before.isEmpty() ? "the baseline" : "the current profile")
                  + ": op counts not compared"),
          "");
    }
    Verdict verdict = more ? Verdict.REGRESSION : fewer ? Verdict.IMPROVED : Verdict.PASS;
    if (verdict == Verdict.IMPROVED) {
      changes.add(
          "less work per step: refresh the baseline so the next increase is measured from here");
    }
    return new Result(verdict, changes, String.join(", ", counted));
  }

  /**
   * A change of allocation smaller than both of these is noise: on A/A runs (separate JVMs) a plain
   * step's median allocation per iteration came out byte-identical; the margin covers a JIT that
   * scalar-replaces one object more or less.
   */
  static final long ALLOCATION_BYTES = 64;

  static final double ALLOCATION_FRACTION = 0.05;

  /** Median bytes per iteration of a plain-code step (no model named), or null. */
  private static Long plainAllocation(Profile p) {
    Long bytes = p.javaHeapBytesPerIteration();
    com.fasterxml.jackson.databind.JsonNode params =
        p.environment().get(ProfileSchema.MODEL_PARAMS);
    boolean plain = params != null && params.asLong(0) < 0;
    return plain ? bytes : null;
  }

  /** Adds a line when a work counter changed; true when it grew. */
  private static boolean work(List<String> changes, String what, long before, long after) {
    if (before == after) {
      return false;
    }
    changes.add(
        String.format(
            Locale.ROOT,
            "work: %s %+.1f%%/step (%,d -> %,d)",
            what,
            before == 0 ? 100.0 : 100.0 * (after - before) / before,
            before,
            after));
    return after > before;
  }

  /**
   * A change of tensor memory within both of these is no change: A/A runs in separate JVMs gave
   * identical figures (docs/statistics.md, "Counters"); the margin covers libtorch printing each
   * op's bytes to two decimals of a KB or MB.
   */
  static final long TENSOR_BYTES = 4 * 1024;

  static final double TENSOR_FRACTION = 0.01;

  /** Adds a line when a tensor-memory counter moved beyond its margin; its sign, else 0. */
  private static int memory(List<String> changes, String what, long before, long after) {
    long delta = after - before;
    if (beyond(before, after, TENSOR_BYTES, TENSOR_FRACTION) == 0) {
      return 0;
    }
    changes.add(
        String.format(
            Locale.ROOT,
            "memory: %s %+.1f%%/step (%,d -> %,d bytes)",
            what,
            before == 0 ? 100.0 : 100.0 * delta / before,
            before,
            after));
    return Long.signum(delta);
  }

  /**
   * The sign of a change beyond both margins, {@code absolute} and {@code fraction} of {@code
   * before}; 0 within either.
   */
  private static int beyond(double before, double after, double absolute, double fraction) {
    double delta = after - before;
    return Math.abs(delta) > absolute && Math.abs(delta) > fraction * before
        ? (int) Math.signum(delta)
        : 0;
  }

  /** Ops per step of each phase that recorded ops. */
  private static Map<String, Long> perPhase(Profile p) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (ProfileRows.PhaseRow row : p.phases()) {
      Num ops = row.opsPerStep();
      if (ops != null) {
        out.put(row.phase(), ops.asLong());
      }
    }
    return out.values().stream().allMatch(v -> v == 0) ? Map.of() : out;
  }

  /** Per op name, the change in calls per step (only the names that changed). */
  private static Map<String, Long> opDeltas(Profile a, Profile b) {
    Map<String, Long> delta = new LinkedHashMap<>();
    a.ops().forEach(o -> delta.merge(o.op(), -o.countPerStep(), Long::sum));
    b.ops().forEach(o -> delta.merge(o.op(), o.countPerStep(), Long::sum));
    delta.values().removeIf(v -> v == 0);
    return delta;
  }

  private static String signed(long v) {
    return (v > 0 ? "+" : "-") + String.format(Locale.ROOT, "%,d", Math.abs(v));
  }
}
