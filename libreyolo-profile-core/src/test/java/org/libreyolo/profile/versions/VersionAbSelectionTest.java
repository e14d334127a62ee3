package org.libreyolo.profile.versions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.process.PerfTestProtocol;

/** The {@code tests} parameter of the A/B across versions and of the bisect. */
class VersionAbSelectionTest {
  static final PerfTestProtocol.Test CRUNCH =
      new PerfTestProtocol.Test("[engine:junit-jupiter]/crunch", "demo.WorkPerfTest", "crunch");
  static final PerfTestProtocol.Test PARSE =
      new PerfTestProtocol.Test("[engine:junit-jupiter]/parse", "demo.WorkPerfTest", "parse");
  static final PerfTestProtocol.Test INNER =
      new PerfTestProtocol.Test("[engine:junit-jupiter]/inner", "demo.Outer$InnerPerfTest", "step");
  static final List<PerfTestProtocol.Test> FOUND = List.of(CRUNCH, PARSE, INNER);

  private static List<PerfTestProtocol.Test> select(String... names) {
    return VersionAb.selected(FOUND, List.of(names), Path.of("target/test-classes"));
  }

  @Test
  void noNameSelectsEveryTest() {
    assertThat(select()).isEqualTo(FOUND);
  }

  @Test
  void aClassAMethodOrAStepOfItSelectsByItsSimpleOrQualifiedName() {
    assertThat(select("WorkPerfTest")).containsExactly(CRUNCH, PARSE);
    assertThat(select("demo.WorkPerfTest.parse")).containsExactly(PARSE);
    assertThat(select("WorkPerfTest.crunch.decode", "WorkPerfTest.crunch[2]"))
        .containsExactly(CRUNCH);
    assertThat(select("Outer.InnerPerfTest.step", "WorkPerfTest.crunch"))
        .containsExactly(INNER, CRUNCH);
  }

  @Test
  void aNameThatSelectsNothingNamesThePerfTestsThereAre() {
    assertThatThrownBy(() -> select("WorkPerfTest.crunc"))
        .isInstanceOf(LibreYoloException.class)
        .hasMessage(
            "tests: WorkPerfTest.crunc names no @ProfiledStep test in target/test-classes; the"
                + " perf tests there: WorkPerfTest.crunch, WorkPerfTest.parse,"
                + " Outer.InnerPerfTest.step");
  }
}
