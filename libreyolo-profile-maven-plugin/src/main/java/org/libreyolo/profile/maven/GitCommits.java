package org.libreyolo.profile.maven;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.maven.plugin.MojoFailureException;

/**
 * The bisect's git mode: the commits from {@code goodRef} to {@code badRef} along the first-parent
 * line (the merges of a main branch, not the commits inside each merged branch), and each commit's
 * tree written out where it can be built. The user's checkout is only read: the trees come from
 * {@code git archive}, never a worktree or a checkout, so a stopped bisect leaves the repository as
 * it was.
 */
final class GitCommits {
  /**
   * One commit of the search.
   *
   * @param sha the full commit id
   * @param label its short id, as the output names it
   * @param subject its message's first line
   */
  record Commit(String sha, String label, String subject) {}

  /** A git command that takes longer than this is stuck (a prompt, a lock). */
  private static final long TIMEOUT_S = 120;

  private final Path top;

  private GitCommits(Path top) {
    this.top = top;
  }

  /**
   * The git checkout {@code dir} lies in.
   *
   * @param dir the module's folder
   * @param parameters the parameters that name revisions, for the error ({@code goodRef/badRef})
   * @return its repository
   * @throws MojoFailureException when it lies in none, or git is missing
   */
  static GitCommits of(Path dir, String parameters) throws MojoFailureException {
    String top = git(dir, "rev-parse", "--show-toplevel");
    if (top == null) {
      throw new MojoFailureException(
          "a git checkout is needed for "
              + parameters
              + ": "
              + dir
              + " is not inside one (or git is not on the PATH)");
    }
    try {
      return new GitCommits(Path.of(top.strip()).toRealPath());
    } catch (IOException e) {
      throw new MojoFailureException("cannot read the git checkout at " + top.strip(), e);
    }
  }

  /**
   * @return the repository's top folder
   */
  Path top() {
    return top;
  }

  /**
   * The commits from {@code good} to {@code bad}, both included, oldest first.
   *
   * @param good the last revision known good
   * @param bad the revision known slower, a descendant of good
   * @return the commits
   * @throws MojoFailureException on a revision that names no commit, or good not before bad
   */
  List<Commit> between(String good, String bad) throws MojoFailureException {
    String goodSha = commit(good, "goodRef");
    String badSha = commit(bad, "badRef");
    if (goodSha.equals(badSha)) {
      throw new MojoFailureException(
          "goodRef=" + good + " and badRef=" + bad + " are the same commit: nothing to bisect");
    }
    if (git(top, "merge-base", "--is-ancestor", goodSha, badSha) == null) {
      throw new MojoFailureException(
          "goodRef=" + good + " is not an ancestor of badRef=" + bad + ": name an older good");
    }
    List<Commit> commits = new ArrayList<>();
    commits.add(describe(goodSha));
    String line = git(top, "rev-list", "--first-parent", "--reverse", goodSha + ".." + badSha);
    for (String sha : line.strip().split("\\s+")) {
      commits.add(describe(sha));
    }
    return commits;
  }

  /**
   * Writes {@code commit}'s tree into {@code into} (a fresh folder).
   *
   * @param commit the commit
   * @param into where its files go
   * @throws MojoFailureException when git cannot write it
   */
  void writeTree(Commit commit, Path into) throws MojoFailureException {
    Path zip = into.resolveSibling(into.getFileName() + ".zip");
    try {
      Files.createDirectories(into);
      if (git(top, "archive", "--format=zip", "-o", zip.toString(), commit.sha()) == null) {
        throw new MojoFailureException("git archive of commit " + commit.label() + " failed");
      }
      unzip(zip, into);
    } catch (IOException e) {
      throw new MojoFailureException(
          "cannot write commit " + commit.label() + " to " + into + ": " + e.getMessage(), e);
    } finally {
      try {
        Files.deleteIfExists(zip);
      } catch (IOException ignored) {
        // a leftover zip in the build folder is harmless
      }
    }
  }

  /**
   * The commit a revision names.
   *
   * @param ref a commit id, tag or branch
   * @param parameter the parameter that named it, for the error
   * @return the commit
   * @throws MojoFailureException when it names none
   */
  Commit at(String ref, String parameter) throws MojoFailureException {
    return describe(commit(ref, parameter));
  }

  private String commit(String ref, String parameter) throws MojoFailureException {
    String sha = git(top, "rev-parse", "--verify", "--quiet", ref + "^{commit}");
    if (sha == null || sha.isBlank()) {
      throw new MojoFailureException(
          parameter + "=" + ref + " names no commit in " + top + " (a branch, tag or commit id)");
    }
    return sha.strip();
  }

  private Commit describe(String sha) throws MojoFailureException {
    String out = git(top, "log", "-1", "--format=%h%x00%s", "--abbrev=10", sha);
    if (out == null) {
      throw new MojoFailureException("git cannot describe commit " + sha);
    }
    String[] parts = out.strip().split("\u0000", 2);
    return new Commit(sha, parts[0], parts.length > 1 ? parts[1] : "");
  }

  private static void unzip(Path zip, Path into) throws IOException {
    Path root = into.toAbsolutePath().normalize();
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        Path to = root.resolve(e.getName()).normalize();
        if (!to.startsWith(root)) {
          throw new IOException("an entry outside the tree: " + e.getName());
        }
        if (e.isDirectory()) {
          Files.createDirectories(to);
        } else {
          Files.createDirectories(to.getParent());
          Files.copy(in, to);
        }
      }
    }
  }

  /** Runs git in {@code dir}; its standard output, or null when it failed or is missing. */
  private static String git(Path dir, String... args) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.add("-C");
    command.add(dir.toString());
    command.addAll(List.of(args));
    try {
      Process p =
          new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      p.getOutputStream().close();
      String out;
      try (InputStream in = p.getInputStream()) {
        out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return null;
      }
      return p.exitValue() == 0 ? out : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
