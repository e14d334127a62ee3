package org.libreyolo.profile.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.BisectResult;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.gate.VersionVerdicts.Outcome;
import org.libreyolo.profile.report.BisectReport;

/**
 * The bisect's search, its A/Bs judged by the real paired-blocks statistics over pairs whose
 * log-ratios are each version's known cost ratio plus a fixed spread: where the culprit lies, how
 * many A/Bs it takes, what a spread slowdown and an unchanged range read. The real A/Bs across
 * versions run in the {@code bisect} IT.
 */
class BisectTest {
  static final List<String> VERSIONS =
      List.of("1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7");

  /**
   * Each test's cost per version, relative to 1.0; the pairs' log-ratios spread by {@code noise}.
   */
  record Costs(Map<String, double[]> byTest, double noise) implements Bisect.Ab {
    Costs(Map<String, double[]> byTest) {
      this(byTest, 0.002);
    }

    @Override
    public List<Outcome> compare(int step, String older, String newer, List<String> tests) {
      List<Outcome> out = new ArrayList<>();
      byTest.forEach(
          (test, cost) -> {
            if (tests.isEmpty() || tests.contains(test)) {
              double ratio = cost[VERSIONS.indexOf(newer)] / cost[VERSIONS.indexOf(older)];
              double[] logRatios = new double[12];
              for (int k = 0; k < logRatios.length; k++) {
                logRatios[k] = Math.log(ratio) + (k % 2 == 0 ? 1 : -1) * noise * (1 + k % 3);
              }
              PairedBlocks p = PairedBlocks.of(logRatios, 0.05, 0.02);
              out.add(
                  new Outcome(
                      test,
                      null,
                      p.verdict(),
                      null,
                      p,
                      VersionVerdicts.IN_SHARED_JVMS,
                      new VersionVerdicts.Reason(p.why())));
            }
          });
      return out;
    }
  }

