package org.libreyolo.profile.internal.capture;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.internal.analysis.TraceAnalyzer;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.weights.Detectors;
import org.libreyolo.profile.result.Json;

class CaptureSessionTest {
  /** Java spans and profiler ops are aligned on an anchor op to within a few µs. */
  static final double ALIGNMENT_US = 10;

  @TempDir Path dir;

  @Test
  void mergedTraceIsAWellFormedKinetoTraceWithStepsPhasesAndOps() throws Exception {
    TestEngine.boot();
    Path trace = dir.resolve("profile_trace.json");
    try (Yolo9Detector detector = Detectors.randomInit(Yolo9Size.T, 80, Device.cpu(), 0);
        CaptureSession session =
            CaptureSession.start(CaptureOptions.tracing(trace)).firstStepNumber(3)) {
      for (int i = 0; i < 5; i++) {
        session.nextStep();
        try (NDManager sub = detector.manager().newSubManager()) {
          try (Span s = session.phase("preprocess")) {
            sub.ones(new Shape(1, 3, 64, 64)).mul(2f);
          }
          try (Span s = session.phase("forward")) {
            detector.forward(sub.ones(new Shape(1, 3, 64, 64)));
          }
        }
      }
      assertThat(session.stop()).isEqualTo(trace);
    }
    JsonNode root = Json.MAPPER.readTree(trace.toFile());
    List<JsonNode> complete = new ArrayList<>();
    Map<String, Integer> names = new HashMap<>();
    for (JsonNode e : root.get("traceEvents")) {
      assertThat(e.get("pid").isInt()).isTrue();
      assertThat(e.get("tid").isInt()).isTrue();
      if (e.get("ph").asText().equals("X")) {
        assertThat(e.get("ts").isNumber()).isTrue();
        assertThat(e.get("dur").isNumber()).isTrue();
        complete.add(e);
        names.merge(e.get("name").asText(), 1, Integer::sum);
      }
    }
    assertThat(names)
        .containsEntry("ProfilerStep#3", 1)
        .containsEntry("ProfilerStep#7", 1)
        .containsEntry("step/forward", 5)
        .containsEntry("step/preprocess", 5);
    assertProperlyNested(complete);
    // shapes on the two cold steps only; every op of the restarted segment still sits in its step
    Map<String, double[]> steps = new HashMap<>();
    for (JsonNode e : complete) {
      if (e.get("name").asText().startsWith("ProfilerStep#")) {
        double ts = e.get("ts").asDouble();
        steps.put(e.get("name").asText(), new double[] {ts, ts + e.get("dur").asDouble()});
      }
    }
    // the clocks are aligned on anchor ops to within the bound the trace records (half the wider
    // anchor bracket, a few µs on a quiet machine, more when a busy neighbour preempts every try)
    assertThat(root.has("libreyolo_clock_alignment_us")).isTrue();
    double tolerance =
        Math.max(ALIGNMENT_US, root.get("libreyolo_clock_alignment_us").asDouble() + 1);
    int[] withShapes = new int[5];
    int[] ops = new int[5];
    for (JsonNode e : complete) {
      if (!e.get("cat").asText().equals("cpu_op")) {
        continue;
      }
      double ts = e.get("ts").asDouble();
      int step = -1;
      for (int i = 0; i < 5; i++) {
        double[] span = steps.get("ProfilerStep#" + (3 + i));
        if (ts >= span[0] - tolerance && ts + e.get("dur").asDouble() <= span[1] + tolerance) {
          step = i;
        }
      }
      if (step < 0) {
        double nearest = Double.MAX_VALUE;
        for (double[] span : steps.values()) {
          nearest =
              Math.min(
                  nearest,
                  Math.min(
                      Math.abs(ts - span[0]), Math.abs(ts + e.get("dur").asDouble() - span[1])));
        }
        assertThat(step)
            .as(
                "op %s at %s (µs, %s µs from the nearest step edge) lies inside a step",
                e.get("name").asText(), ts, nearest)
            .isNotNegative();
      }
      ops[step]++;
      if (e.get("args").has("Input Dims")) {
        withShapes[step]++;
      }
    }
    assertThat(java.util.Arrays.stream(ops).min().getAsInt()).isGreaterThan(100);
    assertThat(withShapes[0]).isPositive();
    assertThat(withShapes[1]).isPositive();
    assertThat(withShapes[2] + withShapes[3] + withShapes[4]).isZero();
    assertThat(dir.toFile().list()).containsExactly("profile_trace.json");

    JsonNode profile = TraceAnalyzer.analyze(trace).json();
    // 5 markers: the window runs from marker 2 to marker 4, so it holds two steps
    assertThat(profile.get("window").get("real_steps").asInt()).isEqualTo(2);
    List<String> phases = new ArrayList<>();
    profile.get("phases").forEach(p -> phases.add(p.get("phase").asText()));
    assertThat(phases).startsWith("preprocess", "forward");
    assertThat(profile.get("metrics").get("forward_ops").asInt()).isGreaterThan(100);
    assertThat(profile.get("kernel_source").asText()).isEqualTo("cpu-leaf-ops");
  }

  /**
   * On every (pid, tid) track, events either nest or are disjoint: what trace viewers require
   * (back-to-back events may share an endpoint up to float rounding).
   */
  static void assertProperlyNested(List<JsonNode> events) {
    Map<String, List<double[]>> tracks = new HashMap<>();
    for (JsonNode e : events) {
      tracks
          .computeIfAbsent(e.get("pid") + "/" + e.get("tid"), k -> new ArrayList<>())
          .add(
              new double[] {
                e.get("ts").asDouble(), e.get("ts").asDouble() + e.get("dur").asDouble()
              });
    }
    for (List<double[]> track : tracks.values()) {
      track.sort(Comparator.<double[]>comparingDouble(a -> a[0]).thenComparing(a -> -a[1]));
      List<double[]> stack = new ArrayList<>();
      for (double[] e : track) {
        while (!stack.isEmpty() && stack.get(stack.size() - 1)[1] <= e[0] + 1e-6) {
          stack.remove(stack.size() - 1);
        }
        if (!stack.isEmpty()) {
          assertThat(e[1])
              .as("event [%s, %s] overlaps its parent's end", e[0], e[1])
              .isLessThanOrEqualTo(stack.get(stack.size() - 1)[1] + 1e-3);
        }
        stack.add(e);
      }
    }
  }

  @Test
  void disabledSessionRecordsNothingAndWritesNothing() {
    CaptureSession session = CaptureSession.start(CaptureOptions.off());
    session.nextStep();
    assertThat(session.phase("forward")).isSameAs(Span.NONE);
    assertThat(session.stop()).isNull();
    assertThat(dir.toFile().list()).isEmpty();
  }

  @Test
  void cpuMemoryStringsBecomeBytes() {
    assertThat(KinetoTraceWriter.memoryBytes("0 b")).isZero();
    assertThat(KinetoTraceWriter.memoryBytes("25.00 Kb")).isEqualTo(25_600);
    assertThat(KinetoTraceWriter.memoryBytes("-2.00 Mb")).isEqualTo(-2_097_152);
    assertThat(KinetoTraceWriter.memoryBytes("garbage")).isZero();
  }
}
