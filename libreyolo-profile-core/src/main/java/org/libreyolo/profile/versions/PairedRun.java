package org.libreyolo.profile.versions;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.diff.StepChange;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Looks;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.process.PerfTestProtocol;
import org.libreyolo.profile.process.PerfTestProtocol.Test;
import org.libreyolo.profile.process.SharedClasspath;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * The A/B across versions in shared JVMs (docs/versions.md, "In shared JVMs"): each JVM's class
 * path is what both sides share, each side's own entries go to a class loader of its own, and each
 * step runs on both sides in alternating blocks. Several JVMs run in turn, the side that loads,
 * warms and leads first drawn per JVM (balanced): a JVM can compile the two copies of one class
 * differently, a bias no number of pairs inside it removes, so the JVM is the unit of the verdict
 * ({@link PairedBlocks#acrossJvms}) and the pairs its precision. Each side's own profile of the
 * step feeds the gate's guards and counters. A test that fails there goes to the forks, saying why.
 */
final class PairedRun {
  private PairedRun() {}

  /**
   * Runs the shared JVMs and judges their tests.
   *
   * @return the JVMs' reports, in order (empty when the first failed and every test forked)
   */
  static List<PerfTestProtocol.PairedReport> run(
      VersionAbOptions o,
      SharedClasspath split,
      List<Test> tests,
      Path folder,
      List<VersionVerdicts.Outcome> judged,
      Map<Test, String> forked,
      List<String> notes,
      Consumer<String> progress) {
    int perJvm = pairsPerJvm(o.pairs(), o.jvms());
    Looks looks = Looks.overJvms(o.looks(), o.jvms(), o.gate().alpha());
    Random random = new Random();
    List<Boolean> candidateFirst = new ArrayList<>();
    List<PerfTestProtocol.PairedReport> reports = new ArrayList<>();
    List<Test> shared = new ArrayList<>(tests); // measured still: not failed, not yet decided
    int look = 0;
    for (int j = 0; j < looks.at()[looks.count() - 1] && !shared.isEmpty(); j++) {
      if (j % o.jvms() == 0) { // each look's JVMs balanced in order on their own
        candidateFirst.addAll(orders(o.jvms(), j, random));
      }
      Path root = folder.resolve("shared").resolve(Integer.toString(j));
      String what =
          "JVM "
              + (j + 1)
              + " of "
              + looks.at()[look]
              + " holding both versions ("
              + (candidateFirst.get(j) ? o.candidate().label() : o.baseline().label())
              + " first, "
              + shared.size()
              + " test"
              + (shared.size() == 1 ? "" : "s")
              + ", "
              + perJvm
              + " pairs of alternating blocks per step)";
      JvmRun run = runJvm(o, split, shared, root, perJvm, candidateFirst.get(j), what, progress);
      PerfTestProtocol.PairedReport report = run.report();
      if (report == null) {
        String why = "the JVM holding both versions failed: " + run.failure();
        if (j == 0) {
          progress.accept("forks: " + why);
          shared.forEach(t -> forked.put(t, "forks: " + why));
          return reports;
        }
        notes.add(
            "JVM "
                + (j + 1)
                + " of "
                + looks.at()[look]
                + ": "
                + why
                + "; judged on the JVMs before it");
        break;
      }
      reports.add(report);
      noteLeaks(report, notes);
      dropFailed(o, report, shared, judged, forked);
      if (j + 1 == looks.at()[look]) {
        NextLook next = new NextLook(looks, look, o.jvms(), "JVMs");
        double threshold = o.gate().maxRegression();
        for (Test t : List.copyOf(shared)) {
          List<VersionVerdicts.Outcome> outcomes = judgeTest(o, t, reports, looks, look);
          if (next.judges(
              t,
              outcomes,
              x -> decided(x, threshold),
              x -> looks.chanceToDecide(x.paired(), threshold))) {
            judged.addAll(outcomes);
            shared.remove(t);
          }
        }
        next.report(notes, progress);
        look++;
      }
    }
    for (Test t : shared) { // a JVM failed before the look: judged on those before it
      judged.addAll(judgeTest(o, t, reports, looks, Math.min(look, looks.count() - 1)));
    }
    return reports;
  }

  /**
   * The pairs each JVM runs: the total spread over the JVMs, never fewer than an interval needs.
   */
  static int pairsPerJvm(int pairs, int jvms) {
    return Math.max(PairedBlocks.MIN_PAIRS, (pairs + jvms - 1) / jvms);
  }

  /**
   * Which side goes first in each of a look's JVMs: as many JVMs one way as the other, in a random
   * order, so an advantage of going first falls on both sides alike; with an odd count the one left
   * over alternates from look to look ({@code first}, the look's first JVM's index, decides).
   */
  static List<Boolean> orders(int jvms, int first, Random random) {
    List<Boolean> out = new ArrayList<>();
    for (int j = first; j < first + jvms; j++) {
      out.add(j % 2 == 1);
    }
    Collections.shuffle(out, random);
    return out;
  }

  /** Whether a step's outcome at a look needs no more JVMs ({@link Looks#stops}). */
  static boolean decided(VersionVerdicts.Outcome x, double threshold) {
    return x.paired() == null // a guard or not measured: more JVMs change nothing
        || x.verdict() != x.paired().verdict() // an exact counter or a guard decided it
        || Looks.stops(x.paired(), threshold);
  }

  /** The threads a JVM's tests left running, one note each. */
  private static void noteLeaks(PerfTestProtocol.PairedReport report, List<String> notes) {
    for (String leak : report.leaks()) { // "<class id>: name (side), ..."
      int colon = leak.lastIndexOf("]: ");
      String note =
          simpleName(leak.substring(0, colon + 1))
              + " left threads running in the shared JVM ("
              + leak.substring(colon + 3)
              + "): the tests after it ran beside them";
      if (!notes.contains(note)) {
        notes.add(note);
      }
    }
  }

  /**
   * The tests that failed in a JVM leave the shared ones: to the forks (which say whether it fails
   * on this build or only in the shared JVM), or not judged when the baseline cannot link them.
   */
  private static void dropFailed(
      VersionAbOptions o,
      PerfTestProtocol.PairedReport report,
      List<Test> shared,
      List<VersionVerdicts.Outcome> judged,
      Map<Test, String> forked) {
    VersionAb.Failures baseline = VersionAb.Failures.of(report.baseline());
    VersionAb.Failures candidate = VersionAb.Failures.of(report.candidate());
    for (Test t : List.copyOf(shared)) {
      VersionAb.Failure here = candidate.of(t);
      VersionAb.Failure there = baseline.of(t);
      if (here == null && there == null) {
        continue;
      }
      shared.remove(t);
      if (here != null) {
        forked.put(t, "forks: failed in the shared JVM: " + here.line());
      } else if (!there.symbol().isEmpty()) {
        judged.add(
            VersionAb.notJudged(
                t, VersionVerdicts.IN_SHARED_JVMS, VersionAb.baselineFailure(o, there, "")));
      } else {
        forked.put(t, "forks: failed against the baseline in the shared JVM: " + there.line());
      }
    }
  }

  /** A test's steps at a look, over the JVMs that measured it so far. */
  private static List<VersionVerdicts.Outcome> judgeTest(
      VersionAbOptions o,
      Test t,
      List<PerfTestProtocol.PairedReport> reports,
      Looks looks,
      int look) {
    Map<String, List<PerfTestProtocol.PairedStep>> steps = new LinkedHashMap<>();
    for (PerfTestProtocol.PairedReport report : reports) {
      for (PerfTestProtocol.PairedStep s : report.steps()) {
        if (VersionAb.measures(t, s.className(), s.key())) {
          steps.computeIfAbsent(s.key(), k -> new ArrayList<>()).add(s);
        }
      }
    }
    if (steps.isEmpty()) {
      return List.of(VersionAb.notJudged(t, VersionVerdicts.IN_SHARED_JVMS, "measured nothing"));
    }
    return steps.values().stream().map(s -> judge(o, t, s, looks, look)).toList();
  }

  /** A JVM's report, or null with why it failed. */
  private record JvmRun(PerfTestProtocol.PairedReport report, String failure) {}

  /** One JVM holding both versions. */
  private static JvmRun runJvm(
      VersionAbOptions o,
      SharedClasspath split,
      List<Test> tests,
      Path root,
      int pairs,
      boolean candidateFirst,
      String what,
      Consumer<String> progress) {
    PerfTestProtocol.PairedRequest request =
        new PerfTestProtocol.PairedRequest(
            split.baseline(),
            split.candidate(),
            o.baseline().label(),
            o.candidate().label(),
            tests.stream().map(Test::uniqueId).toList(),
            o.parameters(),
            root.toAbsolutePath().toString(),
            pairs,
            Defaults.Versions.BLOCK_MS_VALUE,
            o.gate().alpha(),
            o.gate().maxRegression(),
            Defaults.Ab.SETTLE_MS_VALUE,
            candidateFirst);
    progress.accept(what);
    try {
      ChildJvms.run(
          new ChildJvms.Where(
              String.join(File.pathSeparator, split.shared()), o.workingDirectory()),
          PerfTestProtocol.PAIRS,
          request,
          root,
          what);
    } catch (LibreYoloException e) {
      return new JvmRun(null, e.getMessage());
    }
    PerfTestProtocol.PairedReport report =
        ChildJvms.reply(root, PerfTestProtocol.PairedReport.class);
    return new JvmRun(report, report == null ? "it wrote no report" : "");
  }

  /**
   * A step measured on both sides in each JVM: the JVMs' pairs decide the time; each side's
   * profiles give the guards (environment, workload, from the first JVM) and the counters, judged
   * as the fork gate judges them where every JVM agrees (a counter the JVMs disagree on is not
   * exact there: shown, not judged).
   */
  static VersionVerdicts.Outcome judge(
      VersionAbOptions o, Test t, List<PerfTestProtocol.PairedStep> jvms, Looks looks, int look) {
    PerfTestProtocol.PairedStep first = jvms.get(0);
    String name = t.id() + first.key().substring(t.method().length());
    GateOptions gate = o.gate().withJobNoise(0);
    Gate.Result g = null;
    Profile firstA = null;
    Profile firstB = null;
    Set<Verdict> counters = new HashSet<>();
    for (PerfTestProtocol.PairedStep s : jvms) {
      Profile pa = ProfileLoader.load(Path.of(s.baselineProfile()));
      Profile pb = ProfileLoader.load(Path.of(s.candidateProfile()));
      Gate.Result r = Gate.check(pa, pb, gate, VersionAb.MEASURED);
      counters.add(r.countersVerdict());
      if (g == null) {
        g = r;
        firstA = pa;
        firstB = pb;
      }
    }
    PairedBlocks paired =
        PairedBlocks.acrossJvms(
            jvms.stream().map(PerfTestProtocol.PairedStep::logRatios).toList(),
            jvms.stream()
                .map(PerfTestProtocol.PairedStep::medianLogRatios)
                .filter(java.util.Objects::nonNull)
                .toList(),
            jvms.stream().map(PerfTestProtocol.PairedStep::candidateFirst).toList(),
            looks,
            look,
            gate.maxRegression());
    // what changed, judged by the JVMs' pairs (the first JVM's two profiles: each side's rows)
    g =
        g.withDiff(
            ProfileDiff.of(
                withSamples(firstA, first.baselineJavaSamples()),
                withSamples(firstB, first.candidateJavaSamples()),
                new StepChange(paired.change(), paired.ciLow(), paired.ciHigh()),
                null));
    boolean countersAgree = counters.size() == 1;
    Verdict verdict;
    if (!g.environmentDifferences().isEmpty() || !g.workloadDifferences().isEmpty()) {
      verdict = Verdict.INCONCLUSIVE;
    } else if (countersAgree && g.countersVerdict() == Verdict.REGRESSION) {
      verdict = Verdict.REGRESSION; // exact in every JVM: more work whatever the time says
    } else {
      verdict = paired.verdict();
    }
    return new VersionVerdicts.Outcome(
        name,
        first.key(),
        verdict,
        g,
        paired,
        VersionVerdicts.IN_SHARED_JVMS,
        new VersionVerdicts.Pairs(countersAgree, jitNotes(jvms)));
  }

  /** A side's profile with its Java samples from the pairs' blocks, where it has those. */
  private static Profile withSamples(Profile p, com.fasterxml.jackson.databind.node.ObjectNode s) {
    return s == null ? p : p.with(j -> j.set(ProfileSchema.JAVA_SAMPLES, s));
  }

  /**
   * What the JIT left unequal, over the JVMs: pairs that began while it still compiled, and methods
   * whose two copies ended in different states (the most frequent first).
   */
  static List<String> jitNotes(List<PerfTestProtocol.PairedStep> jvms) {
    List<String> notes = new ArrayList<>();
    long unsettled = jvms.stream().filter(s -> !s.settled()).count();
    if (unsettled > 0) {
      notes.add(
          "the JIT still compiled when the pairs began in "
              + unsettled
              + " of "
              + jvms.size()
              + " JVMs");
    }
    Map<String, Integer> methods = new LinkedHashMap<>();
    for (PerfTestProtocol.PairedStep s : jvms) {
      for (String m : s.jit() == null ? List.<String>of() : s.jit()) {
        methods.merge(m, 1, Integer::sum);
      }
    }
    methods.entrySet().stream()
        .sorted((a, b) -> b.getValue() - a.getValue())
        .limit(2)
        .forEach(
            e ->
                notes.add(
                    "JIT in " + e.getValue() + " of " + jvms.size() + " JVMs: " + e.getKey()));
    return notes;
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
