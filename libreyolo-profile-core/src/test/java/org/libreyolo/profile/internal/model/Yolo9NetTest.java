package org.libreyolo.profile.internal.model;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Parameter;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.libreyolo.profile.TestEngine;

class Yolo9NetTest {
  @BeforeAll
  static void boot() {
    TestEngine.boot();
  }

  @ParameterizedTest(name = "{0} nc={1} -> {2} parameters")
  @CsvSource({
    "T, 80, 2036544", "S, 80, 7226192", "M, 80, 20123984", "C, 80, 25498736",
    "T, 1, 1913427", "T, 3, 1913817", "T, 20, 1917132", "S, 3, 7196393"
  })
  void parameterCountsMatchUpstream(Yolo9Size size, int nc, long expected) {
    assertThat(new Yolo9Net(size, nc).parameterCount()).isEqualTo(expected);
  }

  @Test
  void parameterNamesAndShapesMatchTheUpstreamStateDict() throws IOException {
    Map<String, String> upstream = new LinkedHashMap<>();
    for (String line : Files.readAllLines(TestEngine.fixture("yolo9t-state-dict.txt"))) {
      if (line.startsWith("#") || line.isBlank() || line.contains("num_batches_tracked")) {
        continue;
      }
      String[] parts = line.split("\t");
      upstream.put(parts[0], parts[1].replace(" ", ""));
    }
    Map<String, String> ours = new LinkedHashMap<>();
    for (Map.Entry<String, Parameter> e :
        new Yolo9Net(Yolo9Size.T, 80).namedParameters().entrySet()) {
      List<String> dims = new ArrayList<>();
      for (long d : e.getValue().getShape().getShape()) {
        dims.add(Long.toString(d));
      }
      ours.put(e.getKey(), "[" + String.join(",", dims) + "]");
    }
    assertThat(ours).hasSize(1117).containsExactlyEntriesOf(upstream);
  }

  @Test
  void blockParameterCountsMatchTheTable() {
    Map<String, Parameter> params = new Yolo9Net(Yolo9Size.T, 80).namedParameters();
    assertThat(trainable(params, "backbone.elan2.")).isEqualTo(65_216);
    assertThat(trainable(params, "backbone.spp.")).isEqualTo(41_344);
    assertThat(trainable(params, "neck.elan_up1.")).isEqualTo(158_112);
    assertThat(trainable(params, "head.")).isEqualTo(598_128);
    Map<String, Parameter> c = new Yolo9Net(Yolo9Size.C, 80).namedParameters();
    assertThat(trainable(c, "backbone.down2.")).isEqualTo(164_352);
  }

  private static long trainable(Map<String, Parameter> params, String prefix) {
    return params.entrySet().stream()
        .filter(e -> e.getKey().startsWith(prefix) && !e.getKey().contains("running_"))
        .mapToLong(e -> e.getValue().getShape().size())
        .sum();
  }

  @ParameterizedTest(name = "{0}: {1} GFLOPs at 640")
  @CsvSource({"T, 7.79", "S, 26.71", "M, 76.80", "C, 102.82"})
  void gflopsAt640MatchUpstream(Yolo9Size size, double expected) {
    try (Yolo9Detector detector = new Yolo9Detector(size, 80, Device.cpu(), "random-init")) {
      double gflops = 2.0 * detector.macs(640, 640) / 1e9;
      assertThat(gflops).isCloseTo(expected, org.assertj.core.data.Offset.offset(0.005));
    }
  }

  @Test
  void outputShapesForSquareAndNonSquareInputs() {
    try (Yolo9Detector detector = new Yolo9Detector(Yolo9Size.T, 80, Device.cpu(), "random-init");
        NDManager sub = detector.manager().newSubManager()) {
      NDList out = detector.forward(sub.zeros(new Shape(2, 3, 256, 384)));
      assertThat(out.get(0).getShape()).isEqualTo(new Shape(2, 84, 32 * 48 + 16 * 24 + 8 * 12));
      assertThat(out.get(1).getShape()).isEqualTo(new Shape(2, 144, 32, 48));
      assertThat(out.get(3).getShape()).isEqualTo(new Shape(2, 144, 8, 12));
    }
  }
}
