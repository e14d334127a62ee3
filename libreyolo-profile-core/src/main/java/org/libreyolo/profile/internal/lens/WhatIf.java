package org.libreyolo.profile.internal.lens;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows.CategoryRow;

/**
 * {@code what-if}: the reference's rough projections (docs/reference-behaviour.md, "What-if") on
 * the stored, already-rounded values, with the 80% utilisation switch between a host/launch and a
 * compute model.
 */
public final class WhatIf {
  public static final String CAVEAT =
      "rough estimate (per-launch host cost is approximate); verify by profiling.";

  private WhatIf() {}

  /**
   * The projection ({@code internal.report.LensJson.whatIf} writes what {@code --json} prints,
   * values rounded as stored); {@code stepMs} the projected step before rounding, which the text
   * prints with 0 decimals (formatting the stored 1-decimal value rounded twice: 241.48 -> 241.5 ->
   * "242").
   */
  public record Projection(
      String trace,
      String bound,
      String mechanism,
      double removedGpuMs,
      long removedLaunches,
      Num stepNow,
      double stepMs,
      Num imgPerSNow,
      Double imgPerSProjected) {}

  public static Projection project(Profile p, String removeCategory, Integer removeLaunches) {
    boolean hasCategory = removeCategory != null && !removeCategory.isEmpty();
    if (!hasCategory && removeLaunches == null) {
      throw LibreYoloException.badInput("specify {removeCategory} or {removeLaunches}");
    }
    if (removeLaunches != null && removeLaunches < 0) {
      throw LibreYoloException.badInput(
          "{removeLaunches} must be >= 0 (launches removed per step), got " + removeLaunches);
    }
    double step = Num.orZero(p.figures().stepMs());
    double bs = Num.orZero(p.batch());
    double host = Num.orZero(p.figures().hostOverheadMsPerStep());
    long launches = (long) Num.orZero(p.figures().launchesPerStep());
    if (launches == 0) {
      launches = 1;
    }
    if (removeLaunches != null && removeLaunches > launches) {
      // the projection is linear in the launches: more than the step has projects nonsense
      throw LibreYoloException.badInput(
          "{removeLaunches} must be at most the profile's "
              + launches
              + " launches per step, got "
              + removeLaunches);
    }
    double gpu = Num.orZero(p.figures().gpuBusyMsPerStep());
    double util = Num.orZero(p.figures().gpuUtil());
    double perLaunch = host / launches;

    long removedLaunches = removeLaunches == null ? 0 : removeLaunches;
    double removedGpu = 0;
    if (hasCategory) {
      CategoryRow category = null;
      List<String> names = new ArrayList<>();
      for (CategoryRow c : p.categories()) {
        names.add(c.name());
        if (category == null
            && c.name()
                .toLowerCase(Locale.ROOT)
                .contains(removeCategory.toLowerCase(Locale.ROOT))) {
          category = c;
        }
      }
      if (category == null) {
        throw LibreYoloException.badInput(
            "no category matching '" + removeCategory + "'. have: " + String.join(", ", names));
      }
      double catMs = category.msPerStep();
      removedGpu = catMs;
      removedLaunches += (long) (launches * catMs / (gpu != 0 ? gpu : 1));
    }
    double newStep;
    String mechanism;
    if (util < 0.8) {
      newStep =
          Math.max(step - removedLaunches * perLaunch, gpu + Num.orZero(p.figures().dataloadMs()));
      mechanism =
          "host/launch-bound: ~"
              + removedLaunches
              + (p.isCpu() ? " fewer op calls x ~" : " fewer launches x ~")
              + PyRound.format(perLaunch * 1000, 0)
              + "us host cost";
    } else {
      newStep = Math.max(step - removedGpu, host);
      // CPU profiles' "kernels" are ops on the CPU: say so (docs/deviations.md)
      mechanism =
          "compute-bound: ~"
              + PyRound.format(removedGpu, 1)
              + (p.isCpu() ? " ms less CPU work" : " ms less GPU work");
    }
    Double projected = bs == 0 || newStep == 0 ? null : PyRound.round(bs / (newStep / 1000.0), 1);

    return new Projection(
        p.trace(),
        p.bound(),
        mechanism,
        removedGpu,
        removedLaunches,
        p.figures().stepMs(),
        newStep,
        p.figures().imgPerS(),
        projected);
  }
}
