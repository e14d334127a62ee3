package org.libreyolo.profile.junit;

import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.BaselineCommit;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.reader.ReaderViews;
import org.libreyolo.profile.report.CheckFiles;
import org.libreyolo.profile.report.DiffReport;
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
      // the surefire JVM runs in the module's folder: the checkout whose commit was measured
      BaselineCommit commit = BaselineCommit.record(baseline, Path.of("").toAbsolutePath());
      out.line(
          "[libreyolo-profile] "
              + id
              + ": baseline recorded at "
              + baseline
              + (commit == null
                  ? ""
                  : " ("
                      + commit.describe()
                      + (commit.clean()
                          ? ")"
                          : "; measured again in a job, the commit is taken as committed:"
                              + " commit the changes and record again)")));
      return null;
    }
    String headline =
        "[libreyolo-profile] "
            + id
            + ": p50 "
            + Num.str(profile.latency().p50())
            + " ms, "
            + Num.str(profile.figures().imgPerS())
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
      String again = remeasurable(baseline);
      if (again != null) {
        out.line("[libreyolo-profile]   " + again);
      }
    } else if (verdict == Verdict.IMPROVED && outcome.result().diff() != null) {
      // what got faster, in the log (a REGRESSION says it in the failure)
      DiffReport.verdictLines(outcome.result().diff())
          .forEach(line -> out.line("[libreyolo-profile]   " + line));
    }
    String deferred = deferred(config, baseline, outcome.result());
    if (deferred != null && GateRun.fails(verdict, config.failOnInconclusive())) {
      outcome.lines().forEach(line -> out.line("[libreyolo-profile]   " + line));
      out.line("[libreyolo-profile]   " + deferred);
      return verdict;
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

  /**
   * Why this test leaves its failing timing verdict to the check goal, or null when it does not:
   * asked to ({@code deferToCheck}, set where the plugin's check runs in the same build), the
   * baseline records its commit (check measures it again beside this build) and no exact counter
   * regressed (a counter fails here, as it would there).
   */
  private static String deferred(StepConfig config, Path baseline, Gate.Result result) {
    if (!config.deferToCheck() || result.countersVerdict() == Verdict.REGRESSION) {
      return null;
    }
    BaselineCommit commit = recordedCommit(baseline);
    return commit == null
        ? null
        : result.verdict()
            + " against the stored numbers is not this test's to fail"
            + " (libreyolo.profile.deferToCheck=true): the check goal measures the baseline's "
            + commit.describe()
            + " again beside this build and decides";
  }

  /**
   * Where the baseline records its commit: the gate that decides, one line; null where it does not.
   */
  private static String remeasurable(Path baseline) {
    BaselineCommit commit = recordedCommit(baseline);
    return commit == null
        ? null
        : "the baseline's "
            + commit.describe()
            + " is measured again beside this build by the plugin's check goal in mvn verify"
            + " (or mvn libreyolo-profile:ab), which decides on a shared machine (docs/junit.md)";
  }

  /**
   * The commit recorded beside the baseline, or null where none is (an unreadable record is the
   * check's and the ab goal's error to give, not this test's failure).
   */
  private static BaselineCommit recordedCommit(Path baseline) {
    try {
      return BaselineCommit.of(baseline);
    } catch (LibreYoloException e) {
      return null;
    }
  }
}
