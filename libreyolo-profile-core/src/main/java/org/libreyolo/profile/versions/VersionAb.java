package org.libreyolo.profile.versions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.SoloCheck;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.internal.io.Folders;
import org.libreyolo.profile.internal.io.Leftovers;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.process.PerfTestProtocol;
import org.libreyolo.profile.process.PerfTestProtocol.Test;
import org.libreyolo.profile.process.SharedClasspath;
import org.libreyolo.profile.runtime.EngineFiles;

/**
 * The A/B across versions (docs/versions.md): a module's perf tests run in fresh JVMs on two class
 * paths, the baseline version's (its main artifact and its own dependencies) and this build's, the
 * same test classes on both, alternating A B B A ... so both sides share the machine and the
 * minutes; each side's forks of a step merge into one profile and the fork gate judges them, with
 * no job noise (one job). A test the baseline cannot link is INCONCLUSIVE naming the missing
 * symbol.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class VersionAb {

  /**
   * Where the two sides run: {@code AUTO} puts both in one JVM wherever their class paths allow it
   * (pairs of alternating blocks, the narrower interval) and forks the rest, saying why; {@code
   * FORKS} forks every test.
   */
  public enum Mode {
    /** Both sides in one JVM where they fit, forks elsewhere. */
    AUTO,
    /** Every test in fresh JVMs per side. */
    FORKS;

    /**
     * The mode a parameter value names.
     *
     * @param value {@code auto} or {@code forks}
     * @return the mode
     */
    public static Mode of(String value) {
      for (Mode m : values()) {
        if (m.name().equalsIgnoreCase(value == null ? "" : value.strip())) {
          return m;
        }
      }
      throw LibreYoloException.badInput(
          "{abMode} must be auto (both versions in one JVM where they fit) or forks, got '"
              + value
              + "'");
    }
  }

  /** The engine's versions are what an upgrade between versions changes: they may differ. */
  static final Set<String> MEASURED = Set.of("engine", "libtorch");

  /**
   * The probe fork only asks whether each test runs against the baseline: the shortest measurement.
   */
  static final Map<String, String> PROBE =
      Map.of("libreyolo.profile.warmup", "0", "libreyolo.profile.runs", "2");

  private VersionAb() {}

  /** More JVMs than this would run for an hour: a typo, not a measurement. */
  public static final int MAX_JVMS = 100;

  /**
   * Refuses fewer than two JVMs (one cannot tell its own bias from the change) or absurdly many.
   *
   * @param jvms the JVMs asked for
   */
  public static void checkJvms(int jvms) {
    if (jvms < 2 || jvms > MAX_JVMS) {
      throw LibreYoloException.badInput(
          "{abJvms} must be within 2.."
              + MAX_JVMS
              + " (the JVMs holding both versions are the verdict's unit: one cannot tell its own"
              + " bias from a change), got "
              + jvms);
    }
  }

  /**
   * One side: how the output names it ({@code baseline 1.0}, {@code this build}) and its class
   * path.
   *
   * @param label the side's name in the output
   * @param classpath the class path its forks start on
   */
  public record Side(String label, String classpath) {}

  /**
   * The A/B's verdicts and what the report made of them; or, for a module with no perf test, the
   * line that says so.
   *
   * @param verdicts the verdicts, or null when nothing was compared
   * @param files the report's lines and files
   */
  public record Result(VersionVerdicts verdicts, VersionVerdicts.Files files) {
    /**
     * A module with no perf test to compare: nothing judged, nothing written.
     *
     * @param line what the log says
     * @return the empty result
     */
    public static Result nothing(String line) {
      return new Result(
          null,
          new VersionVerdicts.Files(
              List.of(new VersionVerdicts.Line(line, false)), null, null, ""));
    }

    /**
     * @return the worst of the outcomes (PASS when nothing was compared)
     */
    public Verdict verdict() {
      return verdicts == null ? Verdict.PASS : verdicts.verdict();
    }

    /**
     * @return one outcome per step (or per test not judged)
     */
    public List<VersionVerdicts.Outcome> outcomes() {
      return verdicts == null ? List.of() : verdicts.outcomes();
    }

    /**
     * @return tests that fail on this build: the build fails whatever the timing says
     */
    public List<String> failures() {
      return verdicts == null ? List.of() : verdicts.failures();
    }

    /**
     * The module's word in a reactor's summary: a test failing on this build outranks every
     * verdict.
     *
     * @return {@code FAILED}, or the verdict's name
     */
    public String moduleVerdict() {
      return failures().isEmpty() ? verdict().name() : "FAILED";
    }

    /**
     * @return the report's text, one line each
     */
    public List<String> lines() {
      return files.report().stream().map(VersionVerdicts.Line::text).toList();
    }

    /**
     * @return whether anything was compared
     */
    public boolean compared() {
      return verdicts != null;
    }
  }

  /**
   * Runs the A/B: discovery on this build's class path; both sides in one JVM where their class
   * paths allow it, pairs of alternating blocks per step; {@code forks} forks per side,
   * alternating, for the tests that cannot share one, each saying why; then the verdict per step.
   *
   * @param o what to run
   * @param progress one line per JVM as it starts
   * @param files writes the verdicts' files into {@code versions/} (the report's writer, handed in
   *     by the surface)
   * @return the verdicts and their files
   */
  public static Result run(
      VersionAbOptions o, Consumer<String> progress, VersionVerdicts.Writer files) {
    Path folder = o.outputDirectory().resolve(OutputFiles.VERSIONS_FOLDER);
    List<Test> tests = inBaseline(selected(discover(o), o.tests(), o.testClasses()), o, progress);
    if (tests.isEmpty() && o.skipWithoutTests()) {
      return Result.nothing("no @ProfiledStep test in " + o.testClasses() + ": nothing to compare");
    }
    if (tests.isEmpty()) { // bad input: nothing written, an earlier A/B's results left as they were
      throw LibreYoloException.badInput(
          "no @ProfiledStep test in "
              + o.testClasses()
              + " (a test method that takes a"
              + " StepProfiler): nothing to compare against the baseline");
    }
    Folders.delete(folder); // an earlier A/B's files must never be read as this one's
    // a stopped A/B leaves none of its own (its forks' half-written folders among them)
    Path created = Folders.firstMissing(folder);
    Leftovers.track(created);
    try {
      return measureAndJudge(o, tests, folder, progress, files);
    } finally {
      Leftovers.forget(created);
    }
  }

  /**
   * The A/B itself, into {@code folder}: the shared JVMs, the check alone, the forks; the files by
   * {@code files}.
   */
  private static Result measureAndJudge(
      VersionAbOptions o,
      List<Test> tests,
      Path folder,
      Consumer<String> progress,
      VersionVerdicts.Writer files) {
    progress.accept(
        "perf tests: "
            + String.join(", ", tests.stream().map(Test::id).toList())
            + "; "
            + o.baseline().label()
            + " (A) and "
            + o.candidate().label()
            + " (B)");
    List<VersionVerdicts.Outcome> judged = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Map<Test, String> forked = new LinkedHashMap<>(); // a test the forks judge, and why
    Map<String, SoloCheck> distorted = Map.of(); // steps the shared JVMs did not run as alone
    if (o.mode() == Mode.FORKS) {
      tests.forEach(t -> forked.put(t, "forks: abMode=forks"));
    } else {
      SharedClasspath split =
          SharedClasspath.split(
              o.testClasses(),
              o.baseline().classpath(),
              o.candidate().classpath(),
              o.unshareable(),
              EngineFiles.all().stream().flatMap(e -> e.processWidePackages().stream()).toList());
      if (split.possible()) {
        List<PerfTestProtocol.PairedReport> reports =
            PairedRun.run(o, split, tests, folder, judged, forked, notes, progress);
        distorted = SoloRun.check(o, tests, reports, folder, judged, forked, notes, progress);
      } else {
        progress.accept("both versions cannot share one JVM: " + split.whyNot());
        tests.forEach(t -> forked.put(t, "forks: " + split.whyNot()));
      }
    }
    if (!forked.isEmpty()) {
      Map<String, SoloCheck> unlike = distorted;
      Set<Test> unlikeAlone = // sent to the forks by the check against each side alone
          forked.keySet().stream()
              .filter(t -> unlike.keySet().stream().anyMatch(n -> isOf(n, t)))
              .collect(java.util.stream.Collectors.toSet());
      VersionAbForks.forks(o, forked, unlikeAlone, folder, judged, failures, notes, progress);
    }
    for (int i = 0; i < judged.size(); i++) { // a forked step carries what moved it there
      SoloCheck c = distorted.get(judged.get(i).test());
      if (c != null && !judged.get(i).inSharedJvms()) {
        judged.set(i, judged.get(i).withSolo(c, ""));
      }
    }
    // the outcomes in discovery order, whichever way each was judged
    List<VersionVerdicts.Outcome> ordered = new ArrayList<>();
    for (Test t : tests) {
      judged.stream().filter(x -> !ordered.contains(x) && isOf(x.test(), t)).forEach(ordered::add);
    }
    judged.stream().filter(x -> !ordered.contains(x)).forEach(ordered::add);
    Verdict overall = Gate.worst(ordered.stream().map(VersionVerdicts.Outcome::verdict).toList());
    VersionVerdicts verdicts =
        new VersionVerdicts(
            o.baseline().label(),
            o.candidate().label(),
            o.forks(),
            o.pairs(),
            o.jvms(),
            o.gate(),
            o.classpathDifferences(),
            ordered,
            failures,
            notes,
            overall);
    return new Result(verdicts, files.write(verdicts, folder, o.summaryOnlyOnRegression()));
  }

  /** What a test's failure on the baseline says: the symbol it cannot link, or its first line. */
  static String baselineFailure(VersionAbOptions o, Failure f, String where) {
    return !f.symbol().isEmpty()
        ? "does not link against " + o.baseline().label() + ": " + f.symbol()
        : "fails against " + o.baseline().label() + where + ": " + f.line();
  }

  /** A test not judged: INCONCLUSIVE with why. */
  static VersionVerdicts.Outcome notJudged(Test t, String mode, String why) {
    return VersionVerdicts.Outcome.notJudged(t.id(), null, mode, why);
  }

  /** The tests grouped by class, in discovery order. */
  static List<List<Test>> byClass(List<Test> tests) {
    Map<String, List<Test>> groups = new LinkedHashMap<>();
    tests.forEach(t -> groups.computeIfAbsent(t.className(), k -> new ArrayList<>()).add(t));
    return new ArrayList<>(groups.values());
  }

  /** The classes starting at {@code pair mod classes}, flattened. */
  static List<Test> rotated(List<List<Test>> classes, int pair) {
    List<Test> out = new ArrayList<>();
    for (int i = 0; i < classes.size(); i++) {
      out.addAll(classes.get((pair + i) % classes.size()));
    }
    return out;
  }

  /**
   * A test's failure on one side: the missing symbol of a linkage error (or empty) and its first
   * line.
   */
  record Failure(String symbol, String line) {}

  /** How a side's tests failed, by unique id (a test's, an invocation's, a container's). */
  static final class Failures {
    private final Map<String, Failure> byId = new LinkedHashMap<>();

    static Failures of(List<PerfTestProtocol.Outcome> outcomes) {
      Failures f = new Failures();
      f.add(outcomes);
      return f;
    }

    /** The outcomes that failed (an abort is the other side's failure, not this one's). */
    void add(List<PerfTestProtocol.Outcome> outcomes) {
      for (PerfTestProtocol.Outcome x : outcomes) {
        if (x.failed()) {
          byId.putIfAbsent(x.uniqueId(), new Failure(x.missingSymbol(), x.firstLine()));
        }
      }
    }

    /**
     * The test's first failure: its own, an invocation's, or its class's (a container above it).
     */
    Failure of(Test t) {
      for (Map.Entry<String, Failure> e : byId.entrySet()) {
        if (e.getKey().startsWith(t.uniqueId()) || t.uniqueId().startsWith(e.getKey())) {
          return e.getValue();
        }
      }
      return null;
    }
  }

  /**
   * The perf tests, listed by a fork on this build's class path in a temporary folder (removed
   * after).
   */
  private static List<Test> discover(VersionAbOptions o) {
    Path scratch;
    try {
      scratch = Files.createTempDirectory("libreyolo-versions-discover");
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot create a temporary folder: " + e.getMessage(), e);
    }
    try {
      ChildJvms.run(
          new ChildJvms.Where(o.candidate().classpath(), o.workingDirectory()),
          PerfTestProtocol.DISCOVER,
          new PerfTestProtocol.DiscoverRequest(o.testClasses().toString()),
          scratch,
          "discovering the perf tests");
      PerfTestProtocol.Discovery found = ChildJvms.reply(scratch, PerfTestProtocol.Discovery.class);
      return found == null ? List.of() : found.tests();
    } finally {
      Folders.delete(scratch);
    }
  }

  /**
   * The tests the baseline side can run: all of them on this build's tests; where the baseline
   * brings its own (a commit's), those whose class it has, the others named once.
   */
  private static List<Test> inBaseline(
      List<Test> tests, VersionAbOptions o, Consumer<String> progress) {
    if (o.baselineTests() == null) {
      return tests;
    }
    List<Test> there = new ArrayList<>();
    List<String> added = new ArrayList<>();
    for (Test t : tests) {
      if (Files.isRegularFile(
          o.baselineTests().resolve(t.className().replace('.', '/') + ".class"))) {
        there.add(t);
      } else {
        added.add(t.id());
      }
    }
    if (!added.isEmpty()) {
      progress.accept(
          "not in "
              + o.baseline().label()
              + "'s tests (added since), not compared: "
              + String.join(", ", added));
    }
    return there;
  }

  /**
   * The discovered tests that {@code names} select ({@code Class} or {@code Class.method}, simple
   * or qualified class name); all of them when {@code names} is empty.
   *
   * @throws LibreYoloException bad input naming a name that selects no perf test, with the ones
   *     there are
   */
  static List<Test> selected(List<Test> found, List<String> names, Path testClasses) {
    if (names.isEmpty()) {
      return found;
    }
    List<Test> out = new ArrayList<>();
    for (String name : names) {
      List<Test> hits = found.stream().filter(t -> named(t, name.strip())).toList();
      if (hits.isEmpty()) {
        throw LibreYoloException.badInput(
            "{tests}: "
                + name.strip()
                + " names no @ProfiledStep test in "
                + testClasses
                + "; the perf tests there: "
                + (found.isEmpty()
                    ? "none"
                    : String.join(", ", found.stream().map(Test::id).toList())));
      }
      hits.stream().filter(t -> !out.contains(t)).forEach(out::add);
    }
    return out;
  }

  /**
   * Whether {@code name} names t: {@code Class}, {@code Class.method}, or one of its steps ({@code
   * Class.method.decode}, {@code Class.method[2]}: a bisect searches a step by its name), the class
   * simple or qualified.
   */
  private static boolean named(Test t, String name) {
    String qualified = t.className().replace('$', '.');
    String simple = t.id().substring(0, t.id().length() - t.method().length() - 1);
    return isOf(name, t.id())
        || isOf(name, qualified + "." + t.method())
        || name.equals(simple)
        || name.equals(qualified);
  }

  /** Whether an outcome's name ({@code Class.method}, {@code Class.method.step}) is the test's. */
  static boolean isOf(String outcome, Test t) {
    return isOf(outcome, t.id());
  }

  /** Whether {@code name} is the method {@code id} names, one of its steps or invocations. */
  private static boolean isOf(String name, String id) {
    return name.equals(id) || name.startsWith(id + ".") || name.startsWith(id + "[");
  }

  /**
   * Whether a step ({@code class}, {@code key}) is one of the test's: its method, an invocation of
   * it ({@code method[2]}) or a named step of it ({@code method.decode}).
   */
  static boolean measures(Test t, String className, String key) {
    return className.equals(t.className())
        && key.startsWith(t.method())
        && (key.length() == t.method().length()
            || "[.".indexOf(key.charAt(t.method().length())) >= 0);
  }
}
