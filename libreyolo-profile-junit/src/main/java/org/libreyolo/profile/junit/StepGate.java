package org.libreyolo.profile.junit;

import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.report.CheckFiles;
import org.libreyolo.profile.report.DiffReport;
import org.libreyolo.profile.report.ReaderViews;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;

/**
 * A measured step against its baseline: records it, or judges it with the {@code check} goal's
 * gate.
 */
final class StepGate {
  private StepGate() {}

  /** Records or judges the baseline; returns the verdict, or null when there was none to judge. */
  static Verdict judge(StepConfig config, String id, Profile profile, Path dir, StepOutput out) {
    Path baseline = config.baseline();
    Path current = dir.resolve("profile.json");
    if (config.updateBaseline()) {
      GateRun.recordBaseline(current, baseline, true, "");
      out.line("[libreyolo-profile] " + id + ": baseline recorded at " + baseline);
      return null;
    }
    String headline =
        "[libreyolo-profile] "
            + id
            + ": p50 "
            + Num.str(profile.latency().p50())
            + " ms, "
            + Num.str(profile.imgPerS())
            + " "
            + config.unit()
            + "/s";
    String record = "record one with -Dlibreyolo.profile.updateBaseline=true";
    if (!Files.exists(baseline)) { // a directory or unreadable file is the loader's one-line error
      out.line(headline + "; no baseline at " + baseline + " (" + record + ")");
      return null;
    }
    CheckFiles.Outcome outcome;
    try {
      Profile base = ReaderViews.baseline(baseline);
      outcome =
          CheckFiles.write(
              GateRun.judge(base, baseline, profile, current, config.gateOptions()),
              base,
              baseline,
              profile,
              current,
              dir);
    } catch (LibreYoloException e) {
      // a baseline the gate cannot judge (corrupt, another schema): its reason, then the fix
      throw OneLine.failure(id + ": " + StepConfig.words(e) + " (" + record + ")");
    }
    Verdict verdict = outcome.result().verdict();
    out.line(headline + "; " + verdict + " against " + baseline);
    if (verdict == Verdict.INCONCLUSIVE) {
      outcome.lines().forEach(line -> out.line("[libreyolo-profile]   " + line));
    } else if (verdict == Verdict.IMPROVED && outcome.result().diff() != null) {
      // what got faster, in the log (a REGRESSION says it in the failure)
      DiffReport.verdictLines(outcome.result().diff())
          .forEach(line -> out.line("[libreyolo-profile]   " + line));
    }
    if (GateRun.fails(verdict, config.failOnInconclusive())) {
      throw new AssertionError(
          (verdict == Verdict.REGRESSION
                  ? "performance regression"
                  : "INCONCLUSIVE gate" + " (libreyolo.profile.failOnInconclusive=true)")
              + " in "
              + id
              + " against "
              + baseline
              + "\n"
              + String.join("\n", outcome.lines()));
    }
    return verdict;
  }
}
