package org.libreyolo.profile.gate;

import java.util.List;
import org.libreyolo.profile.Api;

/**
 * The A/B across versions, judged: the fork gate's verdict per measured step of every perf test,
 * with what was compared (docs/versions.md). The report layer renders it.
 *
 * @param baseline the baseline version's label (A)
 * @param candidate this build's label (B)
 * @param forks forks per side
 * @param gate the gate's settings
 * @param classpathDifferences how the two class paths differ, beyond the module's own classes
 * @param outcomes one per step (or per test not judged)
 * @param failures tests that fail on this build: the build fails whatever the timing says
 * @param verdict the worst of the outcomes
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record VersionVerdicts(
    String baseline,
    String candidate,
    int forks,
    GateOptions gate,
    List<String> classpathDifferences,
    List<Outcome> outcomes,
    List<String> failures,
    Verdict verdict) {
  /**
   * One measured step of a test, or a test that could not be judged.
   *
   * @param test the test ({@code Class.method})
   * @param step the step's key ({@code method}, {@code method.decode}), or null when nothing was
   *     measured
   * @param verdict REGRESSION, IMPROVED, PASS or INCONCLUSIVE
   * @param gate the fork gate's result, or null when not judged
   * @param why the verdict in words
   */
  public record Outcome(String test, String step, Verdict verdict, Gate.Result gate, String why) {}
}
