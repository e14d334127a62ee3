package org.libreyolo.profile.versions;

import static org.libreyolo.profile.versions.VersionAb.MEASURED;
import static org.libreyolo.profile.versions.VersionAb.PROBE;
import static org.libreyolo.profile.versions.VersionAb.baselineFailure;
import static org.libreyolo.profile.versions.VersionAb.byClass;
import static org.libreyolo.profile.versions.VersionAb.measures;
import static org.libreyolo.profile.versions.VersionAb.notJudged;
import static org.libreyolo.profile.versions.VersionAb.rotated;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.BlockStatistics;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Looks;
import org.libreyolo.profile.gate.StepLayout;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.process.PerfTestProtocol;
import org.libreyolo.profile.process.PerfTestProtocol.Test;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.result.Profile;

/**
 * The A/B across versions for the tests that cannot share one JVM: a probe fork on the baseline,
 * then forks of both sides alternating, looked at as the shared JVMs are, each judged by the fork
 * gate (docs/versions.md, "In forks").
 */
final class VersionAbForks {
  /**
   * What narrows an undecided verdict of this A/B: the user is running the in-job A/B already, so
   * the advice is more forks, or what kept the two versions out of one JVM (docs/versions.md).
   */
  static final String FORKS_REMEDY =
      "more forks narrow it; so does a class path both versions can share (the reason above says"
          + " what kept them apart)";

  /** The same for a test the shared JVMs distorted: only forks measure it as it runs. */
  static final String DISTORTED_REMEDY =
      "more forks narrow it (pairs in shared JVMs cannot: they measure this step unlike it runs"
          + " alone)";

  private VersionAbForks() {}

  /**
   * The tests that could not share one JVM: a short probe fork on the baseline first, then {@code
   * forks} forks per side alternating, judged by the fork gate at each look ({@code looks}: as many
   * forks again for a test undecided that they could decide); each outcome names why it forked.
   */
  static void forks(
      VersionAbOptions o,
      Map<Test, String> forked,
      Set<Test> unlikeAlone,
      Path folder,
      List<VersionVerdicts.Outcome> judged,
      List<String> failures,
      List<String> notes,
      Consumer<String> progress) {
    List<Test> tests = new ArrayList<>(forked.keySet());
    // which tests link against the baseline, in a short fork first: the measured forks of both
    // sides then run the same tests in the same order (a test failing on one side only would leave
    // the next ones another JVM to run in: its JIT state, its heap)
    ArmRuns probe = new ArmRuns();
    fork(
        o,
        Arm.BASELINE,
        folder.resolve("probe"),
        tests,
        PROBE,
        "probing " + o.baseline().label() + " (does every test run against it?)",
        probe,
        progress);
    List<Test> measured = new ArrayList<>();
    for (Test t : tests) {
      VersionAb.Failure there = probe.failure(t);
      if (there == null) {
        measured.add(t);
      } else {
        judged.add(notJudged(t, forked.get(t), baselineFailure(o, there, "")));
      }
    }
    Map<Arm, ArmRuns> runs = new EnumMap<>(Arm.class);
    runs.put(Arm.BASELINE, new ArmRuns());
    runs.put(Arm.CANDIDATE, new ArmRuns());
    // the forks look as the shared JVMs do: after o.forks() a side, a test still undecided gets as
    // many more where they could decide it (docs/versions.md, "Forks")
    Looks looks = Looks.overJvms(o.looks(), o.forks(), o.gate().alpha());
    List<Test> measuring = new ArrayList<>(measured); // not yet failed, not yet decided
    int started = 0;
    int pair = 0;
    for (int look = 0; look < looks.count() && !measuring.isEmpty(); look++) {
      List<List<Test>> classes = byClass(measuring);
      for (; pair < looks.at()[look]; pair++) {
        // the test classes' order turns from pair to pair (both sides of a pair alike): whatever a
        // class leaves behind in its JVM (JIT, heap, a busier CPU) falls on every class in turn
        List<Test> order = rotated(classes, pair);
        // A B B A ...: neither side always first, a trend in the machine's speed falls on both
        for (Arm arm :
            pair % 2 == 0
                ? List.of(Arm.BASELINE, Arm.CANDIDATE)
                : List.of(Arm.CANDIDATE, Arm.BASELINE)) {
          started++;
          ArmRuns r = runs.get(arm);
          if (r.broken == null) {
            fork(
                o,
                arm,
                folder.resolve(arm.folder).resolve(Integer.toString(pair)),
                order,
                Map.of(),
                "fork "
                    + started
                    + " of "
                    + 2 * looks.at()[look]
                    + " ("
                    + arm.side(o).label()
                    + ", "
                    + measuring.size()
                    + " test"
                    + (measuring.size() == 1 ? "" : "s")
                    + ")",
                r,
                progress);
          }
        }
      }
      NextLook next = new NextLook(looks, look, o.forks(), "forks a side");
      double threshold = o.gate().maxRegression();
      for (Test t : List.copyOf(measuring)) {
        List<VersionVerdicts.Outcome> outcomes =
            outcomesAt(o, looks, look, t, runs, forked, unlikeAlone, folder, failures);
        if (next.judges(
            t, outcomes, x -> decided(x, threshold), x -> chanceToDecide(looks, x, threshold))) {
          judged.addAll(outcomes);
          measuring.remove(t);
        }
      }
      next.report(notes, progress);
    }
  }

