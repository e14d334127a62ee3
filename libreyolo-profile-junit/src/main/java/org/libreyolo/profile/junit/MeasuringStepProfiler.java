package org.libreyolo.profile.junit;

import ai.djl.inference.Predictor;
import ai.djl.metric.Metrics;
import ai.djl.nn.Block;
import ai.djl.util.Pair;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.Method;
import java.lang.reflect.UndeclaredThrowableException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.function.ThrowingConsumer;
import org.junit.jupiter.api.function.ThrowingSupplier;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.internal.capture.Span;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.internal.measure.PhaseClock;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.report.Reports;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;

/**
 * The handle's implementation: hands the step to core's {@link CustomStepProfiler} (the loop,
 * profile and files every producer shares) and core's {@link GateRun} (the gate the Maven
 * {@code check} goal runs), then reports through the test's output.
 */
final class MeasuringStepProfiler implements StepProfiler {
  /** Process-wide: timing and libtorch's profiler are global, so profiled sections never interleave. */
  private static final ReentrantLock SECTION = new ReentrantLock(true);

  private final StepConfig config;
  private final ExtensionContext context;
  private final Usage usage;
  private String device;
  private long modelParams = -1;

  /** What one test did with its handles: the steps it measured, and whether it compared. */
  private static final class Usage {
    final Set<String> measured = new LinkedHashSet<>();
    boolean compared;
  }

  MeasuringStepProfiler(StepConfig config, ExtensionContext context) {
    this(config, context, new Usage());
  }

  private MeasuringStepProfiler(StepConfig config, ExtensionContext context, Usage usage) {
    this.config = config;
    this.context = context;
    this.usage = usage;
  }

