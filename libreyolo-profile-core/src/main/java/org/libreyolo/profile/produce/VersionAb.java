package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.BlockStatistics;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.StepLayout;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.internal.io.Folders;
import org.libreyolo.profile.process.Forking;
import org.libreyolo.profile.process.PerfTestProtocol;
import org.libreyolo.profile.process.PerfTestProtocol.Test;
import org.libreyolo.profile.process.SharedClasspath;
import org.libreyolo.profile.report.VersionAbReport;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;

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
   * The JUnit extension's entry point for a fork of a module's perf tests (on the module's test
   * class path).
   */
  public static final String FORK_MAIN = "org.libreyolo.profile.junit.PerfTestFork";

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
   * @param testClasses the module's compiled tests (the same on both sides)
   * @param workingDirectory where the forks run (the module's base directory, as Surefire)
   * @param baseline side A
   * @param candidate side B, this build
   * @param forks forks per side
   * @param parameters JUnit configuration parameters every fork gets ({@code
   *     libreyolo.profile.runs})
   * @param gate the fork gate's settings (its job noise is not used: both sides share the job)
   * @param classpathDifferences what differs between the class paths, in words
   * @param outputDirectory the build's output root; the forks and result go under {@link
   *     Defaults.Versions#FOLDER}
   * @param mode whether the sides may share one JVM
   * @param pairs pairs of alternating blocks per step, in all the shared JVMs together
   * @param jvms the JVMs holding both versions that the pairs are spread over (the verdict's unit)
   * @param ab the pairs' significance level and threshold (the gate's {@code alpha} and {@code
   *     maxRegression})
   * @param unshareable what the build tool knows cannot share one JVM (an artifact of the engine or
   *     the test framework at another version), one phrase each
   * @param summaryOnlyOnRegression write the markdown summary only when a step regressed or a test
   *     fails on this build
   * @param skipWithoutTests a module without perf tests is no error but nothing to do (a module of
   *     a multi-module build): {@link #run} then returns {@link Result#nothing}
   */
  public record Options(
      Path testClasses,
      Path workingDirectory,
      Side baseline,
      Side candidate,
      int forks,
      Map<String, String> parameters,
      GateOptions gate,
      List<String> classpathDifferences,
      Path outputDirectory,
      Mode mode,
      int pairs,
      int jvms,
      List<String> unshareable,
      boolean summaryOnlyOnRegression,
      boolean skipWithoutTests) {
    public Options {
      PairedBlocks.checkPairs(pairs);
      checkJvms(jvms);
      if (pairs < PairedBlocks.MIN_PAIRS * jvms) {
        throw LibreYoloException.badInput(
            "{pairs} must be at least "
                + PairedBlocks.MIN_PAIRS
                + " per JVM ("
                + PairedBlocks.MIN_PAIRS * jvms
                + " over "
                + jvms
                + " JVMs), got "
                + pairs);
      }
      unshareable = List.copyOf(unshareable);
      if (forks < BlockStatistics.MIN_FORKS || forks > 100) {
        throw LibreYoloException.badInput(
            "{abForks} must be within "
                + BlockStatistics.MIN_FORKS
                + "..100 per side"
                + " (the spread between forks is the evidence), got "
                + forks);
      }
      parameters = Map.copyOf(parameters);
      classpathDifferences = List.copyOf(classpathDifferences);
    }

    /**
     * A builder for the two sides of one module; the rest starts from {@link Defaults.Versions} and
     * the gate's defaults.
     *
     * @param testClasses the module's compiled tests (the same on both sides)
     * @param baseline side A
     * @param candidate side B, this build
     * @return a new builder
     */
    public static Builder builder(Path testClasses, Side baseline, Side candidate) {
      return new Builder(testClasses, baseline, candidate);
    }

    /** A/B options by name; {@link #build()} validates. */
    public static final class Builder {
      private final Path testClasses;
      private final Side baseline;
      private final Side candidate;
      private Path workingDirectory = Path.of("");
      private int forks = Defaults.Versions.FORKS_VALUE;
      private Map<String, String> parameters = Map.of();
      private GateOptions gate = GateOptions.defaults();
      private List<String> classpathDifferences = List.of();
      private Path outputDirectory = Path.of("target");
      private Mode mode = Mode.AUTO;
      private int pairs = Defaults.Ab.PAIRS_VALUE;
      private int jvms = Defaults.Versions.JVMS_VALUE;
      private List<String> unshareable = List.of();
      private boolean summaryOnlyOnRegression;
      private boolean skipWithoutTests;

      private Builder(Path testClasses, Side baseline, Side candidate) {
        this.testClasses = testClasses;
        this.baseline = baseline;
        this.candidate = candidate;
      }

      /**
       * Sets where the forks run (the module's base directory, as Surefire).
       *
       * @param v where the forks run (the module's base directory, as Surefire)
       * @return this builder
       */
      public Builder workingDirectory(Path v) {
        workingDirectory = v;
        return this;
      }

      /**
       * Sets the forks per side.
       *
       * @param v the forks per side
       * @return this builder
       */
      public Builder forks(int v) {
        forks = v;
        return this;
      }

      /**
       * Sets the JUnit configuration parameters every fork gets.
       *
       * @param v the JUnit configuration parameters every fork gets
       * @return this builder
       */
      public Builder parameters(Map<String, String> v) {
        parameters = v;
        return this;
      }

      /**
       * Sets the fork gate's settings.
       *
       * @param v the fork gate's settings
       * @return this builder
       */
      public Builder gate(GateOptions v) {
        gate = v;
        return this;
      }

      /**
       * Sets what differs between the class paths, in words.
       *
       * @param v what differs between the class paths, in words
       * @return this builder
       */
      public Builder classpathDifferences(List<String> v) {
        classpathDifferences = v;
        return this;
      }

      /**
       * Sets the build's output root.
       *
       * @param v the build's output root
       * @return this builder
       */
      public Builder outputDirectory(Path v) {
        outputDirectory = v;
        return this;
      }

      /**
       * Sets whether the sides may share one JVM ({@link Mode#AUTO}) or always fork.
       *
       * @param v the mode
       * @return this builder
       */
      public Builder mode(Mode v) {
        mode = v;
        return this;
      }

      /**
       * Sets the pairs of alternating blocks per step when both sides share one JVM.
       *
       * @param v the pairs
       * @return this builder
       */
      public Builder pairs(int v) {
        pairs = v;
        return this;
      }

      /**
       * Sets the JVMs holding both versions that the pairs are spread over.
       *
       * @param v the JVMs
       * @return this builder
       */
      public Builder jvms(int v) {
        jvms = v;
        return this;
      }

      /**
       * Sets what the build tool knows cannot share one JVM, one phrase each ({@code ai.djl:api
       * 0.35.0 -> 0.36.0}).
       *
       * @param v the phrases
       * @return this builder
       */
      public Builder unshareable(List<String> v) {
        unshareable = v;
        return this;
      }

      /**
       * Sets whether the markdown summary is written only when a step regressed or a test fails on
       * this build.
       *
       * @param v true for an alert-only summary
       * @return this builder
       */
      public Builder summaryOnlyOnRegression(boolean v) {
        summaryOnlyOnRegression = v;
        return this;
      }

      /**
       * Sets whether a module without perf tests is nothing to do rather than an error.
       *
       * @param v true inside a multi-module build
       * @return this builder
       */
      public Builder skipWithoutTests(boolean v) {
        skipWithoutTests = v;
        return this;
      }

      /**
       * The options, validated.
       *
       * @return the options
       */
      public Options build() {
        return new Options(
            testClasses,
            workingDirectory,
            baseline,
            candidate,
            forks,
            parameters,
            gate,
            classpathDifferences,
            outputDirectory,
            mode,
            pairs,
            jvms,
            unshareable,
            summaryOnlyOnRegression,
            skipWithoutTests);
      }
    }
  }

  /**
   * @param verdict the worst of the outcomes
   * @param outcomes one per step (or per test not judged)
   * @param failures tests that fail on this build: the build fails whatever the timing says
   * @param report the report, one line each with its level
   * @param file the result file
   * @param summary the markdown summary, or null when not written (alert-only and nothing
   *     regressed)
   * @param markdown the summary's text (written or not), for a reactor's summary of its modules
   */
  public record Result(
      Verdict verdict,
      List<VersionVerdicts.Outcome> outcomes,
      List<String> failures,
      List<VersionAbReport.Line> report,
      Path file,
      Path summary,
      String markdown) {
    /**
     * A module with no perf test to compare: nothing judged, nothing written.
     *
     * @param line what the log says
     * @return the empty result
     */
    public static Result nothing(String line) {
      return new Result(
          Verdict.PASS,
          List.of(),
          List.of(),
          List.of(new VersionAbReport.Line(line, false)),
          null,
          null,
          "");
    }

    /**
     * @return the report's text, one line each
     */
    public List<String> lines() {
      return report.stream().map(VersionAbReport.Line::text).toList();
    }

    /**
     * @return whether anything was compared
     */
    public boolean compared() {
      return file != null;
    }
  }

  /**
   * Runs the A/B: discovery on this build's class path; both sides in one JVM where their class
   * paths allow it, pairs of alternating blocks per step; {@code forks} forks per side,
   * alternating, for the tests that cannot share one, each saying why; then the verdict per step.
   *
   * @param o what to run
   * @param progress one line per JVM as it starts
   * @return the verdicts, written to {@code versions/versions-result.json}
   */
  public static Result run(Options o, Consumer<String> progress) {
    Path folder = o.outputDirectory().resolve(Defaults.Versions.FOLDER);
    List<Test> tests = discover(o);
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
    if (o.mode() == Mode.FORKS) {
      tests.forEach(t -> forked.put(t, "forks: abMode=forks"));
    } else {
      SharedClasspath split =
          SharedClasspath.split(
              o.testClasses(),
              o.baseline().classpath(),
              o.candidate().classpath(),
              o.unshareable());
      if (split.possible()) {
        PairedRun.run(o, split, tests, folder, judged, forked, notes, progress);
      } else {
        progress.accept("both versions cannot share one JVM: " + split.whyNot());
        tests.forEach(t -> forked.put(t, "forks: " + split.whyNot()));
      }
    }
    if (!forked.isEmpty()) {
      forks(o, forked, folder, judged, failures, progress);
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
    List<VersionAbReport.Line> lines = VersionAbReport.leveledLines(verdicts);
    Path file = folder.resolve(Defaults.Versions.RESULT_FILE);
    ObjectNode json = VersionAbReport.json(verdicts);
    String markdown = VersionAbReport.markdown(verdicts);
    Path summary = folder.resolve(Defaults.Versions.SUMMARY_FILE);
    if (o.summaryOnlyOnRegression() && overall != Verdict.REGRESSION && failures.isEmpty()) {
      summary = null; // an alert-only comment: nothing to say
    } else {
      AtomicFiles.write(summary, out -> out.write(markdown.getBytes(StandardCharsets.UTF_8)));
    }
    AtomicFiles.write(
        file, out -> out.write((Json.indented(json) + "\n").getBytes(StandardCharsets.UTF_8)));
    return new Result(overall, ordered, failures, lines, file, summary, markdown);
  }

  /**
   * The tests that could not share one JVM: a short probe fork on the baseline first, then {@code
   * forks} forks per side alternating, judged by the fork gate; each outcome names why it forked.
   */
  private static void forks(
      Options o,
      Map<Test, String> forked,
      Path folder,
      List<VersionVerdicts.Outcome> judged,
      List<String> failures,
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
      Failure there = probe.failure(t);
      if (there == null) {
        measured.add(t);
      } else {
        judged.add(notJudged(t, forked.get(t), baselineFailure(o, there, "")));
      }
    }
    Map<Arm, ArmRuns> runs = new EnumMap<>(Arm.class);
    runs.put(Arm.BASELINE, new ArmRuns());
    runs.put(Arm.CANDIDATE, new ArmRuns());
    List<List<Test>> classes = byClass(measured);
    int started = 0;
    for (int pair = 0; pair < o.forks() && !measured.isEmpty(); pair++) {
      // the test classes' order turns from pair to pair (both sides of a pair alike): whatever a
      // class leaves behind in its JVM (JIT, heap, a busier CPU) falls on every class in turn
      List<Test> order = rotated(classes, pair);
      // A B B A ...: neither side always first, a trend in the machine's speed falls on both alike
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
                  + 2 * o.forks()
                  + " ("
                  + arm.side(o).label()
                  + ", "
                  + measured.size()
                  + " test"
                  + (measured.size() == 1 ? "" : "s")
                  + ")",
              r,
              progress);
        }
      }
    }
    for (Test t : measured) {
      Failure here = runs.get(Arm.CANDIDATE).failure(t);
      if (here != null) {
        failures.add(t.id() + " fails on this build: " + here.line());
        continue;
      }
      Failure there = runs.get(Arm.BASELINE).failure(t);
      if (there != null) {
        judged.add(notJudged(t, forked.get(t), baselineFailure(o, there, " in a measured fork")));
        continue;
      }
      judged.addAll(
          judge(
              o,
              t,
              runs.get(Arm.BASELINE).steps,
              runs.get(Arm.CANDIDATE).steps,
              folder,
              forked.get(t)));
    }
  }

  /** What a test's failure on the baseline says: the symbol it cannot link, or its first line. */
  static String baselineFailure(Options o, Failure f, String where) {
    return !f.symbol().isEmpty()
        ? "does not link against " + o.baseline().label() + ": " + f.symbol()
        : "fails against " + o.baseline().label() + where + ": " + f.line();
  }

  /** A test not judged: INCONCLUSIVE with why. */
  static VersionVerdicts.Outcome notJudged(Test t, String mode, String why) {
    return new VersionVerdicts.Outcome(t.id(), null, Verdict.INCONCLUSIVE, null, null, mode, why);
  }

  /** The tests grouped by class, in discovery order. */
  private static List<List<Test>> byClass(List<Test> tests) {
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

  /** The two sides, and the folder each side's forks write under. */
  private enum Arm {
    BASELINE("baseline"),
    CANDIDATE("candidate");

    final String folder;

    Arm(String folder) {
      this.folder = folder;
    }

    Side side(Options o) {
      return this == BASELINE ? o.baseline() : o.candidate();
    }
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
   * What one side's forks left: their folders, the tests that failed there, or why the side could
   * not fork.
   */
  private static final class ArmRuns {
    /** Every step profile the side's forks wrote, in fork order (listed once, read per test). */
    final List<StepLayout.Step> steps = new ArrayList<>();

    final Failures failures = new Failures();
    String broken;

    Failure failure(Test t) {
      return broken != null ? new Failure("", broken) : failures.of(t);
    }
  }

  /**
   * One fork of one side running every test. A fork of this build that cannot run fails the A/B; a
   * baseline that cannot run makes every test INCONCLUSIVE with its error, and forks no more.
   */
  private static void fork(
      Options o,
      Arm arm,
      Path root,
      List<Test> tests,
      Map<String, String> extra,
      String what,
      ArmRuns into,
      Consumer<String> progress) {
    progress.accept(what);
    Path outcomes = root.resolve("outcomes.json");
    List<String> args = new ArrayList<>(List.of("run", root.toString(), outcomes.toString()));
    Map<String, String> parameters = new LinkedHashMap<>(o.parameters());
    parameters.putAll(extra);
    parameters.forEach((k, v) -> args.add("-P" + k + "=" + v));
    tests.forEach(t -> args.add(t.uniqueId()));
    try {
      Forking.run(
          arm.side(o).classpath(),
          o.workingDirectory(),
          FORK_MAIN,
          args,
          root.resolve("fork.log"),
          what);
    } catch (LibreYoloException e) {
      if (arm == Arm.CANDIDATE) {
        throw e;
      }
      into.broken = e.getMessage();
      return;
    }
    into.steps.addAll(new StepLayout(root, root).steps());
    PerfTestProtocol.ForkReport report =
        PerfTestProtocol.read(outcomes, PerfTestProtocol.ForkReport.class);
    into.failures.add(report == null ? List.of() : report.outcomes());
  }

  /**
   * The perf tests, listed by a fork on this build's class path in a temporary folder (removed
   * after).
   */
  private static List<Test> discover(Options o) {
    Path scratch;
    try {
      scratch = Files.createTempDirectory("libreyolo-versions-discover");
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot create a temporary folder: " + e.getMessage(), e);
    }
    try {
      Path list = scratch.resolve("tests.json");
      Forking.run(
          o.candidate().classpath(),
          o.workingDirectory(),
          FORK_MAIN,
          List.of("discover", o.testClasses().toString(), list.toString()),
          scratch.resolve("discover.log"),
          "discovering the perf tests");
      PerfTestProtocol.Discovery found =
          PerfTestProtocol.read(list, PerfTestProtocol.Discovery.class);
      return found == null ? List.of() : found.tests();
    } finally {
      Folders.delete(scratch);
    }
  }

  /** Every step the test measured, merged per side and judged by the fork gate. */
  private static List<VersionVerdicts.Outcome> judge(
      Options o,
      Test t,
      List<StepLayout.Step> baseline,
      List<StepLayout.Step> candidate,
      Path folder,
      String mode) {
    Map<String, List<Path>> a = steps(t, baseline);
    Map<String, List<Path>> b = steps(t, candidate);
    if (b.isEmpty()) {
      return List.of(notJudged(t, mode, "measured nothing on this build"));
    }
    List<VersionVerdicts.Outcome> out = new ArrayList<>();
    GateOptions gate = o.gate().withJobNoise(0); // one job: its state is shared by both sides
    for (Map.Entry<String, List<Path>> step : b.entrySet()) {
      List<Path> before = a.getOrDefault(step.getKey(), List.of());
      String name = t.id() + step.getKey().substring(t.method().length());
      if (before.size() < BlockStatistics.MIN_FORKS
          || step.getValue().size() < BlockStatistics.MIN_FORKS) {
        out.add(
            new VersionVerdicts.Outcome(
                name,
                step.getKey(),
                Verdict.INCONCLUSIVE,
                null,
                null,
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
        out.add(
            new VersionVerdicts.Outcome(
                name,
                step.getKey(),
                Verdict.INCONCLUSIVE,
                null,
                null,
                mode,
                "no timing blocks to compare"));
        continue;
      }
      Gate.Result r = Gate.check(pa, pb, gate, MEASURED);
      out.add(
          new VersionVerdicts.Outcome(
              name, step.getKey(), r.verdict(), r, null, mode, VersionAbReport.why(r)));
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

  /** Whether an outcome's name ({@code Class.method}, {@code Class.method.step}) is the test's. */
  private static boolean isOf(String outcome, Test t) {
    String id = t.id();
    return outcome.equals(id) || outcome.startsWith(id + ".") || outcome.startsWith(id + "[");
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
