package org.libreyolo.profile.junit;

import ai.djl.inference.Predictor;
import ai.djl.nn.Block;
import ai.djl.util.Pair;
import java.lang.reflect.UndeclaredThrowableException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.jupiter.api.function.ThrowingSupplier;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.produce.DeployedModel;
import org.libreyolo.profile.produce.Engine;
import org.libreyolo.profile.produce.StepOptions;
import org.libreyolo.profile.reader.Reports;
import org.libreyolo.profile.report.ProgressLog;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;

/**
 * The handle's implementation: hands the step to core's {@link CustomStepProfiler} (the loop,
 * profile and files every producer shares) and core's {@link GateRun} and {@code CheckFiles} (the
 * gate the Maven {@code check} goal runs), then reports through the test's output.
 */
final class MeasuringStepProfiler implements StepProfiler {
  /**
   * Process-wide: timing and libtorch's profiler are global, so profiled sections never interleave.
   */
  private static final ReentrantLock SECTION = new ReentrantLock(true);

  static { // our wrappers of the user's step: left out of the Java samples
    CustomStepProfiler.harness(MeasuringStepProfiler.class, ClockPhases.class, StepBody.class);
  }

  private final StepConfig config;
  private final ExtensionContext context;
  private final StepOutput out;
  private final Usage usage;
  private String device;
  private long modelParams = -1;
  private DeployedModel runsOn;

  /** What one test did with its handles: the steps it measured, and whether it compared. */
  private static final class Usage {
    final Set<String> measured = new LinkedHashSet<>();
    boolean compared;

    /** The forks' output roots, once they ran this test (every step of it measured in each). */
    List<Path> forkRoots;
  }

  MeasuringStepProfiler(StepConfig config, ExtensionContext context) {
    this(config, context, new Usage());
  }

  private MeasuringStepProfiler(StepConfig config, ExtensionContext context, Usage usage) {
    this.config = config;
    this.context = context;
    this.out = new StepOutput(context);
    this.usage = usage;
  }

  @Override
  public StepProfiler step(String name) {
    MeasuringStepProfiler named = new MeasuringStepProfiler(config.named(name), context, usage);
    named.device = device;
    named.modelParams = modelParams;
    named.runsOn = runsOn;
    return named;
  }

  @Override
  public StepProfiler model(Block block) {
    long params = 0;
    String where = null;
    for (Pair<String, ai.djl.nn.Parameter> p : block.getParameters()) {
      if (p.getValue().isInitialized()) {
        params += p.getValue().getArray().size();
        where = where != null ? where : label(p.getValue().getArray().getDevice());
      }
    }
    this.modelParams = params;
    this.device = where;
    return this;
  }

  @Override
  public StepProfiler runsOn(DeployedModel model) {
    this.runsOn = model;
    this.device = "cpu";
    return this;
  }

  @Override
  public StepResult measure(Executable step) {
    return measure(config.name(), step);
  }

  @Override
  public <T> StepResult measure(ThrowingSupplier<T> step) {
    return measure(config.name(), step);
  }

  @Override
  public StepResult measure(String phase, Executable step) {
    OneLine.given(step, "measure(\"" + phase + "\", step)", "the step");
    return measure(phases -> phases.phase(phase, step));
  }

  @Override
  public <T> StepResult measure(String phase, ThrowingSupplier<T> step) {
    OneLine.given(step, "measure(\"" + phase + "\", step)", "the step");
    return measure(phases -> phases.phase(phase, step));
  }

  @Override
  public StepResult measure(PhasedStep step) {
    return measure((PhasedFunction<Void>) step);
  }

  @Override
  public <T> StepResult measure(PhasedFunction<T> step) {
    return measureBody(phases -> ClockPhases.consume(step.apply(phases)));
  }

  @Override
  public <I> StepResult measure(ThrowingSupplier<I> setup, ThrowingConsumer<I> step) {
    return measure(setup, step, input -> {});
  }

  @Override
  public <I> StepResult measure(
      ThrowingSupplier<I> setup, ThrowingConsumer<I> step, ThrowingConsumer<I> teardown) {
    return measureBody(StepBody.withSetup(config.name(), setup, step, teardown));
  }

