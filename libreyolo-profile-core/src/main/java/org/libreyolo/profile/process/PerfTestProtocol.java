package org.libreyolo.profile.process;

import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;

/**
 * What the parent of an A/B across versions and the JVMs running the module's perf tests say to
 * each other: records, written whole as JSON files (a file is complete or absent, never half), so
 * both ends name every field instead of splitting lines on tabs.
 */
@Api(status = Api.Status.INTERNAL, since = "0.1.0")
public final class PerfTestProtocol {
  /** The child JVM listing the perf tests: {@link DiscoverRequest} in, {@link Discovery} out. */
  public static final String DISCOVER = "perf-tests-discover";

  /**
   * The child JVM running perf tests on one side: {@link RunRequest} in, {@link ForkReport} out.
   */
  public static final String RUN = "perf-tests-run";

  /**
   * The child JVM holding both sides in alternating blocks: {@link PairedRequest} in, {@link
   * PairedReport} out.
   */
  public static final String PAIRS = "perf-tests-pairs";

  private PerfTestProtocol() {}

  /**
   * Lists the perf tests of a module.
   *
   * @param testClasses the module's compiled tests
   */
  public record DiscoverRequest(String testClasses) {}

  /**
   * Runs perf tests on one side, each measuring only (no gate), once, into {@code root}.
   *
   * @param root where the tests' profiles go
   * @param parameters JUnit configuration parameters
   * @param uniqueIds the tests, by unique id, in the order to run them (by class)
   */
  public record RunRequest(String root, Map<String, String> parameters, List<String> uniqueIds) {}

  /**
   * A perf test as discovery names it: a method taking a {@code StepProfiler} (a parameterized test
   * as its template).
   *
   * @param uniqueId the JUnit Platform's unique id
   * @param className the test class
   * @param method the test method's name
   */
  public record Test(String uniqueId, String className, String method) {
    /**
     * How the output names it.
     *
     * @return {@code Class.method} (a nested class as {@code Outer.Inner})
     */
    public String id() {
      return className.substring(className.lastIndexOf('.') + 1).replace('$', '.') + "." + method;
    }
  }

  /**
   * The discovery's answer.
   *
   * @param tests the perf tests, in discovery order
   */
  public record Discovery(List<Test> tests) {}

  /**
   * How a test (or a container above it) finished on one side.
   *
   * @param uniqueId what finished
   * @param status {@code SUCCESSFUL}, {@code ABORTED} or {@code FAILED}
   * @param missingSymbol what a linkage error names ({@code NoSuchMethodError: ...}), or empty
   * @param firstLine the first line of its failure, or empty
   */
  public record Outcome(String uniqueId, String status, String missingSymbol, String firstLine) {
    /**
     * Whether it failed (an abort is not a failure: the other side's failure aborts this one).
     *
     * @return true for {@code FAILED}
     */
    public boolean failed() {
      return status.equals("FAILED");
    }
  }

  /**
   * A fork's answer: every test and container that finished.
   *
   * @param outcomes in the order they finished
   */
  public record ForkReport(List<Outcome> outcomes) {}

  /**
   * The request to one JVM holding both sides: its own class path is what they share, each side's
   * class loader holds the rest of its class path.
   *
   * @param baseline the baseline side's own class path entries (its loader)
   * @param candidate this build's own class path entries (its loader)
   * @param baselineLabel how the output names the baseline
   * @param candidateLabel how the output names this build
   * @param tests the perf tests' unique ids, in the order to run them
   * @param parameters JUnit configuration parameters both sides get
   * @param output where the sides' profiles and the pairs go
   * @param pairs pairs of blocks per step
   * @param blockMs the shortest block, ms (a fast step runs more iterations per block)
   * @param alpha the A/B's significance level (for the pairs' own files)
   * @param maxRegression the A/B's threshold (for the pairs' own files)
   * @param settleMs before a step's pairs, alternating blocks until the JIT is quiet, at most this
   *     long
   * @param candidateFirst whether this build's side is loaded, profiled and warmed first in this
   *     JVM (drawn per JVM, balanced over the JVMs: neither copy of the code is always compiled
   *     first)
   */
  public record PairedRequest(
      List<String> baseline,
      List<String> candidate,
      String baselineLabel,
      String candidateLabel,
      List<String> tests,
      Map<String, String> parameters,
      String output,
      int pairs,
      double blockMs,
      double alpha,
      double maxRegression,
      double settleMs,
      boolean candidateFirst) {}

  /**
   * One step measured on both sides in alternating blocks.
   *
   * @param className the test class
   * @param key the step's key ({@code method}, {@code method.decode}, {@code method[1]})
   * @param baselineProfile the baseline side's profile of the step (its counters)
   * @param candidateProfile this build's profile of the step
   * @param blockRuns iterations per block
   * @param baselineMs the baseline's block means, one per pair
   * @param candidateMs this build's block means, one per pair
   * @param logRatios {@code ln(candidate / baseline)} of the block means per pair, the unit
   * @param medianLogRatios the same of the block medians (a second figure)
   * @param candidateFirst whether this build's side went first in the JVM that measured it
   * @param settleRounds rounds of alternating blocks before the pairs, until the JIT was quiet
   * @param settled whether the JIT was quiet when the pairs began
   * @param jit the side's own methods whose two copies the JIT left in different states (one at C2,
   *     the other at C1 or only as OSR code), in words
   * @param baselineJavaSamples the baseline side's Java samples over its blocks of the pairs
   *     ({@code java_samples}), or null without Flight Recorder
   * @param candidateJavaSamples this build's side's, or null
   * @param baselineMedianMs the baseline's block medians, one per pair (its time per call here, set
   *     beside the same side alone)
   * @param candidateMedianMs this build's block medians, one per pair
   */
  public record PairedStep(
      String className,
      String key,
      String baselineProfile,
      String candidateProfile,
      int blockRuns,
      double[] baselineMs,
      double[] candidateMs,
      double[] logRatios,
      double[] medianLogRatios,
      boolean candidateFirst,
      int settleRounds,
      boolean settled,
      List<String> jit,
      com.fasterxml.jackson.databind.node.ObjectNode baselineJavaSamples,
      com.fasterxml.jackson.databind.node.ObjectNode candidateJavaSamples,
      double[] baselineMedianMs,
      double[] candidateMedianMs) {}

  /**
   * The answer of the JVM holding both sides.
   *
   * @param baseline how each test finished on the baseline side
   * @param candidate how each test finished on this build's side
   * @param steps every step measured on both sides
   * @param leaks per test class, the threads its tests left running ({@code Class: name, ...})
   */
  public record PairedReport(
      List<Outcome> baseline,
      List<Outcome> candidate,
      List<PairedStep> steps,
      List<String> leaks) {}
}
