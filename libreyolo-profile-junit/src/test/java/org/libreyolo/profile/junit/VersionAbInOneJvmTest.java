package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.report.VersionAbReport;
import org.libreyolo.profile.versions.VersionAb;
import org.libreyolo.profile.versions.VersionAbOptions;

/**
 * The A/B across versions with both versions in one JVM, end to end: two class paths that differ in
 * one side-only folder, the shared JVM started on what they share, each side's tests in a class
 * loader of its own, a slower side found by the pairs, a test failing on one side sent to the forks
 * saying why, a leaked thread named. {@code abMode=forks} is the ab-versions IT's (goal 3), the
 * verdict of a real slowdown over four JVMs too (goal 4).
 */
class VersionAbInOneJvmTest {
  @TempDir Path dir;

  /** The fixture's compiled classes alone: the module's "test classes" of this A/B. */
  private Path fixtureTests() throws IOException {
    Path compiled =
        Path.of(
            VersionAbInOneJvmTest.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .getPath());
    Path from = compiled.resolve("org/libreyolo/profile/junit/paired");
    Path to =
        Files.createDirectories(dir.resolve("test-classes/org/libreyolo/profile/junit/paired"));
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    return dir.resolve("test-classes");
  }

  /** A side: the fixture's tests, its own properties folder, then what both share. */
  private String side(Path tests, String name, String properties) throws IOException {
    Path own = Files.createDirectories(dir.resolve(name));
    Files.writeString(own.resolve("paired-side.properties"), properties);
    String compiled =
        Path.of(
                VersionAbInOneJvmTest.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .getPath())
            .toString();
    List<String> entries = new ArrayList<>(List.of(tests.toString(), own.toString()));
    for (String e : VersionAbTest.classpath().split(File.pathSeparator)) {
      if (!e.isBlank() && !Path.of(e).toString().equals(compiled)) {
        entries.add(e); // this module's own tests stay out: the fixture is the module here
      }
    }
    return String.join(File.pathSeparator, entries);
  }

  /** Two "versions" of the fixture that differ only in their properties, 2 forks a side. */
  private VersionAbOptions.Builder versions(String baseline, String candidate) throws IOException {
    Path tests = fixtureTests();
    return VersionAbOptions.builder(
            tests,
            new VersionAb.Side("baseline 1.0", side(tests, "a", baseline)),
            new VersionAb.Side("this build", side(tests, "b", candidate)))
        .workingDirectory(dir)
        .forks(2)
        .outputDirectory(dir.resolve("out"));
  }