  /**
   * One test's outcomes at a look, over its forks so far: none where it fails on this build (a
   * failure, the goal fails), not judged where it fails on the baseline, else its steps judged at
   * the look's level.
   */
  private static List<VersionVerdicts.Outcome> outcomesAt(
      VersionAbOptions o,
      Looks looks,
      int look,
      Test t,
      Map<Arm, ArmRuns> runs,
      Map<Test, String> forked,
      Set<Test> unlikeAlone,
      Path folder,
      List<String> failures) {
    VersionAb.Failure here = runs.get(Arm.CANDIDATE).failure(t);
    if (here != null) {
      failures.add(t.id() + " fails on this build: " + here.line());
      return List.of();
    }
    VersionAb.Failure there = runs.get(Arm.BASELINE).failure(t);
    if (there != null) {
      return List.of(notJudged(t, forked.get(t), baselineFailure(o, there, " in a measured fork")));
    }
    return judge(
        o,
        t,
        runs.get(Arm.BASELINE).steps,
        runs.get(Arm.CANDIDATE).steps,
        folder,
        forked.get(t),
        unlikeAlone.contains(t) ? DISTORTED_REMEDY : FORKS_REMEDY,
        looks,
        look);
  }

  /**
   * Whether a forked step's outcome at a look needs no more forks: not judged by time (too few
   * forks, no blocks), decided by a guard or an exact counter, or stopped by its interval ({@link
   * Looks#stops}).
   */
  private static boolean decided(VersionVerdicts.Outcome x, double threshold) {
    Gate.Result r = x.gate();
    BlockStatistics time = r == null ? null : r.timing();
    return time == null
        || x.verdict() != r.timingVerdict()
        || Looks.stops(r.timingVerdict(), time.ciLow(), time.ciHigh(), threshold);
  }

  /**
   * The chance that the forks left decide a step ({@link Looks#chanceToDecide}): each fork a side
   * to come adds about two degrees of freedom to Welch's.
   */
  private static double chanceToDecide(Looks looks, VersionVerdicts.Outcome x, double threshold) {
    BlockStatistics time = x.gate().timing();
    int forks = Math.min(time.forksBefore(), time.forksAfter());
    int more = looks.at()[looks.count() - 1] - forks;
    return looks.chanceToDecide(
        time.change(), time.logSe(), time.df() + 2.0 * more, forks, threshold);
  }

  /**
   * One JVM of one side alone running the tests (the check that the shared JVMs ran each side as it
   * runs alone): its step profiles, or null when that side could not run.
   */
  static List<StepLayout.Step> solo(
      VersionAbOptions o,
      boolean candidate,
      Path root,
      List<Test> tests,
      Map<String, String> extra,
      String what,
      Consumer<String> progress) {
    ArmRuns r = new ArmRuns();
    try {
      fork(o, candidate ? Arm.CANDIDATE : Arm.BASELINE, root, tests, extra, what, r, progress);
    } catch (LibreYoloException e) {
      return null;
    }
    return r.broken == null ? r.steps : null;
  }

  /** The two sides, and the folder each side's forks write under. */
  private enum Arm {
    BASELINE("baseline"),
    CANDIDATE("candidate");

    final String folder;

    Arm(String folder) {
      this.folder = folder;
    }

    VersionAb.Side side(VersionAbOptions o) {
      return this == BASELINE ? o.baseline() : o.candidate();
    }
  }

  /**
   * What one side's forks left: their folders, the tests that failed there, or why the side could
   * not fork.
   */
  private static final class ArmRuns {
    /** Every step profile the side's forks wrote, in fork order (listed once, read per test). */
    final List<StepLayout.Step> steps = new ArrayList<>();

    final VersionAb.Failures failures = new VersionAb.Failures();
    String broken;

