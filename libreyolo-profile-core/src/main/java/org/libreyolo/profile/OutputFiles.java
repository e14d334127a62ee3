package org.libreyolo.profile;

/**
 * The names of what the surfaces write, under the output directory ({@code runs/profile} for the
 * CLI, {@code target/libreyolo-profile} for the plugin and the extension) and beside a step's
 * profile: fixed names, not settings, so a CI job, a script and the plugin's {@code check} find
 * them where another surface wrote them.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class OutputFiles {
  private OutputFiles() {}

  /** Maven's and JUnit's output folder under the build directory. */
  public static final String FOLDER = "libreyolo-profile";

  /**
   * Beside a step's profile in the JVM of one side alone: its blocks back to back, as the shared
   * JVMs time them (docs/versions.md, "As it runs alone").
   */
  public static final String SOLO_FILE = "solo.json";

  /**
   * Written beside a step's {@code profile.json} once the JUnit extension judged it against the
   * history and recorded it: the {@code check} goal then leaves that step's history alone (a run
   * judged against a history that holds it would be judged against itself).
   */
  public static final String HISTORY_RECORDED_FILE = "history-recorded.txt";

  /**
   * A step's verdict against its history, as JSON, beside its profile (the Maven {@code check} goal
   * and the JUnit extension write it where they judge against a history).
   */
  public static final String HISTORY_RESULT_FILE = "history-result.json";

  /** The same verdict as markdown beside it, for a pull request or a CI job summary. */
  public static final String HISTORY_SUMMARY_FILE = "history-summary.md";

  /** The A/B across versions' folder under the output directory: its forks and its result. */
  public static final String VERSIONS_FOLDER = "versions";

  /** The A/B across versions' result file in {@link #VERSIONS_FOLDER}. */
  public static final String VERSIONS_RESULT_FILE = "versions-result.json";

  /**
   * The same verdicts as markdown in {@link #VERSIONS_FOLDER}, for a pull request or a CI job
   * summary.
   */
  public static final String VERSIONS_SUMMARY_FILE = "versions-summary.md";

  /** The bisect's folder in the output directory, one sub-folder per step. */
  public static final String BISECT_FOLDER = "bisect";

  /** The bisect's result in {@link #BISECT_FOLDER}. */
  public static final String BISECT_RESULT_FILE = "bisect-result.json";

  /** The bisect's pull-request summary in {@link #BISECT_FOLDER}. */
  public static final String BISECT_SUMMARY_FILE = "bisect-summary.md";

  /**
   * The folder under the build folder ({@code target/}) where the commits a git-mode A/B or bisect
   * builds are written out, with their build logs.
   */
  public static final String COMMITS_FOLDER = "libreyolo-profile-commits";
}