  @Test
  void bothVersionsShareOneJvmAndTheSlowerSideIsARegression() throws Exception {
    VersionAbOptions options =
        versions("work=100\nfails=true\n", "work=300\n")
            .tests(List.of("WorkFixture"))
            .pairs(8)
            .jvms(2)
            .looks(1)
            .gate(GateOptions.builder().alpha(0.01).maxRegression(0.05).build())
            .build();
    List<String> progress = new ArrayList<>();
    VersionAb.Result r = VersionAb.run(options, progress::add, VersionAbReport::write);

    assertThat(progress)
        .anyMatch(l -> l.startsWith("JVM 1 of 2 holding both versions (") && l.contains("3 tests"));
    assertThat(progress).anyMatch(l -> l.startsWith("JVM 2 of 2 holding both versions ("));
    // the order is balanced: each side went first in one of the two JVMs
    assertThat(progress.stream().filter(l -> l.contains("(baseline 1.0 first")).count())
        .isEqualTo(1);
    // three times the work is slower in each JVM; whether two JVMs are enough to call it a
    // REGRESSION is the gate's (the JVM is its unit: the ab-versions IT judges four)
    VersionVerdicts.Outcome work = outcome(r, "WorkFixture.work");
    assertThat(work.verdict()).isIn(Verdict.REGRESSION, Verdict.INCONCLUSIVE);
    assertThat(work.inSharedJvms()).isTrue();
    assertThat(work.paired().pairs()).isEqualTo(8);
    assertThat(work.paired().jvms()).isEqualTo(2);
    assertThat(work.paired().jvmChanges()).hasSize(2).allMatch(c -> c > 1.0);
    assertThat(work.paired().change()).isGreaterThan(1.0);
    assertThat(VersionAbReport.why(work)).contains("8 pairs in 2 JVMs");
    // then each side alone, one JVM each a round: its time per call set beside the shared JVMs'
    // (a round more, up to three, while a difference beyond the threshold is within the noise)
    assertThat(progress).anyMatch(l -> l.startsWith("baseline 1.0 alone (the check that"));
    assertThat(progress).anyMatch(l -> l.startsWith("this build alone (the check that"));
    assertThat(work.solo()).isNotNull();
    assertThat(work.solo().baseline().sharedMs()).hasSize(2);
    assertThat(work.solo().candidate().soloMs()).hasSizeBetween(1, 3);
    assertThat(VersionAbReport.why(work)).contains("; a call shared against alone: baseline 1.0 ");

    // fails on the baseline only, not for want of a symbol: the forks judge it, saying why
    VersionVerdicts.Outcome onlyHere = outcome(r, "WorkFixture.onlyHere");
    assertThat(onlyHere.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(onlyHere.mode())
        .isEqualTo(
            "forks: failed against the baseline in the shared JVM: this side refuses to run");
    assertThat(VersionAbReport.why(onlyHere))
        .isEqualTo("fails against baseline 1.0: this side refuses to run");
    assertThat(progress).anyMatch(l -> l.startsWith("probing baseline 1.0"));

    // the pairs judge it, unless the check alone found the shared JVMs ran it unlike alone (a
    // chance the check's alpha allows on a busy machine): then the forks do, carrying that check
    VersionVerdicts.Outcome leaky = outcome(r, "WorkFixture.leaky");
    assertThat(leaky.inSharedJvms() || (leaky.solo() != null && leaky.solo().distorted()))
        .as("leaky: %s (%s)", leaky.mode(), VersionAbReport.why(leaky))
        .isTrue();
    assertThat(r.lines())
        .anyMatch(
            l ->
                l.startsWith("note: WorkFixture left threads running in the shared JVM (")
                    && l.contains("leaky-worker (baseline)")
                    && l.contains("leaky-worker (this build)"));
    assertThat(r.verdict()).isEqualTo(work.verdict());

    // one verdict in the log, the JSON and the markdown
    JsonNode json = new ObjectMapper().readTree(r.files().file().toFile());
    String md = Files.readString(r.files().summary());
    assertThat(md).startsWith("### A/B against baseline 1.0: " + r.verdict());
    for (JsonNode t : json.get("tests")) {
      String line = t.get("test").asText() + ": " + t.get("verdict").asText();
      assertThat(r.lines()).anyMatch(l -> l.startsWith(line));
      assertThat(md).contains("| " + t.get("test").asText() + " | " + t.get("verdict").asText());
    }
    JsonNode workJson = null;
    for (JsonNode t : json.get("tests")) {
      workJson = t.get("test").asText().equals("WorkFixture.work") ? t : workJson;
    }
    assertThat(workJson.get("mode").asText()).isEqualTo("in shared JVMs");
    assertThat(workJson.at("/gate/timing/pairs").asInt()).isEqualTo(8);
    assertThat(workJson.at("/gate/timing/jvms").asInt()).isEqualTo(2);
    assertThat(workJson.at("/gate/timing/jvm_changes")).hasSize(2);
    assertThat(workJson.at("/gate/timing/ci")).hasSize(2); // two JVMs: wide, whatever its sign
    assertThat(workJson.at("/solo/distorted").asBoolean()).isFalse();
    assertThat(workJson.at("/solo/candidate/solo_ms").size()).isBetween(1, 3);
    assertThat(workJson.at("/solo/candidate/shared_ms")).hasSize(2);
  }

  @Test
  @Tag("slow")
  void aJvmThatDiesAfterTheFirstIsNamedAndTheVerdictComesFromTheJvmsBeforeIt() throws Exception {
    VersionAbOptions options =
        versions("work=100\nhaltAfterFirstJvm=true\n", "work=100\n")
            .tests(List.of("WorkFixture"))
            .pairs(8)
            .jvms(2)
            .looks(1)
            .build();
    VersionAb.Result r = VersionAb.run(options, line -> {}, VersionAbReport::write);
    VersionVerdicts.Outcome work = outcome(r, "WorkFixture.work");
    assertThat(work.inSharedJvms()).isTrue();
    assertThat(work.paired().jvms()).isEqualTo(1);
    assertThat(r.lines())
        .anyMatch(
            l ->
                l.startsWith("note: JVM 2 of 2: the JVM holding both versions failed: ")
                    && l.endsWith("; judged on the JVMs before it"));
    assertThat(r.files().file()).exists();
    assertThat(r.files().summary()).exists();
  }

  /**
   * A step undecided at the first look runs in as many JVMs again only where they could decide it.
   * At alpha 1e-6 no count of JVMs this small can (the t quantile on a few degrees of freedom is in
   * the thousands): the step stops at its look, INCONCLUSIVE, and the log and the notes say why.
   * (Where the next look could decide, it runs: the bench's A/As, docs/benchmarks.md, and the
   * {@code ab-versions} IT's forks.)
   */
  @Test
  @Tag("slow")
  void aStepTheNextLookCouldNotDecideStopsAtItsLookSayingSo() throws Exception {
    VersionAbOptions options =
        versions("work=100\n", "work=100\n")
            .pairs(8)
            .jvms(2)
            .looks(2)
            .tests(List.of("WorkFixture.work"))
            .gate(GateOptions.builder().alpha(1e-6).maxRegression(0.05).build())
            .build();
    List<String> progress = new ArrayList<>();
    VersionAb.Result r = VersionAb.run(options, progress::add, VersionAbReport::write);

    String stopped =
        "undecided after 2 JVMs (look 1 of 2), stopped: the JVMs left could not decide it, should"
            + " the change be as estimated (the chance they would): WorkFixture.work (0%)";
    assertThat(progress).anyMatch(l -> l.startsWith("JVM 2 of 2 holding both versions ("));
    assertThat(progress).contains(stopped);
    assertThat(progress).noneMatch(l -> l.startsWith("JVM 3 of "));
    VersionVerdicts.Outcome work = outcome(r, "WorkFixture.work");
    assertThat(work.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(work.paired().jvms()).isEqualTo(2);
    assertThat(work.paired().estimator()).contains("; look 1 of 2, a repeated confidence interval");
    assertThat(r.lines()).contains("note: " + stopped);
  }

  /**
   * A step the shared JVMs run five times slower than either side alone (DistortedFixture): the
   * check against each side alone sends it to the forks, saying why, with each side's figures. Four
   * forks a side: with two, a CI run read this A/A as REGRESSION (two forks a side are 6
   * arrangements, so no distribution-free test decides them at 99%; a process whose JIT lands in
   * one of two states can put both of one side's forks in the slow one).
   */
  @Test
  @Tag("slow")
  void aStepTheSharedJvmsDistortIsJudgedByTheForksSayingWhy() throws Exception {
    VersionAbOptions options =
        versions("work=100\n", "work=100\n")
            .tests(List.of("DistortedFixture"))
            .pairs(12)
            .jvms(3)
            .looks(1)
            .forks(4)
            .build();
    List<String> progress = new ArrayList<>();
    VersionAb.Result r = VersionAb.run(options, progress::add, VersionAbReport::write);

    VersionVerdicts.Outcome x = outcome(r, "DistortedFixture.sharedOnly");
    assertThat(x.inSharedJvms()).isFalse();
    assertThat(x.mode())
        .startsWith(
            "forks: the JVMs holding both versions did not run it as it runs alone: baseline 1.0 ");
    assertThat(x.solo().distorted()).isTrue();
    assertThat(x.solo().baseline().change()).isGreaterThan(1.0); // five times the work shared
    assertThat(x.solo().candidate().change()).isGreaterThan(1.0);
    assertThat(x.verdict()).isNotIn(Verdict.REGRESSION, Verdict.IMPROVED); // the same code alone
    assertThat(VersionAbReport.why(x))
        .doesNotContain("class path both versions can share"); // they share one
    assertThat(progress)
        .anyMatch(
            l ->
                l.startsWith("DistortedFixture.sharedOnly: the JVMs holding both versions did not")
                    && l.endsWith("; judged by forks"));
    assertThat(progress).anyMatch(l -> l.endsWith("as it runs alone, round 2)"));
    assertThat(progress).anyMatch(l -> l.startsWith("fork 1 of 8 (baseline 1.0, 1 test)"));
    JsonNode json = new ObjectMapper().readTree(r.files().file().toFile()).get("tests").get(0);
    assertThat(json.get("mode").asText()).startsWith("forks: the JVMs holding both versions");
    assertThat(json.at("/solo/distorted").asBoolean()).isTrue();
    assertThat(json.at("/solo/baseline/shared_ms")).hasSize(3);
    // one JVM a side only says "look again": the second round calls it
    assertThat(json.at("/solo/baseline/solo_ms").size()).isBetween(2, 3);
  }

  @Test
  @Tag("slow")
  void anAlertOnlySummaryIsNotWrittenWhenNothingRegressed() throws Exception {
    VersionAbOptions options =
        versions("work=100\n", "work=100\n")
            .tests(List.of("WorkFixture"))
            .pairs(8)
            .jvms(2)
            .looks(1)
            .summaryOnlyOnRegression(true)
            .build();
    VersionAb.Result r = VersionAb.run(options, line -> {}, VersionAbReport::write);
    assertThat(r.verdict()).isNotEqualTo(Verdict.REGRESSION);
    assertThat(r.files().summary()).isNull();
    assertThat(dir.resolve("out/versions/versions-summary.md")).doesNotExist();
    assertThat(r.files().file()).exists();
    assertThat(r.outcomes()).allMatch(VersionVerdicts.Outcome::inSharedJvms);
  }

  private static VersionVerdicts.Outcome outcome(VersionAb.Result r, String test) {
    return r.outcomes().stream()
        .filter(o -> o.test().equals(test))
        .findFirst()
        .orElseThrow(() -> new AssertionError(test + " not in " + r.lines()));
  }
}
