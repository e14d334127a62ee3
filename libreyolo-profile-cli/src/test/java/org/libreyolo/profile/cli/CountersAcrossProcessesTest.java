package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.libreyolo.profile.internal.fork.Forks;
import org.libreyolo.profile.result.Json;

/**
 * The counters the gate calls exact give one value for one step in 10 fresh processes (two at a
 * time, so half of them run beside another): the built-in LibreYOLO9t, a TorchScript model, an ONNX
 * model, a plain-Java step. The counters with a margin (tensor memory, allocation) stay inside it.
 * Prints the table docs/statistics.md quotes. A study (40 fresh JVMs, 2.4 minutes on the 2-core
 * VM): {@code mvn verify -Pstudies} runs it, not every build.
 */
@Tag("study")
class CountersAcrossProcessesTest {
  static final int PROCESSES = 10;

  @TempDir Path dir;

  private static Path fixture(String kind, String name) {
    return Path.of("..", "libreyolo-profile-core/src/test/resources/fixtures", kind, name)
        .toAbsolutePath()
        .normalize();
  }

  private List<String> args(String kind, Path project) {
    List<String> a =
        new ArrayList<>(
            List.of(
                "profile",
                "infer",
                "--forks",
                "1",
                "--device",
                "cpu",
                "--threads",
                "1",
                "--imgsz",
                "64",
                "--warmup",
                "1",
                "--runs",
                "4",
                "--project",
                project.toString()));
    switch (kind) {
      case "torchscript" ->
          a.addAll(
              List.of(
                  "--weights",
                  fixture("torchscript", "global_pool_classifier.torchscript").toString()));
      case "onnx" ->
          a.addAll(List.of("--weights", fixture("onnx", "global_pool_classifier.onnx").toString()));
      default -> {}
    }
    return a;
  }

  /** One fresh JVM measuring {@code kind}; returns its profile. */
  private JsonNode measure(String kind, int k) throws Exception {
    Path project = dir.resolve(kind + "-" + k);
    Forks.Jvm jvm = Forks.Jvm.current();
    if ("java".equals(kind)) {
      Forks.run(
          jvm,
          PlainStepMain.class.getName(),
          List.of(project.toString()),
          dir.resolve(kind + "-" + k + ".log"),
          "process " + k);
      return Json.MAPPER.readTree(project.resolve("profile.json").toFile());
    }
    Forks.run(
        jvm,
        Main.class.getName(),
        args(kind, project),
        dir.resolve(kind + "-" + k + ".log"),
        "process " + k);
    return Json.MAPPER.readTree(project.resolve("infer/profile.json").toFile());
  }

  /** The counters of one profile, by name: exact ones first. */
  static Map<String, Long> exact(JsonNode p) {
    Map<String, Long> c = new TreeMap<>();
    if (p.has("launches_per_step") && !p.path("trace").isNull()) {
      c.put("leaf ops/step", p.path("launches_per_step").asLong());
    }
    for (JsonNode ph : p.path("phases")) {
      if (ph.has("ops_per_step") && !ph.path("ops_per_step").isNull()) {
        c.put("ops/step " + ph.path("phase").asText(), ph.path("ops_per_step").asLong());
      }
    }
    p.path("work")
        .fields()
        .forEachRemaining(e -> c.put("work " + e.getKey(), e.getValue().asLong()));
    return c;
  }

  static Map<String, Long> margined(JsonNode p) {
    Map<String, Long> c = new TreeMap<>();
    p.path("tensor_memory")
        .fields()
        .forEachRemaining(e -> c.put("tensor " + e.getKey(), e.getValue().asLong()));
    if (p.path("allocation").has("bytes_per_iteration")) {
      c.put(
          "allocation bytes/iteration", p.path("allocation").path("bytes_per_iteration").asLong());
    }
    return c;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"yolo", "torchscript", "onnx", "java"})
  void theCountersAreOneValueInTenFreshProcesses(String kind) throws Exception {
    List<JsonNode> profiles = new ArrayList<>();
    ExecutorService two = Executors.newFixedThreadPool(2);
    try {
      List<Future<JsonNode>> runs = new ArrayList<>();
      for (int k = 0; k < PROCESSES; k++) {
        int index = k;
        runs.add(two.submit(() -> measure(kind, index)));
      }
      for (Future<JsonNode> f : runs) {
        profiles.add(f.get());
      }
    } finally {
      two.shutdownNow();
    }
    Map<String, List<Long>> exact = new LinkedHashMap<>();
    Map<String, List<Long>> margined = new LinkedHashMap<>();
    for (JsonNode p : profiles) {
      exact(p).forEach((name, v) -> exact.computeIfAbsent(name, n -> new ArrayList<>()).add(v));
      margined(p)
          .forEach((name, v) -> margined.computeIfAbsent(name, n -> new ArrayList<>()).add(v));
    }
    exact.forEach(
        (name, values) ->
            System.out.println(
                "[counters] " + kind + " | " + name + " | " + values.stream().distinct().toList()));
    margined.forEach(
        (name, values) ->
            System.out.println(
                "[counters] "
                    + kind
                    + " | "
                    + name
                    + " | "
                    + values.stream().mapToLong(Long::longValue).min().orElse(0)
                    + ".."
                    + values.stream().mapToLong(Long::longValue).max().orElse(0)));
    assertThat(exact.isEmpty() && margined.isEmpty()).as("%s has counters", kind).isFalse();
    exact.forEach(
        (name, values) -> {
          assertThat(values).as("%s: %s in %d processes", kind, name, PROCESSES).hasSize(PROCESSES);
          assertThat(values.stream().distinct().toList())
              .as("%s: %s is one value in %d fresh processes", kind, name, PROCESSES)
              .hasSize(1);
        });
    // the gate's margins (OpCounts): tensor memory 1% and 4 KB, allocation 5% and 64 bytes
    margined.forEach(
        (name, values) -> {
          long min = values.stream().mapToLong(Long::longValue).min().orElseThrow();
          long max = values.stream().mapToLong(Long::longValue).max().orElseThrow();
          double fraction = name.startsWith("tensor") ? 0.01 : 0.05;
          long bytes = name.startsWith("tensor") ? 4096 : 64;
          assertThat(max - min <= bytes || max - min <= fraction * min)
              .as("%s: %s spread %d..%d inside the gate's margin", kind, name, min, max)
              .isTrue();
        });
  }
}