  @Override
  public StepProfiler step(String name) {
    MeasuringStepProfiler named = new MeasuringStepProfiler(config.named(name), context, usage);
    named.device = device;
    named.modelParams = modelParams;
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
  public StepResult measure(Executable step) {
    return measure(config.name(), step);
  }

  @Override
  public <T> StepResult measure(ThrowingSupplier<T> step) {
    return measure(config.name(), step);
  }

  @Override
  public StepResult measure(String phase, Executable step) {
    return measure(phases -> phases.phase(phase, step));
  }

  @Override
  public <T> StepResult measure(String phase, ThrowingSupplier<T> step) {
    return measure(phases -> phases.phase(phase, step));
  }

  @Override
  public StepResult measure(PhasedStep step) {
    return measureBody(step::run);
  }

  @Override
  public <I> StepResult measure(ThrowingSupplier<I> setup, ThrowingConsumer<I> step) {
    return measure(setup, step, input -> { });
  }

  @Override
  public <I> StepResult measure(ThrowingSupplier<I> setup, ThrowingConsumer<I> step, ThrowingConsumer<I> teardown) {
    Object[] next = new Object[1];
    return measureBody(new Body() {
      @Override
      public void prepare() throws Throwable {
        next[0] = setup.get();
      }

      @Override
      @SuppressWarnings("unchecked")
      public void run(ClockPhases phases) throws Throwable {
        phases.phase(config.name(), () -> step.accept((I) next[0]));
      }

      @Override
      @SuppressWarnings("unchecked")
      public void finish() throws Throwable {
        teardown.accept((I) next[0]);
      }
    });
  }

  @Override
  public <I, O> StepResult measure(Predictor<I, O> predictor, ThrowingSupplier<I> input) {
    Object[] next = new Object[1];
    Metrics[] metrics = new Metrics[1];
    try {
      return measureBody(new Body() {
        @Override
        public void prepare() throws Throwable {
          next[0] = input.get();
          metrics[0] = new Metrics(); // one call's metrics, set up outside the clock
          predictor.setMetrics(metrics[0]);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void run(ClockPhases phases) throws Throwable {
          sink = predictor.predict((I) next[0]);
          // DJL times each call's stages in microseconds; they become this iteration's phases
          for (String[] stage : DJL_STAGES) {
            phases.add(stage[1], metrics[0].latestMetric(stage[0]).getValue().doubleValue() / 1000);
          }
        }
      });
    } finally {
      predictor.setMetrics(null);
    }
  }

  /** DJL's Predictor metric names and the phases they become. */
  private static final String[][] DJL_STAGES = {{"Preprocess", "preprocess"}, {"Inference", "inference"},
      {"Postprocess", "postprocess"}};

  /** Runs a part of the user's step: exceptions pass as they are, any other Throwable as the cause of one. */
  private static void checked(Executable part) throws Exception {
    try {
      part.execute();
    } catch (Exception | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new UndeclaredThrowableException(t);
    }
  }

  /** One iteration as the handle runs it: an untimed setup, then the timed step. */
  private interface Body {
    default void prepare() throws Throwable {}

    void run(ClockPhases phases) throws Throwable;

    default void finish() throws Throwable {}
  }

  private StepResult measureBody(Body step) {
    if (!usage.measured.add(config.name())) {
      throw new IllegalStateException(id() + " measures step '" + config.name() + "' twice: each step is measured"
          + " once per test, against its own baseline; name the others with profiler.step(\"name\").measure(...)");
    }
    SECTION.lock();
    try {
      return measureLocked(step);
    } finally {
      SECTION.unlock();
    }
  }

  /** Whether the test called {@link #measure} or {@link #compare} (a test that never measures fails). */
  boolean used() {
    return !usage.measured.isEmpty() || usage.compared;
  }

  private StepResult measureLocked(Body step) {
    Path dir = config.outputDirectory();
    if (config.threads() > 0) {
      Engines.boot(config.threads());
    }
    CustomStepProfiler.Options options = config.options(device(), modelParams);
    Profile profile;
    try {
      profile = CustomStepProfiler.run(options, new StepTimer.Iteration() {
        @Override
        public void prepare(int index) throws Exception {
          checked(step::prepare);
        }

        @Override
        public void run(PhaseClock clock, int index) throws Exception {
          checked(() -> step.run(new ClockPhases(clock)));
        }

        @Override
        public void finish(int index) throws Exception {
          checked(step::finish);
        }
      });
    } catch (StepTimer.StepFailedException e) {
      throw new AssertionError(id() + ": the measured step threw " + e.getCause(), e.getCause());
    } catch (PhaseFailedException e) {
      throw new AssertionError(id() + ": " + e.getMessage(), e.getCause());
    }
    Path report = Reports.single(dir.resolve("profile.json"), dir.resolve("report.html"));
    Verdict verdict = gate(profile, dir);
    publish(dir);
    return result(profile, dir.resolve("profile.json"), report, verdict);
  }

  private StepResult result(Profile p, Path file, Path report, Verdict verdict) {
    Map<String, Double> phases = new LinkedHashMap<>();
    JsonNode stages = p.json().path("stages_ms");
    stages.fieldNames().forEachRemaining(name -> phases.put(name, stages.get(name).asDouble()));
    ProfileRows.Latency lat = p.latency();
    return new StepResult(config.name(), Num.orZero(lat.p50()), Num.orZero(lat.p90()), Num.orZero(lat.p99()),
        Num.orZero(lat.mean()), Collections.unmodifiableMap(phases), Num.orZero(p.imgPerS()), config.unit() + "/s",
        verdict, file, report, p);
  }

  /** The phases of one iteration on the step timer's clock; values are consumed, failures named. */
  private static final class ClockPhases implements Phases {
    private final PhaseClock clock;

    ClockPhases(PhaseClock clock) {
      this.clock = clock;
    }

    @Override
    public void phase(String name, Executable body) {
      phase(name, () -> {
        body.execute();
        return null;
      });
    }

    @Override
    public <T> T phase(String name, ThrowingSupplier<T> body) {
      T value;
      try (Span s = clock.phase(name)) {
        value = body.get();
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new PhaseFailedException(name, t);
      }
      sink = value; // consumed: the JIT cannot drop the work that made it
      return value;
    }

    @Override
    public Map<String, Double> current() {
      return clock.current();
    }

    /** A phase time the step measured itself (DJL's metrics). */
    void add(String name, double ms) {
      clock.add(name, ms);
    }
  }

  /** A checked exception thrown inside a phase, carried out with the phase's name. */
  static final class PhaseFailedException extends RuntimeException {
    PhaseFailedException(String phase, Throwable cause) {
      super("phase '" + phase + "' threw " + cause, cause);
    }
  }

  /** Where consumed values go; volatile, so writing it is an effect the JIT must keep. */
  @SuppressWarnings("unused")
  private static volatile Object sink;

  /** The profile's device words: {@code cpu}, {@code cuda:N} (as the CLI's {@code --device}). */
  private static String label(ai.djl.Device device) {
    return device.isGpu() ? "cuda:" + device.getDeviceId() : "cpu";
  }

  @Override
  public PairedBlocks compare(String name, Executable control, Executable candidate) {
    usage.compared = true;
    SECTION.lock();
    try {
      ObjectNode what = JsonNodeFactory.instance.objectNode();
      what.put("model", id());
      what.put("step", name);
      what.put("device", device());
      AbProfiler.Result r = AbProfiler.compare("control", "candidate", (clock, index) -> run(control),
          (clock, index) -> run(candidate), what, config.ab(),
          config.outputDirectory().resolve("ab-" + name + ".json"), Progress.NONE);
      PairedBlocks v = r.verdict();
      String line = "[libreyolo-profile] " + id() + ": A/B " + name + ": "
          + String.join(" | ", r.changeLine(), r.mdeLine(), r.verdictLine());
      report(line);
      if (v.verdict() == Verdict.REGRESSION) {
        throw new AssertionError("performance regression in " + id() + " (A/B " + name + "): " + r.changeLine());
      }
      return v;
    } finally {
      SECTION.unlock();
    }
  }

  /** An {@link Executable} as an A/B arm: checked exceptions leave as the arm's failure. */
  private void run(Executable arm) {
    try {
      arm.execute();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new AssertionError(id() + ": an A/B arm threw " + t, t);
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

  /** Records or judges the baseline; returns the verdict, or null when there was none to judge. */
  private Verdict gate(Profile profile, Path dir) {
    Path baseline = config.baseline();
    Path current = dir.resolve("profile.json");
    if (config.updateBaseline()) {
      GateRun.recordBaseline(current, baseline, true, "");
      report("[libreyolo-profile] " + id() + ": baseline recorded at " + baseline);
      return null;
    }
    String headline = "[libreyolo-profile] " + id() + ": p50 " + Num.str(profile.latency().p50()) + " ms, "
        + Num.str(profile.imgPerS()) + " " + config.unit() + "/s";
    String record = "record one with -Dlibreyolo.profile.updateBaseline=true";
    if (!Files.exists(baseline)) { // a directory or unreadable file is the loader's one-line error
      report(headline + "; no baseline at " + baseline + " (" + record + ")");
      return null;
    }
    GateRun.Outcome outcome;
    try {
      outcome = GateRun.check(ProfileLoader.load(baseline), baseline, profile, current, config.gateOptions(), dir);
    } catch (LibreYoloException e) { // a baseline the gate cannot judge: its reason, then how to record one here
      throw new IllegalStateException(e.getMessage() + " (" + record + ")", e);
    }
    Verdict verdict = outcome.result().verdict();
    report(headline + "; " + verdict + " against " + baseline);
    if (verdict == Verdict.INCONCLUSIVE) {
      outcome.lines().forEach(line -> report("[libreyolo-profile]   " + line));
    }
    if (GateRun.fails(verdict, config.failOnInconclusive())) {
      throw new AssertionError((verdict == Verdict.REGRESSION ? "performance regression" : "INCONCLUSIVE gate"
          + " (libreyolo.profile.failOnInconclusive=true)") + " in " + id() + " against " + baseline + "\n"
          + String.join("\n", outcome.lines()));
    }
    return verdict;
  }

  /**
   * One result line: a JUnit report entry (IDEs, the XML report, any listener) and the console,
   * where a Maven or Gradle build shows it.
   */
  private void report(String line) {
    context.publishReportEntry("libreyolo-profile", line);
    System.out.println(line);
  }

  /** Whether this JVM already said that its JUnit cannot attach files to the report. */
  private static final java.util.concurrent.atomic.AtomicBoolean NO_REPORT_FILES_SAID =
      new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * Attaches the files where the running JUnit has {@code publishDirectory} (5.12+); on an older
   * JUnit Platform it says once per JVM where the files are instead.
   */
  private void publish(Path dir) {
    for (Method m : context.getClass().getMethods()) {
      if (m.getName().equals("publishDirectory") && m.getParameterCount() == 2) {
        try {
          m.invoke(context, "libreyolo-profile", (org.junit.jupiter.api.function.ThrowingConsumer<Path>) target -> {
            try (var files = Files.list(dir)) {
              for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, target.resolve(f.getFileName()));
              }
            }
          });
        } catch (ReflectiveOperationException | RuntimeException e) {
          // attaching is a convenience; the files stay under target/
        }
        return;
      }
    }
    if (NO_REPORT_FILES_SAID.compareAndSet(false, true)) {
      String version = org.junit.jupiter.api.Test.class.getPackage().getImplementationVersion();
      System.out.println("[libreyolo-profile] warning: JUnit " + (version == null ? "(unknown version)" : version)
          + " cannot attach files to test reports (JUnit 5.12+ can): the profiles are only under " + dir.getParent()
          .getParent());
    }
  }
}
