package org.libreyolo.profile.history;

import java.io.IOException;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.io.GitCli;

/**
 * The commit and branch a run measured, when the user does not give them: the CI's environment
 * (GitHub Actions, GitLab CI, Jenkins), else the git checkout around the working directory, else
 * unknown (null).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Provenance {
  private static final List<String> COMMIT_VARIABLES =
      List.of("GITHUB_SHA", "CI_COMMIT_SHA", "GIT_COMMIT");
  private static final List<String> BRANCH_VARIABLES =
      List.of(
          "GITHUB_HEAD_REF",
          "GITHUB_REF_NAME",
          "CI_COMMIT_BRANCH",
          "CI_COMMIT_REF_NAME",
          "GIT_BRANCH");

  private Provenance() {}

  /**
   * The commit being built.
   *
   * @return its id, or null when neither the environment nor git says
   */
  public static String commit() {
    String v = first(COMMIT_VARIABLES);
    return v != null ? v : git("rev-parse", "HEAD");
  }

  /**
   * The branch being built.
   *
   * @return its name, or null when neither the environment nor git says (a detached head is null)
   */
  public static String branch() {
    String v = first(BRANCH_VARIABLES);
    if (v != null) {
      return v.startsWith("origin/") ? v.substring("origin/".length()) : v;
    }
    return headBranch();
  }

  /**
   * Whether a run goes into the history: as {@code recordHistory} says, else when the build is on
   * the history's branch (the rule of the {@code check} goal and the JUnit extension).
   *
   * @param recordHistory the explicit choice, or null
   * @param historyBranch the branch whose runs the history keeps
   * @return whether to record
   */
  public static boolean records(Boolean recordHistory, String historyBranch) {
    return recordHistory != null ? recordHistory : historyBranch.equals(branch());
  }

  /**
   * The branch {@code .git/HEAD} names, from the working directory up; null for a detached head.
   */
  private static String headBranch() {
    for (java.nio.file.Path d = java.nio.file.Path.of("").toAbsolutePath();
        d != null;
        d = d.getParent()) {
      java.nio.file.Path head = d.resolve(".git").resolve("HEAD");
      if (java.nio.file.Files.isRegularFile(head)) {
        try {
          String ref = java.nio.file.Files.readString(head).strip();
          String prefix = "ref: refs/heads/";
          return ref.startsWith(prefix) ? ref.substring(prefix.length()) : null;
        } catch (IOException e) {
          return null;
        }
      }
    }
    return null;
  }

  private static String first(List<String> variables) {
    for (String name : variables) {
      String v = System.getenv(name);
      if (v != null && !v.isBlank()) {
        return v.strip();
      }
    }
    return null;
  }

  private static String git(String... args) {
    String out = GitCli.output(null, args);
    return out == null || out.isBlank() ? null : out.strip();
  }
}
