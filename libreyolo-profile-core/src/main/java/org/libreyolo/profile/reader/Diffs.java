package org.libreyolo.profile.reader;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.libreyolo.profile.diff.StepChange;
import org.libreyolo.profile.gate.BlockStatistics;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.SampleRows;

/** What the diff reader needs beside the diff: the step's interval and the phases named. */
final class Diffs {
  private Diffs() {}

  /** The gate's block statistic at its defaults where both sides carry blocks, else null. */
  static StepChange stepChange(Profile before, Profile after) {
    List<SampleRows.Blocks> b = before.samples().processes();
    List<SampleRows.Blocks> a = after.samples().processes();
    if (!BlockStatistics.applicable(b, a)) {
      return null;
    }
    GateOptions o = GateOptions.defaults();
    BlockStatistics s = BlockStatistics.of(b, a, o.alpha(), o.processNoise(), o.jobNoise());
    return new StepChange(s.change(), s.ciLow(), s.ciHigh());
  }

  static boolean hasPhase(Profile p, String phase) {
    return phaseNames(p).contains(phase);
  }

  static List<String> phaseNames(Profile... profiles) {
    Set<String> out = new LinkedHashSet<>();
    for (Profile p : profiles) {
      out.addAll(phaseNames(p));
    }
    return List.copyOf(out);
  }

  private static Set<String> phaseNames(Profile p) {
    Set<String> out = new LinkedHashSet<>(p.stagesMs().keySet());
    p.phases().stream().map(ProfileRows.PhaseRow::phase).forEach(out::add);
    SampleRows.JavaSamples js = p.javaSamples();
    if (js != null) {
      js.phases().forEach(ph -> out.add(ph.phase()));
    }
    return out;
  }
}
