package org.libreyolo.profile.gate;

import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.gate.VersionVerdicts.Outcome;

/**
 * What a bisect over versions found ({@code produce.Bisect}).
 *
 * @param versions the versions searched, oldest (good) first
 * @param steps the A/Bs run, in order
 * @param findings one per test the good-bad A/B judged: those searched first, in search order
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record BisectResult(List<String> versions, List<Step> steps, List<Finding> findings) {
  /**
   * One A/B the bisect ran.
   *
   * @param number 1, 2, ...
   * @param older side A
   * @param newer side B
   * @param tests the tests it ran (empty: every one)
   * @param outcomes what it found
   */
  public record Step(
      int number, String older, String newer, List<String> tests, List<Outcome> outcomes) {}

  /** What the bisect found for one test. */
  public enum Kind {
    /** One version's change against its predecessor is a REGRESSION. */
    CULPRIT,
    /** The slowdown accumulates over several versions: no single one's change is a REGRESSION. */
    SPREAD,
    /** The A/Bs could not place the slowdown more narrowly than a range of versions. */
    UNPLACED,
    /**
     * The good-bad A/B could not decide (INCONCLUSIVE): a change too small for its interval, not
     * searched (the steps between would be smaller still).
     */
    UNDECIDED,
    /** The good and the bad version show no REGRESSION for this test (PASS or IMPROVED). */
    NO_REGRESSION;

    /**
     * @return whether the good-bad A/B read REGRESSION, so the versions were searched
     */
    public boolean searched() {
      return this != UNDECIDED && this != NO_REGRESSION;
    }
  }

  /**
   * @param test the measured step ({@code Class.method}, {@code Class.method.step})
   * @param kind what was found
   * @param older the last version known not slower (for a culprit, its predecessor)
   * @param newer the culprit, or the end of the range the slowdown lies in
   * @param evidence the A/B of {@code older} against {@code newer}, or null when not measured
   * @param total the A/B of the good against the bad version
   */
  public record Finding(
      String test, Kind kind, String older, String newer, Outcome evidence, Outcome total) {}

  /**
   * @return the good version
   */
  public String good() {
    return versions.get(0);
  }

  /**
   * @return the bad version
   */
  public String bad() {
    return versions.get(versions.size() - 1);
  }

  /**
   * @return whether some test has a culprit
   */
  public boolean culpritFound() {
    return findings.stream().anyMatch(f -> f.kind() == Kind.CULPRIT);
  }

  /**
   * @return whether any test regressed between good and bad
   */
  public boolean regressed() {
    return findings.stream().anyMatch(f -> f.kind().searched());
  }
}
