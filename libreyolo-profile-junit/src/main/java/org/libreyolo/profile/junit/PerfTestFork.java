package org.libreyolo.profile.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.process.ChildJvm;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.process.PerfTestProtocol;

/**
 * The extension's child JVMs ({@link ChildJvms}, found on the class path; not called directly),
 * answering in {@link PerfTestProtocol}'s records. For an A/B across versions: {@link
 * PerfTestProtocol#DISCOVER} lists the tests that take a {@link StepProfiler}; {@link
 * PerfTestProtocol#RUN} runs them through the JUnit Platform launcher on one side's class path (a
 * fork), their profiles under the request's root, and reports how each finished; {@link
 * PerfTestProtocol#PAIRS} holds both sides in this JVM and runs them in alternating blocks ({@link
 * PairedSides}). A failing test is an outcome, not the JVM's error. For a forked perf test: {@link
 * ForkedTest#KIND} runs one test in this fresh JVM.
 */
@Api(status = Api.Status.INTERNAL, since = "0.1.0")
public final class PerfTestFork implements ChildJvm {
  /** The extension's children, for the service loader. */
  public PerfTestFork() {}

  @Override
  public Set<String> kinds() {
    return Set.of(
        PerfTestProtocol.DISCOVER, PerfTestProtocol.RUN, PerfTestProtocol.PAIRS, ForkedTest.KIND);
  }

  @Override
  public void run(String kind, Path request, Path reply) {
    switch (kind) {
      case PerfTestProtocol.DISCOVER -> {
        var r = read(request, PerfTestProtocol.DiscoverRequest.class);
        ChildJvms.write(reply, new PerfTestProtocol.Discovery(discover(Path.of(r.testClasses()))));
      }
      case PerfTestProtocol.RUN -> {
        var r = read(request, PerfTestProtocol.RunRequest.class);
        ChildJvms.write(
            reply,
            new PerfTestProtocol.ForkReport(run(Path.of(r.root()), r.parameters(), r.uniqueIds())));
      }
      case PerfTestProtocol.PAIRS ->
          ChildJvms.write(
              reply, PairedSides.run(read(request, PerfTestProtocol.PairedRequest.class)));
      case ForkedTest.KIND -> ForkedTest.run(read(request, ForkedTest.Request.class));
      default -> throw new IllegalArgumentException("not a child of the extension: " + kind);
    }
  }

  private static <T> T read(Path request, Class<T> type) {
    T r = ChildJvms.read(request, type);
    if (r == null) {
      throw new IllegalArgumentException("no request at " + request);
    }
    return r;
  }

  /** The perf tests under a test-classes folder, in discovery order. */
  static List<PerfTestProtocol.Test> discover(Path testClasses) {
    Launcher launcher = LauncherFactory.create();
    TestPlan plan =
        launcher.discover(
            LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClasspathRoots(Set.of(testClasses)))
                .build());
    List<PerfTestProtocol.Test> out = new ArrayList<>();
    for (TestIdentifier root : plan.getRoots()) {
      collect(plan, root, out);
    }
    return out;
  }

  private static void collect(TestPlan plan, TestIdentifier id, List<PerfTestProtocol.Test> out) {
    if (id.getSource().orElse(null) instanceof MethodSource m && takesProfiler(m)) {
      out.add(new PerfTestProtocol.Test(id.getUniqueId(), m.getClassName(), m.getMethodName()));
      return; // a parameterized test's template: its invocations run with it
    }
    plan.getChildren(id).forEach(child -> collect(plan, child, out));
  }

  private static boolean takesProfiler(MethodSource source) {
    try {
      Method method = source.getJavaMethod();
      return Arrays.asList(method.getParameterTypes()).contains(StepProfiler.class);
    } catch (RuntimeException | LinkageError e) {
      return false; // not loadable here: not a test this fork can name
    }
  }

  /** Runs the tests; one outcome per test or container that finished. */
  static List<PerfTestProtocol.Outcome> run(
      Path root, Map<String, String> given, List<String> uniqueIds) {
    Map<String, String> parameters = new LinkedHashMap<>(given);
    // one launcher run per test class, in the order given: the parent rotates it between forks,
    // and a class's fixtures (@BeforeAll, a ModelFixture) still load once
    Map<String, List<DiscoverySelector>> byClass = new LinkedHashMap<>();
    for (String id : uniqueIds) {
      byClass.computeIfAbsent(classOf(id), k -> new ArrayList<>()).add(selectUniqueId(id));
    }
    measureOnlyInto(parameters, root);
    List<PerfTestProtocol.Outcome> outcomes = new ArrayList<>();
    Launcher launcher = LauncherFactory.create();
    TestExecutionListener listener = recording(outcomes);
    for (List<DiscoverySelector> selectors : byClass.values()) {
      launcher.execute(
          LauncherDiscoveryRequestBuilder.request()
              .selectors(selectors)
              .configurationParameters(parameters)
              .build(),
          listener);
    }
    return outcomes;
  }

  /**
   * The parameters every JVM running perf tests for an A/B sets: each test measures only (no gate),
   * once, into {@code root}, and runs even where {@code -Dlibreyolo.profile.skip=true} was for
   * Surefire's run.
   */
  static void measureOnlyInto(Map<String, String> parameters, Path root) {
    parameters.put(StepConfig.PREFIX + StepConfig.FORK_OUTPUT, root.toAbsolutePath().toString());
    parameters.put(StepConfig.PREFIX + "forks", "1");
    parameters.put(StepConfig.PREFIX + "skip", "false");
  }

  /** A listener adding an outcome per test, and per container that failed, to {@code into}. */
  static TestExecutionListener recording(List<PerfTestProtocol.Outcome> into) {
    return new TestExecutionListener() {
      @Override
      public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        Throwable t = result.getThrowable().orElse(null);
        if (id.isTest() || t != null) {
          into.add(
              new PerfTestProtocol.Outcome(
                  id.getUniqueId(), result.getStatus().name(), missingSymbol(t), firstLine(t)));
        }
      }
    };
  }

  /**
   * The class part of a unique id ({@code [engine:junit-jupiter]/[class:demo.WorkPerfTest]}), the
   * id itself without one.
   */
  static String classOf(String uniqueId) {
    int i = uniqueId.indexOf("/[method:");
    int j = uniqueId.indexOf("/[test-template:");
    int end = i >= 0 && (j < 0 || i < j) ? i : j;
    return end >= 0 ? uniqueId.substring(0, end) : uniqueId;
  }

  /** What a linkage error names ({@code 'int demo.Work.newApi()'}, {@code demo/Util}), or empty. */
  static String missingSymbol(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof LinkageError) {
        return clean(c.getClass().getSimpleName() + ": " + c.getMessage());
      }
    }
    return "";
  }

  static String firstLine(Throwable t) {
    if (t == null) {
      return "";
    }
    String message = t.getMessage() == null ? t.toString() : t.getMessage();
    return clean(message.lines().findFirst().orElse(t.toString()));
  }

  private static String clean(String s) {
    return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }
}
