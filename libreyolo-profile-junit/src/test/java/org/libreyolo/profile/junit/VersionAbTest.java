package org.libreyolo.profile.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.process.PerfTestProtocol;
import org.libreyolo.profile.report.VersionAbReport;
import org.libreyolo.profile.versions.VersionAb;
import org.libreyolo.profile.versions.VersionAbOptions;

/**
 * The A/B across versions' fork entry point and its bad input (the whole A/B: the ab-versions IT).
 */
class VersionAbTest {
  @TempDir Path dir;

  /** This JVM's test class path, as Surefire gives it (its own may be a manifest-only jar). */
  static String classpath() {
    String surefire = System.getProperty("surefire.test.class.path");
    return surefire != null && !surefire.isBlank()
        ? surefire
        : System.getProperty("java.class.path");
  }

  private VersionAbOptions options(Path tests, int forks) {
    VersionAb.Side side = new VersionAb.Side("this build", classpath());
    return VersionAbOptions.builder(tests, side, side)
        .workingDirectory(dir)
        .forks(forks)
        .outputDirectory(dir.resolve("out"))
        .build();
  }

  @Test
  void aModuleWithoutPerfTestsIsOneLine() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("test-classes"));
    assertThatThrownBy(() -> VersionAb.run(options(empty, 2), line -> {}, VersionAbReport::write))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("no @ProfiledStep test in " + empty)
        .hasMessageContaining("nothing to compare against the baseline");
    assertThat(dir.resolve("out")).doesNotExist(); // nothing written
  }

  @Test
  void oneForkPerSideCannotGiveTheSpreadBetweenForks() {
    assertThatThrownBy(() -> options(dir, 1))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("abForks must be within 2..100 per side");
  }

  @Test
  void theDiscoveryNamesOnlyTestsThatTakeAProfiler() {
    Path classes =
        Path.of(ForkedStepTest.class.getProtectionDomain().getCodeSource().getLocation().getPath());
    List<PerfTestProtocol.Test> found = PerfTestFork.discover(classes);
    assertThat(found)
        .isNotEmpty()
        .allSatisfy(t -> assertThat(t.uniqueId()).contains("StepProfiler"));
    assertThat(found).noneMatch(t -> t.className().equals(VersionAbTest.class.getName()));
  }

  @Test
  void aForkRunsOneClassAtATimeInTheOrderGiven() {
    assertThat(
            PerfTestFork.classOf(
                "[engine:junit-jupiter]/[class:demo.WorkPerfTest]/[method:crunch(x.StepProfiler)]"))
        .isEqualTo("[engine:junit-jupiter]/[class:demo.WorkPerfTest]");
    assertThat(PerfTestFork.classOf("[engine:junit-jupiter]/[class:a.B]/[test-template:p(int)]"))
        .isEqualTo("[engine:junit-jupiter]/[class:a.B]");
  }

  @Test
  void aLinkageErrorNamesTheMissingSymbolThroughItsCauses() {
    Throwable t =
        new AssertionError(
            "Step.m: the measured step threw", new NoSuchMethodError("'int demo.Work.newApi()'"));
    assertThat(PerfTestFork.missingSymbol(t))
        .isEqualTo("NoSuchMethodError: 'int demo.Work.newApi()'");
    assertThat(PerfTestFork.missingSymbol(new IllegalStateException("boom"))).isEmpty();
    assertThat(PerfTestFork.missingSymbol(null)).isEmpty();
  }
}
