package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.gate.Verdict;

/** A multi-module build's one summary of its modules' A/Bs across versions. */
class VersionAbReactorTest {
  @TempDir Path root;

  /** A module's A/B summary as the report writes it. */
  private static String summary(Verdict verdict, String table) {
    return "### A/B against baseline 1.0: " + verdict + "\n\n" + table + "\n";
  }

  @Test
  void theSummaryLeadsWithTheWorstModuleAndKeepsEachModulesTable() throws Exception {
    long start = System.currentTimeMillis();
    VersionAbReactor.add(root, "com.example:lib", "PASS", summary(Verdict.PASS, "| lib |"), start);
    Path summary =
        VersionAbReactor.add(
            root, "com.example:app", "REGRESSION", summary(Verdict.REGRESSION, "| app |"), start);
    String text = Files.readString(summary);
    assertThat(text).startsWith("## A/B across versions: REGRESSION\n");
    assertThat(text).contains("| com.example:app | REGRESSION |", "| com.example:lib | PASS |");
    assertThat(text)
        .contains("### com.example:app: A/B against baseline 1.0: REGRESSION", "| app |")
        .contains("### com.example:lib: A/B against baseline 1.0: PASS", "| lib |");
    // a test failing on this build outranks every verdict (VersionAb.Result.moduleVerdict)
    VersionAbReactor.add(root, "com.example:cli", "FAILED", summary(Verdict.PASS, ""), start);
    assertThat(Files.readString(summary)).startsWith("## A/B across versions: FAILED\n");
  }

  @Test
  void aModuleAnEarlierBuildLeftIsNotThisBuildsVerdict() throws Exception {
    long start = System.currentTimeMillis();
    VersionAbReactor.add(
        root, "com.example:old", "REGRESSION", summary(Verdict.REGRESSION, ""), start);
    Path left = root.resolve("versions/modules/com.example.old.json");
    Files.setLastModifiedTime(left, FileTime.fromMillis(start - 3_600_000));
    Path summary =
        VersionAbReactor.add(root, "com.example:app", "PASS", summary(Verdict.PASS, ""), start);
    assertThat(Files.readString(summary)).startsWith("## A/B across versions: PASS\n");
    assertThat(Files.readString(summary)).doesNotContain("com.example:old");
    assertThat(left).doesNotExist();
  }
}
