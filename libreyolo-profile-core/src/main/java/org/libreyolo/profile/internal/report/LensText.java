package org.libreyolo.profile.internal.report;

import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.internal.lens.Lenses;
import org.libreyolo.profile.internal.lens.WhatIf;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.ProfileRows;

/**
 * The table readers' text ({@code get}'s listing, {@code phases}, {@code kernels}, {@code ops},
 * {@code what-if}; docs/reference-behaviour.md, "Readers", "What-if"), line for line: one line per
 * row of a lens's view.
 */
public final class LensText {
  private LensText() {}

  public static List<String> metricList(List<String> names) {
    List<String> lines = new ArrayList<>();
    lines.add("available metrics:");
    names.forEach(n -> lines.add("  " + n));
    return lines;
  }

  public static List<String> phases(Lenses.PhasesView view) {
    List<String> lines = new ArrayList<>();
    lines.add(
        Fmt.left("phase", 11)
            + " "
            + Fmt.right(view.cpu() ? "cpu_ms" : "gpu_ms", 8)
            + " "
            + Fmt.right("wall_ms", 8)
            + " "
            + Fmt.right("kernels", 8)
            + " "
            + Fmt.right("ops", 7));
    for (ProfileRows.PhaseRow ph : view.phases()) {
      lines.add(
          Fmt.left(ph.phase(), 11)
              + " "
              + Fmt.f(Num.orZero(ph.gpuMsPerStep()), 8, 1)
              + " "
              + Fmt.right(
                  ph.wallMsPerStep() != null ? Fmt.f(ph.wallMsPerStep().value(), 1) : "-", 8)
              + " "
              + Fmt.d((long) Num.orZero(ph.kernelsPerStep()), 8)
              + " "
              + Fmt.d((long) Num.orZero(ph.opsPerStep()), 7));
    }
    return lines;
  }

  public static List<String> kernels(Lenses.KernelsView view) {
    List<String> lines = new ArrayList<>();
    lines.add(
        Fmt.right(view.cpu() ? "%CPU" : "%GPU", 6)
            + " "
            + Fmt.right("ms/step", 9)
            + " "
            + Fmt.right("x/step", 7)
            + (view.cpu() ? " TC  op  [category]" : " TC  kernel  [category]"));
    for (ProfileRows.KernelRow k : view.kernels()) {
      lines.add(
          Fmt.f(k.pctOfGpu(), 6, 2)
              + " "
              + Fmt.f(k.msPerStep(), 9, 3)
              + " "
              + Fmt.d(k.countPerStep(), 7)
              + "  "
              + (k.tensorcore() ? "Y" : " ")
              + "  "
              + k.kernel()
              + "  ["
              + k.category()
              + "]");
    }
    return lines;
  }

  public static List<String> ops(Lenses.OpsView view) {
    List<String> lines = new ArrayList<>();
    lines.add(
        Fmt.right("%cpu", 6)
            + " "
            + Fmt.right("ms/step", 9)
            + " "
            + Fmt.right("x/step", 7)
            + "  op");
    for (ProfileRows.OpRow o : view.ops()) {
      lines.add(
          Fmt.f(o.pctOfCpuOps(), 6, 2)
              + " "
              + Fmt.f(o.msPerStep(), 9, 3)
              + " "
              + Fmt.d(o.countPerStep(), 7)
              + "  "
              + o.op());
    }
    return lines;
  }

  public static List<String> whatIf(WhatIf.Projection projection) {
    List<String> lines = new ArrayList<>();
    lines.add("what-if [" + projection.bound() + "]: " + projection.mechanism());
    lines.add(
        "  step   "
            + Num.str(projection.stepNow())
            + " -> ~"
            + Fmt.f(projection.stepMs(), 0)
            + " ms");
    Num now = projection.imgPerSNow();
    Double projected = projection.imgPerSProjected();
    if (now != null && now.value() != 0 && projected != null && projected != 0) {
      lines.add(
          "  img/s  "
              + now.str()
              + " -> ~"
              + Fmt.f(projected, 0)
              + Fmt.pctSuffix(now.value(), projected));
    }
    lines.add("  (rough, verify by actually profiling the change)");
    return lines;
  }
}
