package org.libreyolo.profile.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.result.Json;

/**
 * The gate finds what the infer goal wrote last, and refuses inputs it cannot judge with the way
 * out.
 */
class GateRunTest {
  /**
   * The forks of one run share one machine: forks merged from two machines are refused, naming the
   * fork.
   */
  @Test
  void aBaselineWithForksFromAnotherEnvironmentIsBadInput(@TempDir Path dir) throws Exception {
    ObjectNode mixed = GateTest.forked(20, 0.01, 3, 1).json();
    ObjectNode samples = (ObjectNode) mixed.get("samples");
    samples.set("blocks", samples.get("forks").get(0).get("blocks").deepCopy());
    ((ObjectNode) samples.get("forks").get(0)).putObject("environment").put("cpu", "EPYC");
    ((ObjectNode) samples.get("forks").get(1)).putObject("environment").put("cpu", "Xeon");
    ((ObjectNode) samples.get("forks").get(2)).putObject("environment").put("cpu", "EPYC");
    Path baseline = dir.resolve("mixed.json");
    Files.writeString(baseline, Json.indented(mixed));
    Path current = dir.resolve("current.json");
    Files.writeString(current, Json.indented(GateTest.profile(20, 0.01, 2, "x").json()));
    assertThatThrownBy(() -> GateRun.judge(baseline, current, GateOptions.defaults()))
        .isInstanceOf(LibreYoloException.class)
        .hasMessage(
            "the baseline "
                + baseline
                + " has forks from different environments (fork 1: cpu \"EPYC\" ->"
                + " \"Xeon\"): record it again in one job");
  }

  @Test
  void aBaselineWithoutBlocksIsBadInputThatSaysHowToReRecord(@TempDir Path dir) throws Exception {
    Path old = dir.resolve("old.json");
    ObjectNode oldFormat = GateTest.profile(100, 0.03, 1, "x").json();
    ((ObjectNode) oldFormat.get("samples")).remove("blocks");
    Files.writeString(old, Json.indented(oldFormat));
    Path current = dir.resolve("current.json");
    Files.writeString(current, Json.indented(GateTest.profile(100, 0.03, 2, "x").json()));
    assertThatThrownBy(() -> GateRun.judge(old, current, GateOptions.defaults()))
        .isInstanceOf(LibreYoloException.class)
        .hasMessageStartingWith("the baseline " + old + " has no timing blocks (samples.blocks)")
        .hasMessageContaining("record it again");
    ObjectNode twoBlocks = GateTest.profile(100, 0.03, 3, "x").json();
    ObjectNode blocks = (ObjectNode) twoBlocks.path("samples").path("blocks");
    ((ArrayNode) blocks.get("step_ms")).removeAll().add(100.0).add(101.0);
    ((ArrayNode) blocks.get("canary_ms")).removeAll().add(12.0).add(12.1);
    Files.writeString(old, Json.indented(twoBlocks));
    assertThatThrownBy(() -> GateRun.judge(old, current, GateOptions.defaults()))
        .hasMessageContaining(
            "has 2 timing blocks, the gate needs at least 3: measure at least 15 runs");
    ObjectNode edited = GateTest.profile(100, 0.03, 4, "x").json();
    ((ArrayNode) edited.path("samples").path("blocks").path("step_ms")).set(3, "fast");
    Files.writeString(old, Json.indented(edited));
    assertThatThrownBy(() -> GateRun.judge(old, current, GateOptions.defaults()))
        .hasMessageContaining("key \"samples.blocks.step_ms[3]\" must be a number, got \"fast\"")
        .hasMessageContaining("record it again");
    ObjectNode future =
        GateTest.profile(100, 0.03, 5, "x").json().put("schema", "libreyolo.profile.analysis/v2");
    Files.writeString(old, Json.indented(future));
    assertThatThrownBy(() -> GateRun.judge(old, current, GateOptions.defaults()))
        .hasMessage(
            "the baseline "
                + old
                + " is schema 'libreyolo.profile.analysis/v2', the gate judges"
                + " libreyolo.profile.analysis/v1: record it again with this version's infer or @ProfiledStep");
    assertThat(Files.list(dir)).hasSize(2); // nothing written
  }

  /**
   * The JUnit extension's layout, as the check goal finds it: step profiles only, each with its
   * baseline path.
   */
  @Test
  void stepLayoutFindsEveryStepProfileAndItsBaseline(@TempDir Path dir) throws Exception {
    StepLayout layout = new StepLayout(dir.resolve("out"), dir.resolve("baselines"));
    ObjectNode step = GateTest.profile(10, 0.01, 1, "x").json();
    step.putObject("config").put("mode", "step");
    for (String key : new String[] {"predict[size=320]", "predict[size=640]"}) {
      Path profile = layout.directory("com.example.ForwardPerfTest", key).resolve("profile.json");
      Files.createDirectories(profile.getParent());
      Files.writeString(profile, Json.indented(step));
    }
    Path infer = dir.resolve("out/infer/profile.json"); // a producer's folder, not a step
    Files.createDirectories(infer.getParent());
    Files.writeString(infer, Json.indented(GateTest.profile(10, 0.01, 2, "x").json()));
    assertThat(layout.steps())
        .extracting(StepLayout.Step::id)
        .containsExactly("ForwardPerfTest.predict[size=320]", "ForwardPerfTest.predict[size=640]");
    assertThat(layout.steps().get(0).baseline())
        .isEqualTo(dir.resolve("baselines/com.example.ForwardPerfTest.predict[size=320].json"));
    assertThat(new StepLayout(dir.resolve("none"), dir).steps()).isEmpty();
  }

  @Test
  void theLatestInferOutputIsTheRepeatAggregateOnlyWhenItIsNewer(@TempDir Path dir)
      throws Exception {
    Path single = dir.resolve("infer/profile.json");
    Path repeat = dir.resolve("infer_repeat.json");
    assertThat(GateRun.latestInferOutput(dir))
        .isEqualTo(single); // nothing yet: the default the message names
    Files.createDirectories(single.getParent());
    Files.writeString(single, "{}");
    assertThat(GateRun.latestInferOutput(dir)).isEqualTo(single);
    Files.writeString(repeat, "{}");
    Files.setLastModifiedTime(single, FileTime.fromMillis(1_000_000));
    Files.setLastModifiedTime(repeat, FileTime.fromMillis(2_000_000));
    assertThat(GateRun.latestInferOutput(dir)).isEqualTo(repeat);
    Files.setLastModifiedTime(single, FileTime.fromMillis(3_000_000)); // a later single-trial run
    assertThat(GateRun.latestInferOutput(dir)).isEqualTo(single);
    Files.delete(single); // after a repeat run only
    assertThat(GateRun.latestInferOutput(dir)).isEqualTo(repeat);
  }
}
