package org.libreyolo.profile.produce;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.process.Forking;
import org.libreyolo.profile.process.PerfTestProtocol;
import org.libreyolo.profile.process.PerfTestProtocol.Test;
import org.libreyolo.profile.process.SharedClasspath;
import org.libreyolo.profile.report.VersionAbReport;
import org.libreyolo.profile.result.Profile;

/**
 * The A/B across versions in one JVM (docs/versions.md, "In one process"): the JVM's class path is
 * what both sides share, each side's own entries go to a class loader of its own, and each step
 * runs on both sides in alternating blocks, each pair of blocks one sample ({@link PairedBlocks},
 * the weights A/B's estimator and rule); each side's own profile of the step feeds the gate's
 * guards and exact counters. A test that fails in that JVM goes to the forks, saying why.
 */
final class PairedRun {
  private PairedRun() {}

  static void run(
      VersionAb.Options o,
      SharedClasspath split,
      List<Test> tests,
      Path folder,
      List<VersionVerdicts.Outcome> judged,
      Map<Test, String> forked,
      List<String> notes,
      Consumer<String> progress) {
    Path root = folder.resolve("shared");
    Path requestFile = root.resolve("request.json");
    Path reportFile = root.resolve("report.json");
    PerfTestProtocol.write(
        requestFile,
        new PerfTestProtocol.PairedRequest(
            split.baseline(),
            split.candidate(),
            o.baseline().label(),
            o.candidate().label(),
            tests.stream().map(Test::uniqueId).toList(),
            o.parameters(),
            root.toAbsolutePath().toString(),
            o.pairs(),
            Defaults.Versions.BLOCK_MS_VALUE,
            o.gate().alpha(),
            o.gate().maxRegression()));
    String what =
        "one JVM holding both versions ("
            + tests.size()
            + " test"
            + (tests.size() == 1 ? "" : "s")
            + ", "
            + o.pairs()
            + " pairs of alternating blocks per step)";
    progress.accept(what);
    PerfTestProtocol.PairedReport report;
    try {
      Forking.run(
          String.join(File.pathSeparator, split.shared()),
          o.workingDirectory(),
          VersionAb.FORK_MAIN,
          List.of("pairs", requestFile.toString(), reportFile.toString()),
          root.resolve("jvm.log"),
          what);
      report = PerfTestProtocol.read(reportFile, PerfTestProtocol.PairedReport.class);
    } catch (LibreYoloException e) {
      String why = "forks: the JVM holding both versions failed: " + e.getMessage();
      progress.accept(why);
      tests.forEach(t -> forked.put(t, why));
      return;
    }
    if (report == null) {
      tests.forEach(t -> forked.put(t, "forks: the JVM holding both versions wrote no report"));
      return;
    }
    for (String leak : report.leaks()) { // "<class id>: name (side), ..."
      int colon = leak.lastIndexOf("]: ");
      notes.add(
          simpleName(leak.substring(0, colon + 1))
              + " left threads running in the shared JVM ("
              + leak.substring(colon + 3)
              + "): the tests after it ran beside them");
    }
    VersionAb.Failures baseline = VersionAb.Failures.of(report.baseline());
    VersionAb.Failures candidate = VersionAb.Failures.of(report.candidate());
    for (Test t : tests) {
      VersionAb.Failure here = candidate.of(t);
      VersionAb.Failure there = baseline.of(t);
      if (here != null) { // the forks say whether it fails on this build or only in the shared JVM
        forked.put(t, "forks: failed in the shared JVM: " + here.line());
      } else if (there != null && !there.symbol().isEmpty()) {
        judged.add(
            VersionAb.notJudged(
                t, VersionVerdicts.IN_ONE_PROCESS, VersionAb.baselineFailure(o, there, "")));
      } else if (there != null) {
        forked.put(t, "forks: failed against the baseline in the shared JVM: " + there.line());
      } else {
        List<PerfTestProtocol.PairedStep> steps =
            report.steps().stream()
                .filter(s -> VersionAb.measures(t, s.className(), s.key()))
                .toList();
        if (steps.isEmpty()) {
          judged.add(VersionAb.notJudged(t, VersionVerdicts.IN_ONE_PROCESS, "measured nothing"));
        }
        for (PerfTestProtocol.PairedStep s : steps) {
          judged.add(judge(o, t, s));
        }
      }
    }
  }

  /**
   * A step measured on both sides: the pairs decide the time; each side's profile gives the guards
   * (environment, workload) and the exact counters, judged as the fork gate judges them.
   */
  static VersionVerdicts.Outcome judge(VersionAb.Options o, Test t, PerfTestProtocol.PairedStep s) {
    String name = t.id() + s.key().substring(t.method().length());
    Profile pa = ProfileLoader.load(Path.of(s.baselineProfile()));
    Profile pb = ProfileLoader.load(Path.of(s.candidateProfile()));
    GateOptions gate = o.gate().withJobNoise(0);
    Gate.Result g = Gate.check(pa, pb, gate, VersionAb.MEASURED);
    PairedBlocks paired = PairedBlocks.of(s.logRatios(), gate.alpha(), gate.maxRegression());
    Verdict verdict;
    if (!g.environmentDifferences().isEmpty() || !g.workloadDifferences().isEmpty()) {
      verdict = Verdict.INCONCLUSIVE;
    } else if (g.countersVerdict() == Verdict.REGRESSION) {
      verdict = Verdict.REGRESSION; // exact: more work is a regression whatever the time says
    } else {
      verdict = paired.verdict();
    }
    return new VersionVerdicts.Outcome(
        name,
        s.key(),
        verdict,
        g,
        paired,
        VersionVerdicts.IN_ONE_PROCESS,
        VersionAbReport.why(g, paired, verdict));
  }

  /** {@code [engine:junit-jupiter]/[class:demo.LeakPerfTest]} as {@code LeakPerfTest}. */
  private static String simpleName(String classId) {
    int i = classId.indexOf("[class:");
    int end = classId.indexOf(']', i);
    if (i < 0 || end < 0) {
      return classId;
    }
    String cls = classId.substring(i + 7, end);
    return cls.substring(cls.lastIndexOf('.') + 1);
  }
}
