package org.libreyolo.profile.gate;

import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.diff.StepChange;

/**
 * The A/B across versions, judged: a verdict per measured step of every perf test, from the pairs
 * of alternating blocks when both sides ran in one JVM, else from the forks, with what was compared
 * (docs/versions.md). The report layer renders it.
 *
 * @param baseline the baseline version's label (A)
 * @param candidate this build's label (B)
 * @param forks forks per side, for the tests judged by forks
 * @param pairs pairs of blocks per step in all the shared JVMs, for the tests judged there
 * @param jvms the JVMs holding both versions that the shared tests ran in
 * @param gate the gate's settings
 * @param classpathDifferences how the two class paths differ, beyond the module's own classes
 * @param outcomes one per step (or per test not judged)
 * @param failures tests that fail on this build: the build fails whatever the timing says
 * @param notes what else the reader should know (a test that left threads running)
 * @param verdict the worst of the outcomes
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record VersionVerdicts(
    String baseline,
    String candidate,
    int forks,
    int pairs,
    int jvms,
    GateOptions gate,
    List<String> classpathDifferences,
    List<Outcome> outcomes,
    List<String> failures,
    List<String> notes,
    Verdict verdict) {
  /** The mode of a step measured with both versions in each of several JVMs. */
  public static final String IN_SHARED_JVMS = "in shared JVMs";

  /**
   * One measured step of a test, or a test that could not be judged.
   *
   * @param test the test ({@code Class.method})
   * @param step the step's key ({@code method}, {@code method.decode}), or null when nothing was
   *     measured
   * @param verdict REGRESSION, IMPROVED, PASS or INCONCLUSIVE
   * @param gate the gate's result (the fork gate's; in one process its guards and counters), or
   *     null when not judged
   * @param paired the pairs' verdict when both sides ran in one JVM, else null
   * @param mode {@link #IN_SHARED_JVMS}, or {@code forks: <why>}
   * @param why the verdict in words
   * @param solo each side's time per call in the shared JVMs against the same side alone, or null
   *     when not checked (a step the forks measured from the start)
   */
  public record Outcome(
      String test,
      String step,
      Verdict verdict,
      Gate.Result gate,
      PairedBlocks paired,
      String mode,
      String why,
      SoloCheck solo) {
    /**
     * An outcome not checked against the sides alone.
     *
     * @param test the test
     * @param step the step's key, or null
     * @param verdict the verdict
     * @param gate the gate's result, or null
     * @param paired the pairs' verdict, or null
     * @param mode how it was measured
     * @param why the verdict in words
     */
    public Outcome(
        String test,
        String step,
        Verdict verdict,
        Gate.Result gate,
        PairedBlocks paired,
        String mode,
        String why) {
      this(test, step, verdict, gate, paired, mode, why, null);
    }

    /**
     * The same outcome with the check against the sides alone, said in its words.
     *
     * @param check the check
     * @param words the check in words
     * @return the outcome
     */
    public Outcome withSolo(SoloCheck check, String words) {
      return new Outcome(
          test,
          step,
          verdict,
          gate,
          paired,
          mode,
          words.isEmpty() ? why : why.isEmpty() ? words : why + "; " + words,
          check);
    }

    /**
     * Whether the pairs in one JVM judged it.
     *
     * @return true in one process
     */
    public boolean inSharedJvms() {
      return IN_SHARED_JVMS.equals(mode);
    }

    /**
     * The time change and its interval: the pairs' where both sides shared the JVMs, else the
     * forks'.
     *
     * @return the change, or null when nothing was measured
     */
    public StepChange timeChange() {
      if (paired != null) {
        return new StepChange(paired.change(), paired.ciLow(), paired.ciHigh());
      }
      BlockStatistics s = gate == null ? null : gate.timing();
      return s == null ? null : new StepChange(s.change(), s.ciLow(), s.ciHigh());
    }
  }
}
