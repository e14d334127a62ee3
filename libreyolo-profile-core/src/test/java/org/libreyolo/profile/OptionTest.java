package org.libreyolo.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.InferOptions;

/** One core error, each surface's words, from the one table. */
class OptionTest {
  @Test
  void aCoreErrorIsRenderedInEachSurfacesWords() {
    LibreYoloException e =
        catchThrowableOfType(LibreYoloException.class, () -> new NmsOptions(0.25f, 0.45f, 0));
    assertThat(e.getMessage()).isEqualTo("maxDet must be >= 1, got 0");
    assertThat(e.message(Option.Surface.CLI)).isEqualTo("--max-det must be >= 1, got 0");
    assertThat(e.message(Option.Surface.MAVEN)).isEqualTo("maxDet must be >= 1, got 0");
    assertThat(e.message(Option.Surface.JUNIT)).isEqualTo("maxDet must be >= 1, got 0");
  }

  /**
   * The A/B's threshold is its own option: {@code profile ab --max-regression}, Maven's {@code
   * abMaxRegression}.
   */
  @Test
  void optionsWithOtherNamesOnASurfaceUseTheTable() {
    InferOptions infer = InferOptions.builder().imgsz(64).runs(2).warmup(0).build();
    LibreYoloException e =
        catchThrowableOfType(
            LibreYoloException.class,
            () -> new AbProfiler.Options(infer, "LibreYOLO9s.pt", 8, 1, 0.05, -1, 1));
    assertThat(e.message(Option.Surface.CLI)).startsWith("--max-regression must be");
    assertThat(e.message(Option.Surface.MAVEN)).startsWith("abMaxRegression must be");
    assertThat(Option.PROJECT.on(Option.Surface.CLI)).isEqualTo("--project");
    assertThat(Option.PROJECT.on(Option.Surface.MAVEN)).isEqualTo("outputDirectory");
  }

  @Test
  void bracesThatNameNoOptionStay() {
    assertThat(Option.render("{\"json\": 1} and {unknownKey}", Option.Surface.CLI))
        .isEqualTo("{\"json\": 1} and {unknownKey}");
    assertThat(Option.render("{inputShape} NxCxHxW", Option.Surface.CLI))
        .isEqualTo("--input-shape NxCxHxW");
  }

  /**
   * Unset runs follow the fork count: the reference's 100 in one process, fewer per fork; a given
   * value stays.
   */
  @Test
  void defaultRunsFollowTheForks() {
    assertThat(InferOptions.builder().build().forks()).isEqualTo(Defaults.Infer.FORKS_VALUE);
    assertThat(InferOptions.builder().build().runs()).isEqualTo(Defaults.Infer.RUNS_PER_FORK_VALUE);
    assertThat(InferOptions.builder().forks(1).build().runs()).isEqualTo(100);
    assertThat(InferOptions.builder().forks(3).runs(7).build().runs()).isEqualTo(7);
  }
}
