package org.libreyolo.profile.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.libreyolo.profile.process.Forking;

/**
 * One fork of a perf test: runs the one test (its unique id: a parameterized invocation stays
 * itself) through the JUnit Platform launcher in this fresh JVM, with the parent's configuration
 * parameters, its profiles written under the fork's folder and no gate; the test's failure is the
 * fork's one error line.
 */
final class ForkedTest {
  private ForkedTest() {}

  /** {@code ForkedTest <unique id> <key=value>...}. */
  public static void main(String[] args) {
    Map<String, String> parameters = new LinkedHashMap<>();
    for (int i = 1; i < args.length; i++) {
      int eq = args[i].indexOf('=');
      parameters.put(args[i].substring(0, eq), args[i].substring(eq + 1));
    }
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectUniqueId(args[0]))
            .configurationParameters(parameters)
            .build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();
    if (summary.getTestsFoundCount() == 0) {
      fail("the test " + args[0] + " was not found on the fork's class path");
    }
    if (!summary.getFailures().isEmpty()) {
      Throwable t = summary.getFailures().get(0).getException();
      fail(String.valueOf(t.getMessage()).lines().findFirst().orElse(t.toString()));
    }
    System.exit(0);
  }

  private static void fail(String line) {
    System.err.println(Forking.errorPrefix() + line);
    System.err.flush();
    System.exit(1);
  }

  /** The arguments of a fork of {@code config}'s test writing under {@code root}. */
  static List<String> arguments(StepConfig config, Path root) {
    List<String> args = new ArrayList<>();
    args.add(config.fork().uniqueId());
    config.fork().parameters().forEach((k, v) -> args.add(k + "=" + v));
    args.add(StepConfig.PREFIX + StepConfig.FORK_OUTPUT + "=" + root.toAbsolutePath());
    args.add(StepConfig.PREFIX + "forks=1");
    return args;
  }
}
