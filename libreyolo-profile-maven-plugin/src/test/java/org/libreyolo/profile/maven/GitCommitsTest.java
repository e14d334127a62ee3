package org.libreyolo.profile.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bisect's git mode reads a real repository: main with a merged branch, so the first-parent
 * line skips the branch's own commits; the trees come out by {@code git archive}, the checkout
 * untouched.
 */
class GitCommitsTest {
  @TempDir Path repo;
  @TempDir Path out;

  private String git(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(text).isZero();
    return text.strip();
  }

  private void commit(String file, String text, String message) throws Exception {
    Files.createDirectories(repo.resolve(file).getParent());
    Files.writeString(repo.resolve(file), text);
    git("add", "-A");
    git("commit", "-q", "-m", message);
  }

  @BeforeEach
  void history() throws Exception {
    git("init", "-q", "-b", "main");
    git("config", "user.email", "t@example.com");
    git("config", "user.name", "T");
    git("config", "commit.gpgsign", "false");
    commit("m/pom.xml", "<project/>", "one");
    git("tag", "good");
    git("checkout", "-q", "-b", "feature");
    commit("m/A.java", "class A {}", "feature work");
    commit("m/A.java", "class A { int x; }", "more feature work");
    git("checkout", "-q", "main");
    git("merge", "-q", "--no-ff", "-m", "merge feature", "feature");
    commit("m/B.java", "class B {}", "three");
  }

  @Test
  void theFirstParentLineFromGoodToBadOldestFirst() throws Exception {
    GitCommits git =
        GitCommits.of(repo.resolve("m"), "goodRef/badRef"); // the module lies below the top
    List<GitCommits.Commit> commits = git.between("good", "HEAD");
    assertThat(commits)
        .extracting(GitCommits.Commit::subject)
        .containsExactly("one", "merge feature", "three");
    assertThat(commits.get(0).label()).hasSize(10);
    assertThat(commits.get(2).sha()).isEqualTo(git("rev-parse", "HEAD"));
  }

  @Test
  void aTreeIsWrittenWithoutTouchingTheCheckout() throws Exception {
    GitCommits git = GitCommits.of(repo, "goodRef/badRef");
    GitCommits.Commit first = git.between("good", "HEAD").get(0);
    Path tree = out.resolve(first.label());
    git.writeTree(first, tree);
    assertThat(tree.resolve("m/pom.xml")).hasContent("<project/>");
    assertThat(tree.resolve("m/A.java")).doesNotExist();
    assertThat(out.resolve(first.label() + ".zip")).doesNotExist();
    assertThat(git("status", "--porcelain")).isEmpty();
    assertThat(git("worktree", "list").lines()).hasSize(1);
  }

  @Test
  void badRevisionsAreOneLineEach() throws Exception {
    GitCommits git = GitCommits.of(repo, "goodRef/badRef");
    assertThatThrownBy(() -> git.between("HEAD", "good"))
        .isInstanceOf(MojoFailureException.class)
        .hasMessage("goodRef=HEAD is not an ancestor of badRef=good: name an older good");
    assertThatThrownBy(() -> git.between("v9", "HEAD"))
        .hasMessage("goodRef=v9 names no commit in " + git.top() + " (a branch, tag or commit id)");
    assertThatThrownBy(() -> git.between("HEAD", "main"))
        .hasMessage("goodRef=HEAD and badRef=main are the same commit: nothing to bisect");
    assertThatThrownBy(() -> GitCommits.of(out, "goodRef/badRef"))
        .hasMessageStartingWith("a git checkout is needed for goodRef/badRef: " + out);
  }

  @Test
  void aRevisionNamesOneCommitForTheAbGoal() throws Exception {
    GitCommits git = GitCommits.of(repo, "baselineRef");
    GitCommits.Commit head = git.at("HEAD", "baselineRef");
    assertThat(head.sha()).isEqualTo(git("rev-parse", "HEAD"));
    assertThat(head.subject()).isEqualTo("three");
    assertThatThrownBy(() -> git.at("v9", "baselineRef"))
        .hasMessage(
            "baselineRef=v9 names no commit in " + git.top() + " (a branch, tag or commit id)");
    assertThatThrownBy(() -> GitCommits.of(out, "baselineRef"))
        .hasMessageStartingWith("a git checkout is needed for baselineRef: " + out);
  }
}
