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
import org.libreyolo.profile.process.Forking;
import org.libreyolo.profile.process.PerfTestProtocol;

/**
 * The JVM running a module's perf tests for an A/B across versions, answering in {@link
 * PerfTestProtocol}'s records: {@code discover <test classes> <out>} lists the tests that take a
 * {@link StepProfiler}; {@code run <root> <out> [-Pkey=value]... <unique id>...} runs them through
 * the JUnit Platform launcher on one side's class path (a fork), their profiles under {@code root},
 * and reports how each finished; {@code pairs <request> <out>} holds both sides in this JVM and
 * runs them in alternating blocks ({@link PairedSides}). A failing test is an outcome, not the
 * JVM's error.
 */
final class PerfTestFork {
  private PerfTestFork() {}

  public static void main(String[] args) {
    Forking.guard(
        () -> {
          if (args.length >= 3 && args[0].equals("discover")) {
            PerfTestProtocol.write(
                Path.of(args[2]), new PerfTestProtocol.Discovery(discover(Path.of(args[1]))));
          } else if (args.length >= 3 && args[0].equals("run")) {
            PerfTestProtocol.write(
                Path.of(args[2]),
                new PerfTestProtocol.ForkReport(
                    run(Path.of(args[1]), Arrays.asList(args).subList(3, args.length))));
          } else if (args.length >= 3 && args[0].equals("pairs")) {
            PerfTestProtocol.PairedRequest request =
                PerfTestProtocol.read(Path.of(args[1]), PerfTestProtocol.PairedRequest.class);
            if (request == null) {
              throw new IllegalArgumentException("no request at " + args[1]);
            }
            PerfTestProtocol.write(Path.of(args[2]), PairedSides.run(request));
          } else {
            throw new IllegalArgumentException(
                "usage: PerfTestFork discover DIR OUT | run ROOT OUT [-Pk=v]... ID... | pairs"
                    + " REQUEST OUT");
          }
        });
    System.exit(0);
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
  static List<PerfTestProtocol.Outcome> run(Path root, List<String> rest) {
    Map<String, String> parameters = new LinkedHashMap<>();
    // one launcher run per test class, in the order given: the parent rotates it between forks,
    // and a class's fixtures (@BeforeAll, a ModelFixture) still load once
    Map<String, List<DiscoverySelector>> byClass = new LinkedHashMap<>();
    for (String a : rest) {
      if (a.startsWith("-P")) {
        int eq = a.indexOf('=');
        parameters.put(a.substring(2, eq), a.substring(eq + 1));
      } else {
        byClass.computeIfAbsent(classOf(a), k -> new ArrayList<>()).add(selectUniqueId(a));
      }
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
