package org.libreyolo.profile.gate;

import java.nio.file.Path;
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
   * What a step's verdict in words is made of, kept typed so that the report writes the words
   * ({@code VersionAbReport.why}) and measuring never renders.
   */
  public sealed interface Evidence permits Pairs, Forks, Reason {}

  /**
   * Judged by the pairs in shared JVMs: the words come from the outcome's pairs and gate.
   *
   * @param countersAgree whether every JVM's counters gave the same verdict (else they are shown,
   *     not judged)
   * @param jit what the JIT left unequal between the sides, one phrase each
   */
  public record Pairs(boolean countersAgree, List<String> jit) implements Evidence {}

  /**
   * Judged by the forks: the words come from the outcome's gate.
   *
   * @param looks how far the sequential looks went, as a phrase to append (empty for one look)
   */
  public record Forks(String looks) implements Evidence {}

  /**
   * Not judged, or judged where the words were already made (a bisect's model A/B).
   *
   * @param text the reason
   */
  public record Reason(String text) implements Evidence {}

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
   * @param evidence what the verdict's words are made of
   * @param solo each side's time per call in the shared JVMs against the same side alone, or null
   *     when not checked (a step the forks measured from the start)
   * @param soloWords the check against the sides alone in words, appended to the verdict's (empty:
   *     nothing to add)
   */
  public record Outcome(
      String test,
      String step,
      Verdict verdict,
      Gate.Result gate,
      PairedBlocks paired,
      String mode,
      Evidence evidence,
      SoloCheck solo,
      String soloWords) {
    /**
     * An outcome not checked against the sides alone.
     *
     * @param test the test
     * @param step the step's key, or null
     * @param verdict the verdict
     * @param gate the gate's result, or null
     * @param paired the pairs' verdict, or null
     * @param mode how it was measured
     * @param evidence what the verdict's words are made of
     */
    public Outcome(
        String test,
        String step,
        Verdict verdict,
        Gate.Result gate,
        PairedBlocks paired,
        String mode,
        Evidence evidence) {
      this(test, step, verdict, gate, paired, mode, evidence, null, "");
    }

    /**
     * A test not judged: INCONCLUSIVE, with why.
     *
     * @param test the test
     * @param step the step's key, or null
     * @param mode how it was (to be) measured
     * @param why the reason
     * @return the outcome
     */
    public static Outcome notJudged(String test, String step, String mode, String why) {
      return new Outcome(test, step, Verdict.INCONCLUSIVE, null, null, mode, new Reason(why));
    }

    /**
     * The same outcome with the check against the sides alone, and its words.
     *
     * @param check the check
     * @param words the check in words (empty: nothing to add)
     * @return the outcome
     */
    public Outcome withSolo(SoloCheck check, String words) {
      return new Outcome(test, step, verdict, gate, paired, mode, evidence, check, words);
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

  /**
   * One line of the report and whether it is an alert (a regression, a test failing on this build):
   * the log level comes from the verdicts, not from the words.
   *
   * @param text the line
   * @param alert whether it reports a regression or a failure
   */
  public record Line(String text, boolean alert) {}

  /**
   * What the report made of the verdicts: its lines, and the files it wrote.
   *
   * @param report the report, one line each with its level
   * @param file the result file ({@code versions-result.json}), or null when nothing was compared
   * @param summary the markdown summary, or null when not written (alert-only and nothing
   *     regressed)
   * @param markdown the summary's text (written or not), for a reactor's summary of its modules
   */
  public record Files(List<Line> report, Path file, Path summary, String markdown) {}

  /**
   * Writes the verdicts' files: the report's writer, handed to the A/B by the surface, so that
   * measuring never renders.
   */
  @FunctionalInterface
  public interface Writer {
    /**
     * @param v the verdicts
     * @param folder the A/B's folder ({@code versions/})
     * @param summaryOnlyOnRegression whether the markdown summary is written only for a regression
     *     or a failing test
     * @return the lines and the files
     */
    Files write(VersionVerdicts v, Path folder, boolean summaryOnlyOnRegression);
  }
}
