package org.libreyolo.profile.internal.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.result.ProfileSummary;

/**
 * Taking the profiler's cost out of a CPU trace (docs/profiler-cost.md), on a hand-made step: cost
 * 2 µs per op, 0.5 of it inside the op's span, 1.5 before it.
 */
class ProfilerCompensationTest {
  @TempDir Path dir;

  static ObjectNode cost(double perOp, double inOp) {
    return JsonNodeFactory.instance.objectNode().put("per_op_us", perOp).put("in_op_us", inOp);
  }

  /**
   * Step 2 (200-300): phase forward 210-260 holding A (212+30) with children B (215+10) and C
   * (228+10), then D (245+5); E (262+0.3) starts 0.2 µs after a sibling F (250+11.8) ends.
   */
  static Traces step() {
    Traces t = new Traces().markers();
    t.x("user_annotation", "step/forward", 210, 50);
    t.x("cpu_op", "A", 212, 30);
    t.x("cpu_op", "B", 215, 10);
    t.x("cpu_op", "C", 228, 10);
    t.x("cpu_op", "D", 245, 5);
    t.x("cpu_op", "F", 250.2, 11.6);
    t.x("cpu_op", "E", 262, 0.3);
    return t;
  }

  private static double durOf(EventTable t, String name) {
    for (int i = 0; i < t.size; i++) {
      if (t.kind[i] == EventTable.CPU_OP && t.names.get(t.name[i]).equals(name)) {
        return t.dur[i];
      }
    }
    throw new AssertionError(name);
  }

  private static double tsOf(EventTable t, String name) {
    for (int i = 0; i < t.size; i++) {
      if (t.names.get(t.name[i]).equals(name)) {
        return t.ts[i];
      }
    }
    throw new AssertionError(name);
  }

  @Test
  void opsLoseTheirOwnShareAndTheirDescendantsWholeCost() {
    EventTable raw = EventTable.read(step().write(dir.resolve("t.json"), cost(2, 0.5)));
    EventTable c = raw.compensated(raw.profilerCost);
    assertThat(durOf(c, "B")).isCloseTo(9.5, within(1e-9));
    assertThat(durOf(c, "C")).isCloseTo(9.5, within(1e-9));
    // A: own 0.5 in, B and C 2 each
    assertThat(durOf(c, "A")).isCloseTo(30 - 0.5 - 4, within(1e-9));
    assertThat(durOf(c, "D")).isCloseTo(4.5, within(1e-9));
    // children stay inside their parent, siblings in order
    assertThat(tsOf(c, "B")).isGreaterThanOrEqualTo(tsOf(c, "A"));
    assertThat(tsOf(c, "C") + durOf(c, "C"))
        .isLessThanOrEqualTo(tsOf(c, "A") + durOf(c, "A") + 1e-9);
    assertThat(tsOf(c, "D")).isGreaterThanOrEqualTo(tsOf(c, "A") + durOf(c, "A") - 1e-9);
  }

  @Test
  void anotherEnginesKernelIsChargedItsOwnCostBeforeItAndNothingInside() {
    // two ONNX Runtime kernels 10 µs apart at 8 µs each (its profiler's cost between kernels), then
    // a libtorch op with the trace-wide cost
    Traces t = new Traces().markers();
    t.x("user_annotation", "step/forward", 210, 60);
    t.x("cpu_op", "Conv", 212, 20).ownCost(8);
    t.x("cpu_op", "Relu", 242, 5).ownCost(8);
    t.x("cpu_op", "aten::add", 250, 5);
    EventTable raw = EventTable.read(t.write(dir.resolve("t.json"), cost(2, 0.5)));
    EventTable c = raw.compensated(raw.profilerCost);
    assertThat(durOf(c, "Conv")).isCloseTo(20, within(1e-9)); // its span is the kernel alone
    assertThat(durOf(c, "Relu")).isCloseTo(5, within(1e-9));
    // 8 of the 10 µs gap before Relu come off; the libtorch op loses its own 1.5 before + 0.5 in
    assertThat(tsOf(c, "Relu") - (tsOf(c, "Conv") + durOf(c, "Conv"))).isCloseTo(2, within(1e-9));
    assertThat(tsOf(c, "aten::add") - (tsOf(c, "Relu") + durOf(c, "Relu")))
        .isCloseTo(3 - 1.5, within(1e-9));
    assertThat(durOf(c, "aten::add")).isCloseTo(4.5, within(1e-9));
  }

  @Test
  void chargesAreLimitedToTheIdleTimeThatIsThere() {
    EventTable raw = EventTable.read(step().write(dir.resolve("t.json"), cost(2, 0.5)));
    EventTable c = raw.compensated(raw.profilerCost);
    // E starts 0.2 µs after F ends: only 0.2 of its 1.5 can come off before it; its 0.3 µs span
    // holds 0.3 of the 0.5 in-span share at most
    assertThat(tsOf(c, "E") - (tsOf(c, "F") + durOf(c, "F"))).isCloseTo(0, within(1e-9));
    assertThat(durOf(c, "E")).isCloseTo(0, within(1e-9));
    assertThat(durOf(c, "F")).isCloseTo(11.1, within(1e-9));
  }