  /** Costs of 1 up to {@code at}, {@code factor} from there on. */
  static double[] step(int at, double factor) {
    double[] c = new double[VERSIONS.size()];
    for (int i = 0; i < c.length; i++) {
      c[i] = i < at ? 1 : factor;
    }
    return c;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7})
  void theVersionThatAddsTenPercentIsNamedInAtMostFiveSteps(int at) {
    BisectResult r =
        Bisect.run(VERSIONS, List.of(), new Costs(Map.of("Perf.step", step(at, 1.10))), s -> {});
    assertThat(r.findings()).hasSize(1);
    BisectResult.Finding f = r.findings().get(0);
    assertThat(f.kind()).isEqualTo(BisectResult.Kind.CULPRIT);
    assertThat(f.newer()).isEqualTo(VERSIONS.get(at));
    assertThat(f.older()).as("against its predecessor").isEqualTo(VERSIONS.get(at - 1));
    assertThat(f.evidence().timeChange().change()).isBetween(0.09, 0.11);
    // the good-bad A/B, 3 halvings of 7 candidates, and at most one to measure the culprit alone
    assertThat(r.steps().size()).isBetween(3, 5);
    assertThat(BisectReport.headline(r)).startsWith("Perf.step: " + VERSIONS.get(at) + " made it");
  }

  @Test
  void anUnchangedRangeSaysSoAfterOneStep() {
    BisectResult r =
        Bisect.run(VERSIONS, List.of(), new Costs(Map.of("Perf.step", step(0, 1))), s -> {});
    assertThat(r.regressed()).isFalse();
    assertThat(r.steps()).hasSize(1);
    assertThat(BisectReport.headline(r))
        .isEqualTo("no regression between 1.0 and 1.7 (1 A/B step)");
  }

  @Test
  void onePercentPerVersionIsSpreadNotACulprit() {
    double[] cost = new double[VERSIONS.size()];
    for (int i = 0; i < cost.length; i++) {
      cost[i] = Math.pow(1.01, i);
    }
    BisectResult r = Bisect.run(VERSIONS, List.of(), new Costs(Map.of("Perf.step", cost)), s -> {});
    assertThat(r.findings().get(0).kind()).isEqualTo(BisectResult.Kind.SPREAD);
    assertThat(r.culpritFound()).isFalse();
  }

  @Test
  void twoTestsEachGetTheirCulpritTheLargerFirstAndStepsRunOnlyTheTestTheyPlace() {
    List<String> lines = new ArrayList<>();
    BisectResult r =
        Bisect.run(
            VERSIONS,
            List.of(),
            new Costs(Map.of("Perf.big", step(4, 1.10), "Perf.small", step(6, 1.03))),
            lines::add);
    assertThat(r.findings())
        .extracting(
            BisectResult.Finding::test, BisectResult.Finding::kind, BisectResult.Finding::newer)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Perf.big", BisectResult.Kind.CULPRIT, "1.4"),
            org.assertj.core.groups.Tuple.tuple("Perf.small", BisectResult.Kind.CULPRIT, "1.6"));
    assertThat(r.steps().get(0).tests()).as("the first runs every test").isEmpty();
    assertThat(r.steps().subList(1, r.steps().size()))
        .allMatch(s -> s.tests().size() == 1 && s.outcomes().size() == 1);
    assertThat(lines).hasSize(r.steps().size()).allMatch(l -> l.startsWith("step "));
    assertThat(BisectReport.json(r).get("findings")).hasSize(2);
    assertThat(BisectReport.markdown(r)).contains("| Perf.big | CULPRIT | 1.3 -> 1.4 | +10.0%");
  }

  @Test
  void aNamedTestThatDidNotRegressIsSaidSo() {
    BisectResult r =
        Bisect.run(
            VERSIONS,
            List.of("Perf.flat"),
            new Costs(Map.of("Perf.flat", step(0, 1), "Perf.big", step(3, 1.2))),
            s -> {});
    assertThat(r.findings())
        .singleElement()
        .extracting(BisectResult.Finding::kind)
        .isEqualTo(BisectResult.Kind.NO_REGRESSION);
  }

  @Test
  void aChangeTooSmallForItsIntervalIsUndecidedNotSearched() {
    BisectResult r =
        Bisect.run(
            VERSIONS, List.of(), new Costs(Map.of("Perf.step", step(5, 1.03)), 0.05), s -> {});
    assertThat(r.findings())
        .singleElement()
        .extracting(BisectResult.Finding::kind)
        .isEqualTo(BisectResult.Kind.UNDECIDED);
    assertThat(r.steps()).hasSize(1);
    assertThat(r.regressed()).isFalse();
    assertThat(BisectReport.headline(r))
        .startsWith(
            "no regression decided between 1.0 and 1.7; Perf.step: undecided between 1.0 and 1.7");
  }

  @Test
  void runIntoWritesTheResultAndAStepThatFailsLeavesNoFolder(@TempDir Path out) throws Exception {
    Costs costs = new Costs(Map.of("Perf.step", step(4, 1.10)));
    BisectReport.Written w =
        Bisect.runInto(
            out,
            VERSIONS,
            List.of(),
            (n, older, newer, tests) -> {
              mkdirs(Bisect.stepFolder(Bisect.folder(out), n, older, newer));
              return costs.compare(n, older, newer, tests);
            },
            s -> {},
            BisectReport::write);
    assertThat(w.file()).isRegularFile().hasFileName("bisect-result.json");
    assertThat(w.summary()).isRegularFile();
    assertThat(Bisect.folder(out).resolve("step-1-1.0-1.7")).isDirectory();

    Bisect.Ab failsAtStepTwo =
        (n, older, newer, tests) -> {
          mkdirs(Bisect.stepFolder(Bisect.folder(out), n, older, newer));
          if (n == 2) {
            throw LibreYoloException.badInput("1.3 does not resolve");
          }
          return costs.compare(n, older, newer, tests);
        };
    assertThatThrownBy(
            () ->
                Bisect.runInto(
                    out, VERSIONS, List.of(), failsAtStepTwo, s -> {}, BisectReport::write))
        .hasMessage("1.3 does not resolve");
    assertThat(Bisect.folder(out))
        .as("no half of a bisect, and not the earlier one")
        .doesNotExist();
  }

  private static void mkdirs(Path dir) {
    try {
      java.nio.file.Files.createDirectories(dir);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void versionsAreCheckedBeforeAnyStep() {
    assertThatThrownBy(() -> Bisect.checkVersions(List.of("1.0")))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("two different versions");
    assertThatThrownBy(() -> Bisect.checkVersions(List.of("1.0", "1.0")))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageContaining("appears twice");
  }
}