  @Override
  public <I, O> StepResult predict(Predictor<I, O> predictor, ThrowingSupplier<I> input) {
    try {
      return measureBody(StepBody.predictor(predictor, input));
    } finally {
      predictor.setMetrics(null);
    }
  }

  /**
   * Runs a part of the user's step: exceptions pass as they are, any other Throwable as the cause
   * of one.
   */
  private static void checked(Executable part) throws Exception {
    try {
      part.execute();
    } catch (Exception | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new UndeclaredThrowableException(t);
    }
  }

  private StepResult measureBody(StepBody step) {
    if (!usage.measured.add(config.name())) {
      throw new IllegalStateException(
          id()
              + " measures step '"
              + config.name()
              + "' twice: each step is measured"
              + " once per test, against its own baseline; name the others with profiler.step(\"name\").measure(...)");
    }
    try {
      if (config.fork().pairedSide() != null) {
        // both sides' tests wait here for each other: the pairing measures one step at a time
        return measureLocked(step);
      }
      SECTION.lock();
      try {
        return measureLocked(step);
      } finally {
        SECTION.unlock();
      }
    } catch (LibreYoloException e) {
      // the user's setting or environment (an unwritable directory, a bad baseline): one line
      throw OneLine.failure(id() + ": " + StepConfig.words(e));
    }
  }

  /**
   * Whether the test called {@link #measure} or {@link #compare} (a test that never measures
   * fails).
   */
  boolean used() {
    return !usage.measured.isEmpty() || usage.compared;
  }

  private StepResult measureLocked(StepBody step) {
    Path dir = config.outputDirectory();
    StepOptions options =
        config.options(
            device(),
            modelParams,
            runsOn,
            // a long step says how far it is in the build's log; a short one prints nothing
            ProgressLog.to(
                line -> System.out.println("[libreyolo-profile] " + id() + ": " + line)));
    Profile profile =
        config.fork().pairedSide() != null
            ? paired(options, step)
            : config.forks() > 1 ? forked(options) : inProcess(options, step);
    if (config.fork().soloPairs() > 0) {
      SoloBlocks.run(config, profile, asStep(step));
    }
    Path report = Reports.single(dir.resolve("profile.json"), dir.resolve("report.html"));
    if (config.fork().inFork()) { // a fork measures; its parent merges, gates and reports
      return result(profile, dir.resolve("profile.json"), report, null);
    }
    StepHistory.Outcome history = StepHistory.judgeAndRecord(config, profile, dir, out);
    Verdict verdict = StepGate.judge(config, id(), profile, dir, out);
    if (history != null && history.verdict() == Verdict.REGRESSION) {
      throw new AssertionError(
          "performance regression in "
              + id()
              + " against the history of "
              + history.series()
              + " on "
              + config.history().branch()
              + "\n"
              + String.join("\n", history.lines()));
    }
    out.publish(dir);
    return result(profile, dir.resolve("profile.json"), report, verdict);
  }

  private Profile inProcess(StepOptions options, StepBody step) {
    bootEngine();
    try {
      return CustomStepProfiler.run(options, asStep(step));
    } catch (CustomStepProfiler.StepFailedException e) {
      throw new AssertionError(id() + ": the measured step threw " + e.getCause(), e.getCause());
    } catch (ClockPhases.PhaseFailedException e) {
      throw new AssertionError(id() + ": " + e.getMessage(), e.getCause());
    }
  }

  /**
   * In a JVM holding both sides of an A/B across versions: the step handed to the pairing, which
   * measures it beside the other side's (docs/versions.md).
   */
  private Profile paired(StepOptions options, StepBody step) {
    bootEngine();
    return PairedSides.current()
        .measure(
            PairedSides.Side.of(config.fork().pairedSide()),
            config.fork().uniqueId(),
            config.files().className(),
            config.outputDirectory().getFileName().toString(),
            id(),
            options,
            asStep(step));
  }

  /**
   * Threads are the engine's: a plain-JVM step (no model named, no engine up) runs without
   * libtorch.
   */
  private void bootEngine() {
    if (config.threads() > 0 && (modelParams >= 0 || Engine.booted())) {
      Engine.boot(config.threads());
    }
  }