    VersionAb.Failure failure(Test t) {
      return broken != null ? new VersionAb.Failure("", broken) : failures.of(t);
    }
  }

  /**
   * One fork of one side running every test. A fork of this build that cannot run fails the A/B; a
   * baseline that cannot run makes every test INCONCLUSIVE with its error, and forks no more.
   */
  private static void fork(
      VersionAbOptions o,
      Arm arm,
      Path root,
      List<Test> tests,
      Map<String, String> extra,
      String what,
      ArmRuns into,
      Consumer<String> progress) {
    progress.accept(what);
    Map<String, String> parameters = new LinkedHashMap<>(o.parameters());
    parameters.putAll(extra);
    try {
      ChildJvms.run(
          new ChildJvms.Where(arm.side(o).classpath(), o.workingDirectory()),
          PerfTestProtocol.RUN,
          new PerfTestProtocol.RunRequest(
              root.toAbsolutePath().toString(),
              parameters,
              tests.stream().map(Test::uniqueId).toList()),
          root,
          what);
    } catch (LibreYoloException e) {
      if (arm == Arm.CANDIDATE) {
        throw e;
      }
      into.broken = e.getMessage();
      return;
    }
    into.steps.addAll(new StepLayout(root, root).steps());
    PerfTestProtocol.ForkReport report = ChildJvms.reply(root, PerfTestProtocol.ForkReport.class);
    into.failures.add(report == null ? List.of() : report.outcomes());
  }

  /** Every step the test measured, merged per side and judged by the fork gate. */
  private static List<VersionVerdicts.Outcome> judge(
      VersionAbOptions o,
      Test t,
      List<StepLayout.Step> baseline,
      List<StepLayout.Step> candidate,
      Path folder,
      String mode,
      String remedy,
      Looks looks,
      int look) {
    Map<String, List<Path>> a = steps(t, baseline);
    Map<String, List<Path>> b = steps(t, candidate);
    if (b.isEmpty()) {
      return List.of(notJudged(t, mode, "measured nothing on this build"));
    }
    List<VersionVerdicts.Outcome> out = new ArrayList<>();
    // one job: its state is shared by both sides; the look's interval at the look's boundary
    GateOptions gate = o.gate().withJobNoise(0).withAlpha(looks.levelAt(look));
    for (Map.Entry<String, List<Path>> step : b.entrySet()) {
      List<Path> before = a.getOrDefault(step.getKey(), List.of());
      String name = t.id() + step.getKey().substring(t.method().length());
      if (before.size() < BlockStatistics.MIN_FORKS
          || step.getValue().size() < BlockStatistics.MIN_FORKS) {
        out.add(
            inconclusive(
                name,
                step.getKey(),
                mode,
                "measured in "
                    + before.size()
                    + " and "
                    + step.getValue().size()
                    + " forks: too few to compare"));
        continue;
      }
      Path merged = Path.of(t.className(), step.getKey());
      Profile pa = CustomStepProfiler.merge(merged(folder, Arm.BASELINE, merged), before);
      Profile pb = CustomStepProfiler.merge(merged(folder, Arm.CANDIDATE, merged), step.getValue());
      if (!Gate.hasBlocks(pa) || !Gate.hasBlocks(pb)) {
        out.add(inconclusive(name, step.getKey(), mode, "no timing blocks to compare"));
        continue;
      }
      Gate.Result r = Gate.check(pa, pb, gate, MEASURED, remedy);
      out.add(
          new VersionVerdicts.Outcome(
              name,
              step.getKey(),
              r.verdict(),
              r,
              null,
              mode,
              new VersionVerdicts.Forks(looks.describe(look))));
    }
    return out;
  }

  /** Where one side's merged profile of a step goes. */
  private static Path merged(Path folder, Arm arm, Path step) {
    return folder.resolve(arm.folder).resolve("merged").resolve(step);
  }

  /** The step folders ({@code key -> fork folders}) of one test among a side's step profiles. */
  private static Map<String, List<Path>> steps(Test t, List<StepLayout.Step> found) {
    Map<String, List<Path>> out = new LinkedHashMap<>();
    for (StepLayout.Step s : found) {
      if (measures(t, s.className(), s.key())) {
        out.computeIfAbsent(s.key(), k -> new ArrayList<>()).add(s.profile().getParent());
      }
    }
    return out;
  }

  /** A step the forks measured but cannot judge: INCONCLUSIVE with why. */
  private static VersionVerdicts.Outcome inconclusive(
      String name, String key, String mode, String why) {
    return VersionVerdicts.Outcome.notJudged(name, key, mode, why);
  }
}
