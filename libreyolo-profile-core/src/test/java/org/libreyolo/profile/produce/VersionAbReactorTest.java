package org.libreyolo.profile.produce;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.gate.Verdict;

/** A multi-module build's one summary of its modules' A/Bs across versions. */
class VersionAbReactorTest {
  @TempDir Path root;

  private static VersionAb.Result result(Verdict verdict, List<String> failures, String table) {
    return new VersionAb.Result(
        verdict,
        List.of(),
        failures,
        List.<org.libreyolo.profile.report.VersionAbReport.Line>of(),
        Path.of("versions-result.json"),
        null,
        "### A/B against baseline 1.0: " + verdict + "\n\n" + table + "\n");
  }

  @Test
  void theSummaryLeadsWithTheWorstModuleAndKeepsEachModulesTable() throws Exception {
    long start = System.currentTimeMillis();
    VersionAbReactor.add(
        root, "com.example:lib", result(Verdict.PASS, List.of(), "| lib |"), start);
    Path summary =
        VersionAbReactor.add(
            root, "com.example:app", result(Verdict.REGRESSION, List.of(), "| app |"), start);
    String text = Files.readString(summary);
    assertThat(text).startsWith("## A/B across versions: REGRESSION\n");
    assertThat(text).contains("| com.example:app | REGRESSION |", "| com.example:lib | PASS |");
    assertThat(text)
        .contains("### com.example:app: A/B against baseline 1.0: REGRESSION", "| app |")
        .contains("### com.example:lib: A/B against baseline 1.0: PASS", "| lib |");
    // a test failing on this build outranks every verdict
    VersionAbReactor.add(
        root, "com.example:cli", result(Verdict.PASS, List.of("x fails on this build"), ""), start);
    assertThat(Files.readString(summary)).startsWith("## A/B across versions: FAILED\n");
  }

  @Test
  void aModuleAnEarlierBuildLeftIsNotThisBuildsVerdict() throws Exception {
    long start = System.currentTimeMillis();
    VersionAbReactor.add(root, "com.example:old", result(Verdict.REGRESSION, List.of(), ""), start);
    Path left = root.resolve("versions/modules/com.example.old.json");
    Files.setLastModifiedTime(left, FileTime.fromMillis(start - 3_600_000));
    Path summary =
        VersionAbReactor.add(root, "com.example:app", result(Verdict.PASS, List.of(), ""), start);
    assertThat(Files.readString(summary)).startsWith("## A/B across versions: PASS\n");
    assertThat(Files.readString(summary)).doesNotContain("com.example:old");
    assertThat(left).doesNotExist();
  }
}
