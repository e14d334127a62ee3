package org.libreyolo.profile.versions;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VersionVerdicts;

/** What a surface reads off an A/B across versions, whichever report wrote its files. */
class VersionAbResultTest {
  private static VersionAb.Result judged(Verdict verdict, List<String> failures) {
    VersionVerdicts v =
        new VersionVerdicts(
            "baseline 1.0",
            "this build 1.1",
            0,
            8,
            2,
            GateOptions.defaults(),
            List.of(),
            List.of(
                VersionVerdicts.Outcome.notJudged(
                    "Perf.step", null, VersionVerdicts.IN_SHARED_JVMS, "measured nothing")),
            failures,
            List.of(),
            verdict);
    return new VersionAb.Result(
        v,
        new VersionVerdicts.Files(
            List.of(new VersionVerdicts.Line("verdict: " + verdict, false)), null, null, ""));
  }

  @Test
  void aModuleWithNoPerfTestComparedNothingAndPasses() {
    VersionAb.Result r = VersionAb.Result.nothing("no @ProfiledStep test in target/test-classes");
    assertThat(r.compared()).isFalse();
    assertThat(r.verdict()).isEqualTo(Verdict.PASS);
    assertThat(r.outcomes()).isEmpty();
    assertThat(r.lines()).containsExactly("no @ProfiledStep test in target/test-classes");
  }

  @Test
  void aTestFailingOnThisBuildOutranksEveryVerdictInTheReactorsSummary() {
    assertThat(judged(Verdict.REGRESSION, List.of()).moduleVerdict()).isEqualTo("REGRESSION");
    assertThat(judged(Verdict.PASS, List.of("Perf.step fails on this build")).moduleVerdict())
        .isEqualTo("FAILED");
    assertThat(judged(Verdict.PASS, List.of()).outcomes()).hasSize(1);
  }
}
