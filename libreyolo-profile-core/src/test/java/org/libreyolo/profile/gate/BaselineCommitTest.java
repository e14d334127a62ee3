package org.libreyolo.profile.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.LibreYoloException;

/**
 * A stored baseline records the commit it measured, read from a real git checkout: clean, with
 * uncommitted changes (the baselines' own folder not counted), outside git (nothing, and a stale
 * record removed), and which commit a folder of baselines names.
 */
class BaselineCommitTest {
  @TempDir Path repo;
  @TempDir Path elsewhere;

  private Path module;
  private Path baselines;

  private String git(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(text).isZero();
    return text.strip();
  }

  @BeforeEach
  void checkout() throws Exception {
    git("init", "-q", "-b", "main");
    git("config", "user.email", "t@example.com");
    git("config", "user.name", "T");
    git("config", "commit.gpgsign", "false");
    module = repo.resolve("m");
    baselines = module.resolve("src/perf/libreyolo-profile");
    Files.createDirectories(module.resolve("src/main/java"));
    Files.createDirectories(baselines);
    Files.writeString(module.resolve("src/main/java/A.java"), "class A {}");
    Files.writeString(module.resolve("pom.xml"), "<project/>");
    Files.writeString(repo.resolve("Other.java"), "class Other {}");
    git("add", "-A");
    git("commit", "-q", "-m", "one");
  }

  private Path baseline(String name) throws Exception {
    Path file = baselines.resolve(name);
    Files.writeString(file, "{}"); // a new baseline: untracked, and not a change to the code
    return file;
  }

  @Test
  void aCleanCheckoutRecordsItsCommit() throws Exception {
    Path file = baseline("example.T.step.json");
    Files.writeString(repo.resolve("Other.java"), "class Other { int x; }"); // outside the module
    BaselineCommit recorded = BaselineCommit.record(file, module);
    assertThat(recorded.commit()).isEqualTo(git("rev-parse", "HEAD"));
    assertThat(recorded.clean()).isTrue();
    assertThat(recorded.describe()).isEqualTo("commit " + recorded.commit().substring(0, 12));
    assertThat(baselines.resolve("example.T.step.commit.json")).exists();
    assertThat(BaselineCommit.of(file)).isEqualTo(recorded);
  }

  @Test
  void uncommittedChangesToTheModuleAreNamed() throws Exception {
    Path file = baseline("example.T.step.json");
    Files.writeString(module.resolve("src/main/java/A.java"), "class A { int y; }");
    Files.writeString(module.resolve("src/main/java/New.java"), "class New {}");
    Files.writeString(module.resolve("build.log"), "an untracked file the build does not read");
    BaselineCommit recorded = BaselineCommit.record(file, module);
    assertThat(recorded.changed())
        .containsExactly("src/main/java/A.java", "src/main/java/New.java");
    assertThat(recorded.describe())
        .endsWith(" with uncommitted changes to src/main/java/A.java, src/main/java/New.java");
  }

  @Test
  void outsideGitNothingIsRecordedAndAStaleRecordGoes() throws Exception {
    Path file = baseline("example.T.step.json");
    BaselineCommit.record(file, module);
    Path moved = elsewhere.resolve("example.T.step.json");
    Files.copy(file, moved);
    Files.copy(
        baselines.resolve("example.T.step.commit.json"),
        elsewhere.resolve("example.T.step.commit.json"));
    assertThat(BaselineCommit.record(moved, elsewhere)).isNull();
    assertThat(elsewhere.resolve("example.T.step.commit.json")).doesNotExist();
    assertThat(BaselineCommit.of(moved)).isNull();
  }

  @Test
  void aModuleTheCommitDoesNotHoldRecordsNothing() throws Exception {
    Path fresh = repo.resolve("fresh");
    Files.createDirectories(fresh);
    Files.writeString(fresh.resolve("pom.xml"), "<project/>"); // not committed yet
    Path file = fresh.resolve("example.T.step.json");
    Files.writeString(file, "{}");
    assertThat(BaselineCommit.record(file, fresh)).isNull();
  }

  @Test
  void aFolderNamesItsLatestCommitAndTheBaselinesOnAnother() throws Exception {
    BaselineCommit first = BaselineCommit.record(baseline("example.T.a.json"), module);
    Files.writeString(module.resolve("src/main/java/A.java"), "class A { int z; }");
    git("add", "-A");
    git("commit", "-q", "-m", "two");
    Thread.sleep(5); // the records' times differ
    BaselineCommit second = BaselineCommit.record(baseline("example.T.b.json"), module);
    assertThat(second.commit()).isNotEqualTo(first.commit());
    BaselineCommit.Choice choice = BaselineCommit.choose(baselines);
    assertThat(choice.commit()).isEqualTo(second);
    assertThat(choice.baselines()).containsExactly("example.T.b.json");
    assertThat(choice.others()).containsExactly("example.T.a.json");
    assertThat(BaselineCommit.choose(elsewhere).commit()).isNull();
  }

  @Test
  void anUnreadableRecordIsOneLineThatSaysHowToMend() throws Exception {
    Path file = baseline("example.T.step.json");
    Files.writeString(baselines.resolve("example.T.step.commit.json"), "{\"commit\": 3}");
    assertThatThrownBy(() -> BaselineCommit.of(file))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("example.T.step.commit.json: no commit id in it")
        .hasMessageEndingWith(
            "record the baseline again (-Dlibreyolo.profile.updateBaseline=true)");
  }
}