  @Test
  void stepsAndPhasesLoseTheCostOfTheOpsInsideThem() {
    EventTable raw = EventTable.read(step().write(dir.resolve("t.json"), cost(2, 0.5)));
    EventTable c = raw.compensated(raw.profilerCost);
    // inside forward (210-260): A, B, C and D in full (8) and the 0.2 before F (it starts 0.2
    // after D ends); F's in-span share is charged at its end, 261.8: outside
    double forward = 0;
    for (int i = 0; i < c.size; i++) {
      if (c.kind[i] == EventTable.CPU_PHASE) {
        forward = c.dur[i];
      }
    }
    assertThat(forward).isCloseTo(50 - 8 - 0.2, within(1e-9));
    // step 2 holds every charge: 8 + F (0.2 + 0.5) + E (0.2 + 0.3)
    EventTable.Marker step2 = c.markers.get(2);
    assertThat(step2.dur()).isCloseTo(100 - 9.2, within(1e-9));
    assertThat(c.markers.get(3).ts()).isCloseTo(300 - 9.2, within(1e-9));
    assertThat(c.markers.get(1).dur()).isEqualTo(100.0);
  }

  @Test
  void scalingAPhaseShrinksItsOpsAlikeAndShiftsWhatFollows() {
    EventTable t = EventTable.read(step().write(dir.resolve("t.json"), cost(2, 0.5)));
    EventTable half = t.scaledPhases(java.util.Map.of("forward", 0.5, "backward", 2.0));
    assertThat(durOf(half, "A")).isCloseTo(15, within(1e-9));
    assertThat(durOf(half, "B")).isCloseTo(5, within(1e-9));
    assertThat(tsOf(half, "B")).isCloseTo(210 + (215 - 210) * 0.5, within(1e-9));
    // F starts inside forward (250.2) and ends after it (261.8): only its part inside shrinks
    assertThat(durOf(half, "F")).isCloseTo((260 - 250.2) * 0.5 + 1.8, within(1e-9));
    assertThat(tsOf(half, "E")).isCloseTo(262 - 25, within(1e-9));
    assertThat(half.markers.get(2).dur()).isCloseTo(75, within(1e-9));
    assertThat(half.markers.get(3).ts()).isCloseTo(275, within(1e-9));
    // a factor above 1 is never applied: tracing only adds time
    assertThat(t.scaledPhases(java.util.Map.of("forward", 2.0)).markers.get(2).dur())
        .isEqualTo(100.0);
  }

  @Test
  void theAnalysisScalesPhasesToTheUntracedTimesOfTheSummary() {
    Path trace = step().write(dir.resolve("t.json"), cost(2, 0.5));
    ObjectNode summary = JsonNodeFactory.instance.objectNode();
    // forward, 41.8 µs after the per-op charge (one span in the window), took 5 µs a step untraced
    summary.putObject("composition_ms").put("forward", 0.005);
    JsonNode p = TraceAnalyzer.analyze(trace, ProfileSummary.of(summary)).json();
    JsonNode scale = p.get(TraceAnalyzer.COMPENSATION_KEY).get("phase_scale");
    assertThat(scale.get("forward").asDouble()).isGreaterThan(0).isLessThan(1);
  }

  @Test
  void theProfileSaysWhatWasAppliedAndKeepsTheRawFigures() {
    Path trace = step().write(dir.resolve("t.json"), cost(2, 0.5));
    JsonNode p = TraceAnalyzer.analyze(trace, ProfileSummary.EMPTY).json();
    JsonNode c = p.get(TraceAnalyzer.COMPENSATION_KEY);
    assertThat(c.get("applied").asBoolean()).isTrue();
    assertThat(c.get("per_op_us").asDouble()).isEqualTo(2.0);
    assertThat(c.get("raw").get("mean_kernel_us").asDouble())
        .isGreaterThan(p.get("mean_kernel_us").asDouble());
    JsonNode asRecorded = TraceAnalyzer.analyze(trace, ProfileSummary.EMPTY, false).json();
    assertThat(asRecorded.get(TraceAnalyzer.COMPENSATION_KEY).get("applied").asBoolean()).isFalse();
    assertThat(asRecorded.get("gpu_busy_ms_per_step"))
        .isEqualTo(c.get("raw").get("gpu_busy_ms_per_step"));
  }

  @Test
  void tracesWithoutAValidRecordOrWithGpuKernelsAreReadAsRecorded() {
    Path plain = step().write(dir.resolve("plain.json"));
    assertThat(TraceAnalyzer.analyze(plain).json().has(TraceAnalyzer.COMPENSATION_KEY)).isFalse();
    Path malformed =
        step().write(dir.resolve("bad.json"), cost(1, 3)); // in-span share above the whole
    assertThat(TraceAnalyzer.analyze(malformed).json().has(TraceAnalyzer.COMPENSATION_KEY))
        .isFalse();
    Path gpu = Traces.traceB().write(dir.resolve("gpu.json"), cost(2, 0.5));
    JsonNode p = TraceAnalyzer.analyze(gpu).json();
    assertThat(p.get(TraceAnalyzer.COMPENSATION_KEY).get("applied").asBoolean()).isFalse();
  }

  /**
   * An engine's kernel whose own profiler cost (80 µs) exceeds the time since its step began (5 µs)
   * is charged no more than that: it stays in its step. Charged up to the previous op's end in the
   * step before, it moved out of its step, and an ONNX model read 10 kernels a step in 2 of 8
   * processes where it runs 5.
   */
  @Test
  void anOpIsNeverChargedAcrossTheStartOfItsStep() {
    Traces t = new Traces().markers();
    for (int base : new int[] {100, 200, 300, 400}) {
      t.x("cpu_op", "Conv", base + 5, 10).ownCost(80);
      t.x("cpu_op", "Gemm", base + 50, 5).ownCost(1);
    }
    JsonNode p =
        TraceAnalyzer.analyze(
                t.write(dir.resolve("engine.json"), cost(2, 0.5)), ProfileSummary.EMPTY)
            .json();
    assertThat(p.get(TraceAnalyzer.COMPENSATION_KEY).get("applied").asBoolean()).isTrue();
    assertThat(p.get("launches_per_step").asLong()).isEqualTo(2);
  }
}
