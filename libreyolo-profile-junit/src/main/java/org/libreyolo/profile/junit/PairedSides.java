package org.libreyolo.profile.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.process.PerfTestProtocol;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.produce.StepOptions;
import org.libreyolo.profile.report.AbReport;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.opentest4j.TestAbortedException;

/**
 * Both sides of an A/B across versions in this one JVM (docs/versions.md, "In one process"): each
 * side's perf tests run through the JUnit Platform launcher on a thread of their own, their classes
 * from a class loader of their own (the module's tests, that side's main classes, the dependencies
 * whose versions differ) above this JVM's class path (what both share: JUnit, this extension, DJL
 * and its native library). A side's test that reaches {@code measure} hands its step here and
 * waits; when both sides wait at the same step, this thread profiles each (its counters) and then
 * runs the two in alternating blocks, each pair of blocks one sample; then both tests go on, their
 * {@code @AfterEach} and {@code @AfterAll} after the pairs.
 */
final class PairedSides {
  private static volatile PairedSides current;

  /** The two sides, as the configuration parameter and the output folders name them. */
  enum Side {
    BASELINE,
    CANDIDATE;

    String folder() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }

    static Side of(String name) {
      return valueOf(name.toUpperCase(java.util.Locale.ROOT));
    }
  }

  /** A side's test at its step, waiting for the other side's. */
  private record Arrival(
      Side side,
      String test,
      String className,
      String key,
      String id,
      StepOptions options,
      CustomStepProfiler.Step step,
      CompletableFuture<Profile> profile) {}

  /** A side's test (its unique id) ended: the other side's wait at a step of it ends too. */
  private record TestDone(Side side, String test) {}

  /** A side's launcher run of one test class ended. */
  private record Finished(Side side) {}

  private final PerfTestProtocol.PairedRequest request;
  private final SideCompilations jit = compilations();
  private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
  private final List<PerfTestProtocol.PairedStep> steps = new ArrayList<>();

  private PairedSides(PerfTestProtocol.PairedRequest request) {
    this.request = request;
  }

  /**
   * The JVM's pairing, for a side's test at its step.
   *
   * @throws IllegalStateException outside a JVM holding both sides
   */
  static PairedSides current() {
    PairedSides p = current;
    if (p == null) {
      throw new IllegalStateException(
          StepConfig.PREFIX
              + StepConfig.PAIRED_SIDE
              + " is set by the ab goal's shared JVM only; remove it from the test's configuration");
    }
    return p;
  }

  /**
   * Called on a side's test thread: hands its step over and waits until both sides were measured.
   *
   * @return this side's profile of the step
   */
  Profile measure(
      Side side,
      String test,
      String className,
      String key,
      String id,
      StepOptions options,
      CustomStepProfiler.Step step) {
    Arrival a =
        new Arrival(
            side,
            test,
            className,
            key,
            id,
            options,
            SideLoaders.inLoader(step, Thread.currentThread().getContextClassLoader()),
            new CompletableFuture<>());
    events.add(a);
    try {
      return a.profile().get();
    } catch (ExecutionException e) {
      Throwable t = e.getCause();
      if (t instanceof RuntimeException r) {
        throw r;
      }
      if (t instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(t);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TestAbortedException(id + ": interrupted while the other side measured");
    }
  }

  /** Runs the request's tests on both sides, class by class; the report of what happened. */
  static PerfTestProtocol.PairedReport run(PerfTestProtocol.PairedRequest request) {
    PairedSides p = new PairedSides(request);
    current = p;
    Map<Side, List<PerfTestProtocol.Outcome>> outcomes = new EnumMap<>(Side.class);
    List<String> leaks = new ArrayList<>();
    try (URLClassLoader a = SideLoaders.loader(request.baseline(), "baseline");
        URLClassLoader b = SideLoaders.loader(request.candidate(), "candidate")) {
      Map<Side, ClassLoader> loaders = Map.of(Side.BASELINE, a, Side.CANDIDATE, b);
      Map<String, List<DiscoverySelector>> byClass = new LinkedHashMap<>();
      for (String id : request.tests()) {
        byClass
            .computeIfAbsent(PerfTestFork.classOf(id), k -> new ArrayList<>())
            .add(selectUniqueId(id));
      }
      for (Side side : Side.values()) {
        outcomes.put(side, new ArrayList<>());
      }
      for (Map.Entry<String, List<DiscoverySelector>> c : byClass.entrySet()) {
        String leaked = p.runClass(c.getKey(), c.getValue(), loaders, outcomes);
        if (!leaked.isEmpty()) {
          leaks.add(c.getKey() + ": " + leaked);
        }
      }
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot close a side's class loader: " + e.getMessage(), e);
    } finally {
      current = null;
      if (p.jit != null) {
        p.jit.close();
      }
    }
    return new PerfTestProtocol.PairedReport(
        outcomes.get(Side.BASELINE), outcomes.get(Side.CANDIDATE), p.steps, leaks);
  }

  /**
   * One test class on both sides: each side's launcher on its own thread, their steps paired here
   * as they arrive. Returns the names of the threads its tests left running.
   */
  private String runClass(
      String classId,
      List<DiscoverySelector> selectors,
      Map<Side, ClassLoader> loaders,
      Map<Side, List<PerfTestProtocol.Outcome>> outcomes) {
    Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
    List<Thread> threads = new ArrayList<>();
    for (Side side : order()) { // the side drawn first for this JVM loads its classes first
      Thread t =
          new Thread(
              () -> launch(side, classId, selectors, outcomes.get(side)),
              "libreyolo-" + side.folder());
      t.setContextClassLoader(loaders.get(side));
      t.setDaemon(false); // as Surefire's main thread: the threads a test starts inherit it
      threads.add(t);
    }
    threads.forEach(Thread::start);
    Map<Side, Arrival> waiting = new EnumMap<>(Side.class);
    Map<Side, Set<String>> done = new EnumMap<>(Side.class);
    Set<Side> finished = java.util.EnumSet.noneOf(Side.class);
    for (Side side : Side.values()) {
      done.put(side, new HashSet<>());
    }
    while (finished.size() < 2) {
      Object e = take();
      if (e == null) { // a side's thread that died before it could say so has finished all the same
        for (int i = 0; i < threads.size(); i++) {
          if (!threads.get(i).isAlive()) {
            finished.add(order().get(i));
          }
        }
        continue;
      }
      if (e instanceof Arrival a) {
        waiting.put(a.side(), a);
      } else if (e instanceof TestDone d) {
        done.get(d.side()).add(d.test());
      } else if (e instanceof Finished f) {
        finished.add(f.side());
      }
      Arrival x = waiting.get(Side.BASELINE);
      Arrival y = waiting.get(Side.CANDIDATE);
      if (x != null && y != null && x.test().equals(y.test())) {
        pair(x, y);
        waiting.clear();
        continue;
      }
      // a side waits at a step its test on the other side will never reach: that test ended (it
      // failed before the step, or measured another one), or the other side ran out of tests
      for (Side side : Side.values()) {
        Arrival alone = waiting.get(side);
        Side other = side == Side.BASELINE ? Side.CANDIDATE : Side.BASELINE;
        if (alone != null && (finished.contains(other) || done.get(other).contains(alone.test()))) {
          alone
              .profile()
              .completeExceptionally(
                  new TestAbortedException(
                      alone.id()
                          + ": not measured: its test on the "
                          + other.folder()
                          + " side ended before step '"
                          + alone.key()
                          + "'"));
          waiting.remove(side);
        }
      }
    }
    for (Thread t : threads) {
      join(t);
    }
    // a thread a side's code started inherits that side's loader as its context loader; a library's
    // idle daemon (a process reaper, a cleaner) is no neighbour, a pool's worker or a spinner is
    List<String> leaked = new ArrayList<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive()
          && !before.contains(t)
          && !threads.contains(t)
          && (!t.isDaemon() || t.getState() == Thread.State.RUNNABLE)
          && t.getContextClassLoader() != null
          && loaders.containsValue(t.getContextClassLoader())) {
        leaked.add(
            t.getName()
                + " ("
                + (t.getContextClassLoader() == loaders.get(Side.BASELINE)
                    ? "baseline"
                    : "this build")
                + ")");
      }
    }
    return String.join(", ", leaked);
  }

  /** A side's launcher run of one class; its outcomes in the protocol's words. */
  private void launch(
      Side side,
      String classId,
      List<DiscoverySelector> selectors,
      List<PerfTestProtocol.Outcome> into) {
    try {
      Map<String, String> parameters = new LinkedHashMap<>(request.parameters());
      PerfTestFork.measureOnlyInto(parameters, Path.of(request.output()).resolve(side.folder()));
      parameters.put(StepConfig.PREFIX + StepConfig.PAIRED_SIDE, side.folder());
      LauncherFactory.create()
          .execute(
              LauncherDiscoveryRequestBuilder.request()
                  .selectors(selectors)
                  .configurationParameters(parameters)
                  .build(),
              new TestExecutionListener() {
                final TestExecutionListener outcomes = PerfTestFork.recording(into);

                @Override
                public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                  outcomes.executionFinished(id, result);
                  if (id.isTest()) {
                    events.add(new TestDone(side, id.getUniqueId()));
                  }
                }
              });
    } catch (RuntimeException | LinkageError e) {
      into.add(
          new PerfTestProtocol.Outcome(
              classId, "FAILED", PerfTestFork.missingSymbol(e), PerfTestFork.firstLine(e)));
    } finally {
      events.add(new Finished(side));
    }
  }

  /**
   * Both sides at a step: each side profiled (its counters and files), then the two in alternating
   * blocks of at least {@code blockMs}. A step that throws fails its own side's test and aborts the
   * other's.
   */
  private void pair(Arrival a, Arrival b) {
    if (!a.key().equals(b.key()) || !a.className().equals(b.className())) {
      IllegalStateException e =
          new IllegalStateException(
              "the two sides measured different steps: baseline "
                  + a.key()
                  + ", this build "
                  + b.key());
      a.profile().completeExceptionally(e);
      b.profile().completeExceptionally(e);
      return;
    }
    // the side drawn first for this JVM runs its copy of the code first: profiled, warmed, leading
    Profile pa;
    Profile pb;
    if (request.candidateFirst()) {
      pb = profile(b, a);
      pa = pb == null ? null : profile(a, b);
    } else {
      pa = profile(a, b);
      pb = pa == null ? null : profile(b, a);
    }
    if (pa == null || pb == null) {
      return;
    }
    double fastest = Math.min(Num.orZero(pa.latency().p50()), Num.orZero(pb.latency().p50()));
    int blockRuns = blockRuns(fastest, request.blockMs());
    ObjectNode what = JsonNodeFactory.instance.objectNode();
    what.put("test", a.id());
    what.put("step", a.key());
    AbResult r;
    try {
      r =
          AbProfiler.compare(
              request.baselineLabel(),
              request.candidateLabel(),
              a.step(),
              b.step(),
              what,
              new AbResult.Settings(
                  blockRuns, request.pairs(), blockRuns, request.alpha(), request.maxRegression()),
              Path.of(request.output())
                  .resolve("pairs")
                  .resolve(a.className())
                  .resolve(a.key() + ".json"),
              request.candidateFirst(),
              request.settleMs(),
              Progress.NONE,
              AbReport::write);
    } catch (RuntimeException | Error e) {
      AssertionError failure =
          new AssertionError(a.id() + ": the step threw while the sides alternated: " + e, e);
      a.profile().completeExceptionally(failure);
      b.profile().completeExceptionally(failure);
      return;
    }
    steps.add(
        new PerfTestProtocol.PairedStep(
            a.className(),
            a.key(),
            a.options().outputDirectory().resolve("profile.json").toString(),
            b.options().outputDirectory().resolve("profile.json").toString(),
            blockRuns,
            r.aMeanMs(),
            r.bMeanMs(),
            r.meanLogRatios(),
            r.logRatios(),
            request.candidateFirst(),
            r.settleRounds(),
            r.settled(),
            jit == null ? List.of() : jit.differences(java.time.Instant.now()),
            // each side's samples from its own blocks: its short profile run rarely lasts the few
            // sampling periods samples need, its blocks do (what the diff names)
            r.aJavaSamples(),
            r.bJavaSamples(),
            r.aMs(),
            r.bMs()));
    a.profile().complete(pa);
    b.profile().complete(pb);
  }

  /**
   * The fewest iterations in a block of the pairs in one JVM: a block's median of three stands one
   * iteration a busy neighbour took the core from (a mean of two does not).
   */
  private static final int MIN_BLOCK_RUNS = 3;

  /**
   * Iterations per block: enough for {@code blockMs} at a call of {@code callMs}, at least {@link
   * #MIN_BLOCK_RUNS} (the pairs here and the blocks alone time alike).
   */
  static int blockRuns(double callMs, double blockMs) {
    return (int)
        Math.min(10_000, Math.max(MIN_BLOCK_RUNS, Math.ceil(blockMs / Math.max(callMs, 1e-3))));
  }

  /**
   * One side's own profile of the step (as a fork would measure it), or null when the step threw:
   * then its test fails with the cause and the other side's is aborted.
   */
  private static Profile profile(Arrival side, Arrival other) {
    try {
      // its Java samples come from its blocks of the pairs: its options take no sampled steps
      return CustomStepProfiler.run(side.options(), side.step());
    } catch (RuntimeException | Error e) {
      Throwable cause =
          e instanceof CustomStepProfiler.StepFailedException && e.getCause() != null
              ? e.getCause()
              : e;
      side.profile()
          .completeExceptionally(
              new AssertionError(side.id() + ": the measured step threw " + cause, cause));
      other
          .profile()
          .completeExceptionally(
              new TestAbortedException(
                  other.id()
                      + ": not measured: the "
                      + side.side().folder()
                      + " side's step threw "
                      + cause));
      return null;
    }
  }

  /** The side's compilations, or null in a JVM without Flight Recorder (module jdk.jfr). */
  private static SideCompilations compilations() {
    try {
      return SideCompilations.start();
    } catch (LinkageError e) {
      return null;
    }
  }

  /** The two sides in the order drawn for this JVM. */
  private List<Side> order() {
    return request.candidateFirst()
        ? List.of(Side.CANDIDATE, Side.BASELINE)
        : List.of(Side.BASELINE, Side.CANDIDATE);
  }

  /** The next event, or null after a second without one (then the caller checks its threads). */
  private Object take() {
    try {
      return events.poll(1, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the sides ran", e);
    }
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