  /** The test's step as core's: the user's checked exceptions pass through. */
  private static CustomStepProfiler.Step asStep(StepBody step) {
    return new CustomStepProfiler.Step() {
      @Override
      public void prepare(int index) throws Exception {
        checked(step::prepare);
      }

      @Override
      public void run(CustomStepProfiler.Phases clock, int index) throws Exception {
        checked(() -> step.run(new ClockPhases(clock)));
      }

      @Override
      public void finish(int index) throws Exception {
        checked(step::finish);
      }
    };
  }

  /**
   * The step measured in {@code forks} fresh JVMs, each running this whole test once through the
   * JUnit Platform launcher (its fixtures too), one after another; the first step of the test
   * starts them, every step merges its own profiles from them.
   */
  private Profile forked(StepOptions options) {
    if (usage.forkRoots == null) {
      List<Path> roots = new ArrayList<>();
      Path base = config.outputDirectory().resolveSibling(config.files().key() + ".forks");
      Path created = ChildJvms.firstMissing(base); // a stopped test (SIGTERM) leaves no fork folder
      ChildJvms.removeIfStopped(created);
      ChildJvms.Where where = ChildJvms.Where.hereWith(launcher());
      for (int k = 0; k < config.forks(); k++) {
        Path root = base.resolve(Integer.toString(k));
        String what = id() + ": fork " + (k + 1) + " of " + config.forks();
        out.line("[libreyolo-profile] " + what + " (a fresh JVM)");
        try {
          ChildJvms.run(
              where,
              ForkedTest.KIND,
              ForkedTest.request(config, root, k == config.forks() - 1),
              root,
              what);
        } catch (LibreYoloException e) {
          throw OneLine.failure(StepConfig.words(e));
        }
        roots.add(root);
      }
      ChildJvms.keep(created);
      usage.forkRoots = roots;
    }
    List<Path> dirs = new ArrayList<>();
    for (Path root : usage.forkRoots) {
      dirs.add(
          root.resolve(config.files().className()).resolve(config.outputDirectory().getFileName()));
    }
    return CustomStepProfiler.merge(options, dirs);
  }

  /**
   * Where this JVM's JUnit Platform launcher came from, for a fork that runs the test through it:
   * the extension brings none (it would pull its Platform version over the project's), Surefire
   * adds the project's to its own class path, which a fork of the test class path lacks.
   */
  private static List<Path> launcher() {
    try {
      java.security.CodeSource src =
          org.junit.platform.launcher.Launcher.class.getProtectionDomain().getCodeSource();
      return src == null ? List.of() : List.of(Path.of(src.getLocation().toURI()));
    } catch (java.net.URISyntaxException | RuntimeException e) {
      return List.of(); // a launcher not in a file: the test class path must hold one
    }
  }

  private StepResult result(Profile p, Path file, Path report, Verdict verdict) {
    Map<String, Double> phases = new LinkedHashMap<>();
    p.stagesMs().forEach((name, ms) -> phases.put(name, ms == null ? 0.0 : ms.value()));
    ProfileRows.Latency lat = p.latency();
    return new StepResult(
        config.name(),
        Num.orZero(lat.p50()),
        Num.orZero(lat.p90()),
        Num.orZero(lat.p99()),
        Num.orZero(lat.mean()),
        Collections.unmodifiableMap(phases),
        Num.orZero(p.figures().imgPerS()),
        config.unit() + "/s",
        verdict,
        file,
        report,
        p);
  }

  /** The profile's device words: {@code cpu}, {@code cuda:N} (as the CLI's {@code --device}). */
  private static String label(ai.djl.Device device) {
    return device.isGpu() ? "cuda:" + device.getDeviceId() : "cpu";
  }

  @Override
  public PairedBlocks compare(String name, Executable control, Executable candidate) {
    String call = "compare(\"" + name + "\", control, candidate)";
    OneLine.given(name, call, "the name");
    OneLine.given(control, call, "the control");
    OneLine.given(candidate, call, "the candidate");
    usage.compared = true;
    SECTION.lock();
    try {
      return StepAb.compare(config, id(), device(), name, control, candidate, out);
    } finally {
      SECTION.unlock();
    }
  }

  /** Where the step ran: the model's device when {@link #model} named it, else the CPU. */
  private String device() {
    return device != null ? device : "cpu";
  }

  /** {@code Class.method}, with the step's name when it differs from the method's. */
  private String id() {
    String id = config.testClass() + "." + config.method();
    return config.name().equals(config.method()) ? id : id + "." + config.name();
  }
}
