package org.libreyolo.profile.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.report.DiffJson;
import org.libreyolo.profile.report.DiffMarkdown;
import org.libreyolo.profile.report.DiffReport;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;

/** The diff on real GPU traces and on a plain-Java step's Java samples (docs/diff.md). */
class ProfileDiffTest {
  @TempDir Path dir;

  private static final Path TRACES = Path.of("src/test/resources/fixtures/gpu-traces");

  /**
   * One training job on an A100 and a V100: the kernels, by the name the trace records, ranked by
   * their change per step, those beyond their noise first (of them those whose launches changed);
   * each row's change is the two profiles' kernel rows apart.
   */
  @Test
  void twoGpuTracesRankTheirKernelsByTheirChange() {
    Profile a100 = ProfileLoader.load(TRACES.resolve("a100-train-control.json.gz"));
    Profile v100 = ProfileLoader.load(TRACES.resolve("v100-train-test.json.gz"));
    ProfileDiff d = ProfileDiff.of(a100, v100, null, null);
    assertThat(d.level()).isEqualTo("kernels");
    List<DiffRow> rows = d.contributors();
    assertThat(rows).hasSizeGreaterThan(20);
    for (int i = 1; i < rows.size(); i++) {
      DiffRow prev = rows.get(i - 1);
      DiffRow row = rows.get(i);
      assertThat(!prev.withinNoise() || row.withinNoise()).as("counting rows first").isTrue();
      if (prev.withinNoise() == row.withinNoise() && prev.workChanged() == row.workChanged()) {
        assertThat(Math.abs(row.delta())).isLessThanOrEqualTo(Math.abs(prev.delta()));
      }
    }
    DiffRow top = rows.get(0);
    double before = rowMs(a100, top.name());
    double after = rowMs(v100, top.name());
    assertThat(top.delta()).isCloseTo(after - before, org.assertj.core.data.Offset.offset(1e-9));
    // a trace's rows partition its traced step (the analysis window)
    assertThat(top.share())
        .isCloseTo(top.delta() / d.explainableMs(), org.assertj.core.data.Offset.offset(1e-9));
    assertThat(d.deltaMs()).isGreaterThan(0); // the V100 is slower
    assertThat(DiffReport.text(d, 5).get(0)).startsWith("step ").contains("explained by");
  }

  private static double rowMs(Profile p, String rawName) {
    return p.kernels().stream()
        .filter(k -> k.rawName().equals(rawName))
        .mapToDouble(ProfileRows.KernelRow::msPerStep)
        .sum();
  }

  @Test
  void aSlowerMethodIsNamedFirstInTheJavaSamples() {
    // its own work five times heavier after: the samples must name it first, beyond its noise (a
    // traced row must move by a factor of about 3 to count on its own)
    Profile before = SlowerMethod.measured("before", SlowerMethod.WORK);
    Profile after = SlowerMethod.measured("after", 5 * SlowerMethod.WORK);
    ProfileDiff d = ProfileDiff.of(before, after, null, null);
    assertThat(d.level()).isEqualTo("Java methods");
    DiffRow first = d.contributors().get(0);
    assertThat(first.name()).as(DiffReport.text(d, 5).toString()).isEqualTo(SlowerMethod.hot());
    assertThat(first.phase()).isEqualTo("score");
    assertThat(first.delta()).isPositive();
    assertThat(first.aboveNoise()).as(DiffReport.text(d, 5).toString()).isTrue();
    // memory by phase: each phase's Java heap per iteration, counted on the measuring thread
    assertThat(after.javaHeapBytesPerPhase()).containsKeys("decode", "score");
    assertThat(d.counters())
        .extracting(DiffRow::name)
        .contains(
            "Java heap bytes allocated per iteration [decode]",
            "Java heap bytes allocated per iteration [score]");
  }

  /**
   * Rows that moved beyond their noise while the traced step they partition did not change: every
   * rendering says so, none divides by the unchanged step.
   */
  @Test
  void rowsThatMovedWithinAnUnchangedTracedStepAreSaidSo() {
    DiffRow up =
        new DiffRow(
            "aten::conv2d #1", "forward", 0.1, 0.5, -1, -1, 0, 0, null, null, 0.01, null, 0);
    DiffRow down =
        new DiffRow("aten::relu #1", "forward", 0.5, 0.1, -1, -1, 0, 0, null, null, 0.01, null, 1);
    ProfileDiff d =
        new ProfileDiff(
            null,
            1.0,
            1.2,
            1.0,
            1.0,
            null,
            ProfileDiff.CALLS,
            List.of(up, down),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of());
    assertThat(d.changed()).isTrue();
    assertThat(d.explainedShare()).isNull();
    assertThat(DiffReport.headline(d))
        .contains(
            "2 op calls changed (beyond their noise, or in their work or shapes; +0.000 ms together)",
            "did not change");
    assertThat(DiffReport.brief(d)).startsWith("explained none by aten::conv2d #1 +0.400 ms");
    assertThat(DiffJson.json(d).get("explained_share").isNull()).isTrue();
    assertThat(DiffMarkdown.markdown(d)).contains("| `aten::conv2d #1` | forward |");
  }

  /**
   * A step that moved within its noise, with rows that did too: a row's share of that change would
   * divide by noise (a -0.024 ms row of a -0.011 ms step read "218%"), so no row carries one.
   */
  @Test
  void rowsOfAStepThatDidNotChangeCarryNoShare() {
    DiffRow sort =
        new DiffRow(
            "java.util.Arrays.sort",
            "sort",
            1.009,
            1.004,
            -1,
            -1,
            0,
            0,
            null,
            null,
            0.76,
            -0.005 / -0.011,
            0);
    DiffRow apply =
        new DiffRow(
            "Step.apply", "sort", 0.024, 0.0, -1, -1, 0, 0, null, null, 0.13, -0.024 / -0.011, 1);
    StepChange withinNoise = new StepChange(-0.009, -0.18, 0.35);
    ProfileDiff d =
        new ProfileDiff(
            null,
            1.201,
            1.190,
            Double.NaN,
            Double.NaN,
            withinNoise,
            ProfileDiff.JAVA,
            List.of(sort, apply),
            List.of(),
            List.of(),
            List.of(),
            List.of(sort, apply),
            List.of(),
            List.of(),
            List.of());
    assertThat(d.changed()).isFalse();
    assertThat(d.contributors()).extracting(DiffRow::share).containsOnlyNulls();
    assertThat(d.javaSelf()).extracting(DiffRow::share).containsOnlyNulls();
    assertThat(DiffMarkdown.markdown(d)).doesNotContain("218");
  }
}
