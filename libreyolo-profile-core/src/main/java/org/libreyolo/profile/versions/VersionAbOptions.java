package org.libreyolo.profile.versions;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.gate.BlockStatistics;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Looks;
import org.libreyolo.profile.gate.PairedBlocks;

/**
 * What the A/B across versions runs ({@link VersionAb#run}): the two sides, where, how many forks,
 * pairs and JVMs, and the fork gate.
 *
 * @param testClasses the module's compiled tests (the same on both sides)
 * @param workingDirectory where the forks run (the module's base directory, as Surefire)
 * @param baseline side A
 * @param candidate side B, this build
 * @param forks forks per side
 * @param parameters JUnit configuration parameters every fork gets ({@code libreyolo.profile.runs})
 * @param gate the fork gate's settings (its job noise is not used: both sides share the job)
 * @param classpathDifferences what differs between the class paths, in words
 * @param outputDirectory the build's output root; the forks and result go under {@link
 *     OutputFiles#VERSIONS_FOLDER}
 * @param mode whether the sides may share one JVM
 * @param pairs pairs of alternating blocks per step, in all the shared JVMs together
 * @param jvms the JVMs holding both versions that the pairs are spread over (the verdict's unit)
 * @param looks how often the A/B looks at its JVMs ({@link
 *     org.libreyolo.profile.gate.Looks#overJvms}): after {@code jvms} JVMs, then after each {@code
 *     jvms} more that the steps still undecided run
 * @param ab the pairs' significance level and threshold (the gate's {@code alpha} and {@code
 *     maxRegression})
 * @param unshareable what the build tool knows cannot share one JVM (an artifact of the engine or
 *     the test framework at another version), one phrase each
 * @param summaryOnlyOnRegression write the markdown summary only when a step regressed or a test
 *     fails on this build
 * @param skipWithoutTests a module without perf tests is no error but nothing to do (a module of a
 *     multi-module build): {@link #run} then returns {@link Result#nothing}
 * @param tests the perf tests to compare, each {@code Class} or {@code Class.method} (simple or
 *     qualified class name); empty: every one discovered
 * @param soloCheck whether steps judged in shared JVMs are checked against each side alone
 *     (docs/versions.md, "As it runs alone"); a bisect's steps skip it
 * @param baselineTests the baseline side's own compiled tests, where it brings them (a commit whose
 *     stored baselines its tests measured); null: this build's tests on both sides. A perf test
 *     whose class is not there is not compared (added since)
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record VersionAbOptions(
    Path testClasses,
    Path workingDirectory,
    VersionAb.Side baseline,
    VersionAb.Side candidate,
    int forks,
    Map<String, String> parameters,
    GateOptions gate,
    List<String> classpathDifferences,
    Path outputDirectory,
    VersionAb.Mode mode,
    int pairs,
    int jvms,
    int looks,
    List<String> unshareable,
    boolean summaryOnlyOnRegression,
    boolean skipWithoutTests,
    List<String> tests,
    boolean soloCheck,
    Path baselineTests) {
  public VersionAbOptions {
    tests = List.copyOf(tests);
    PairedBlocks.checkPairs(pairs);
    VersionAb.checkJvms(jvms);
    Looks.checkJvmLooks(looks);
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
  public static Builder builder(
      Path testClasses, VersionAb.Side baseline, VersionAb.Side candidate) {
    return new Builder(testClasses, baseline, candidate);
  }

  /** A/B options by name; {@link #build()} validates. */
  public static final class Builder {
    private final Path testClasses;
    private final VersionAb.Side baseline;
    private final VersionAb.Side candidate;
    private Path workingDirectory = Path.of("");
    private int forks = Defaults.Versions.FORKS_VALUE;
    private Map<String, String> parameters = Map.of();
    private GateOptions gate = GateOptions.defaults();
    private List<String> classpathDifferences = List.of();
    private Path outputDirectory = Path.of("target");
    private VersionAb.Mode mode = VersionAb.Mode.AUTO;
    private int pairs = Defaults.Ab.PAIRS_VALUE;
    private int jvms = Defaults.Versions.JVMS_VALUE;
    private int looks = Defaults.Versions.LOOKS_VALUE;
    private List<String> unshareable = List.of();
    private boolean summaryOnlyOnRegression;
    private boolean skipWithoutTests;
    private List<String> tests = List.of();
    private boolean soloCheck = true;
    private Path baselineTests;

    private Builder(Path testClasses, VersionAb.Side baseline, VersionAb.Side candidate) {
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
    public Builder mode(VersionAb.Mode v) {
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
     * Sets how often the A/B looks at its JVMs: after {@code jvms}, then after each {@code jvms}
     * more for the steps still undecided.
     *
     * @param v the looks, 1 (only after {@code jvms} JVMs) to {@link Looks#MAX}
     * @return this builder
     */
    public Builder looks(int v) {
      looks = v;
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
     * Sets the perf tests to compare.
     *
     * @param v each {@code Class} or {@code Class.method}; empty: every one discovered
     * @return this builder
     */
    public Builder tests(List<String> v) {
      tests = v;
      return this;
    }

    /**
     * Sets whether steps judged in shared JVMs are checked against each side alone.
     *
     * @param v false to take the shared JVMs' verdicts unchecked (a bisect's steps, which only need
     *     each step's direction)
     * @return this builder
     */
    public Builder soloCheck(boolean v) {
      soloCheck = v;
      return this;
    }

    /**
     * Sets the baseline side's own compiled tests.
     *
     * @param v the folder (a commit's {@code target/test-classes}); null: this build's tests on
     *     both sides
     * @return this builder
     */
    public Builder baselineTests(Path v) {
      baselineTests = v;
      return this;
    }

    /**
     * The options, validated.
     *
     * @return the options
     */
    public VersionAbOptions build() {
      return new VersionAbOptions(
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
          looks,
          unshareable,
          summaryOnlyOnRegression,
          skipWithoutTests,
          tests,
          soloCheck,
          baselineTests);
    }
  }
}
