package org.libreyolo.profile.junit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.libreyolo.profile.process.ChildJvms;

/**
 * One fork of a perf test: runs the one test (its unique id: a parameterized invocation stays
 * itself) through the JUnit Platform launcher in this fresh JVM, with the parent's configuration
 * parameters, its profiles written under the fork's folder and no gate; the test's failure is the
 * fork's one error line.
 */
final class ForkedTest {
  /** The child's kind ({@link PerfTestFork} runs it). */
  static final String KIND = "junit-test";

  private ForkedTest() {}

  /**
   * A fork's test and the configuration parameters it runs with.
   *
   * @param uniqueId the test's unique id
   * @param parameters the JUnit configuration parameters
   */
  record Request(String uniqueId, Map<String, String> parameters) {}

  /** Runs the one test; its failure is the fork's one error line. */
  static void run(Request r) {
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectUniqueId(r.uniqueId()))
            .configurationParameters(r.parameters())
            .build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();
    if (summary.getTestsFoundCount() == 0) {
      fail("the test " + r.uniqueId() + " was not found on the fork's class path");
    }
    if (!summary.getFailures().isEmpty()) {
      Throwable t = summary.getFailures().get(0).getException();
      fail(String.valueOf(t.getMessage()).lines().findFirst().orElse(t.toString()));
    }
  }

  /** The test's failure as the fork's one error line, in the test's own words (exit 1). */
  private static void fail(String line) {
    System.err.println(ChildJvms.errorPrefix() + line);
    System.err.flush();
    System.exit(1);
  }

  /**
   * The request of a fork of {@code config}'s test writing under {@code root}; only the {@code
   * last} fork samples untimed steps (the merged profile keeps its Java samples).
   */
  static Request request(StepConfig config, Path root, boolean last) {
    Map<String, String> parameters = new LinkedHashMap<>(config.fork().parameters());
    parameters.put(StepConfig.PREFIX + StepConfig.FORK_OUTPUT, root.toAbsolutePath().toString());
    parameters.put(StepConfig.PREFIX + "forks", "1");
    if (!last) {
      parameters.put(StepConfig.PREFIX + StepConfig.SAMPLED_STEPS, "false");
    }
    return new Request(config.fork().uniqueId(), parameters);
  }
}
