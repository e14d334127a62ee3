package org.libreyolo.profile.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.produce.DeployedModel;
import org.libreyolo.profile.produce.StepOptions;

/**
 * A third engine written against the public seam alone, as a module of its own would be: a model
 * the user loads ({@link DotModel}, dot products in plain Java), its runtime registered as a
 * service (this module's test resources), its own profiler recording each call. A traced step that
 * runs the model names the engine in the profile's environment and has the engine's ops in its
 * trace, beside the step's own; nothing in the library names this engine.
 */
class ThirdEngineTest {
  @TempDir Path dir;

  @Test
  void aThirdEnginesModelIsNamedInTheEnvironmentAndItsOpsJoinTheTrace() throws Exception {
    DotModel model = new DotModel(dir.resolve("dot.model"), 20_000);
    StepOptions o =
        StepOptions.builder("dot", "dot-model")
            .warmup(2)
            .runs(5)
            .trace(true)
            .runsOn(model)
            .outputDirectory(dir.resolve("out"))
            .build();
    CustomStepProfiler.run(o, (phases, index) -> model.run());

    ObjectMapper json = new ObjectMapper();
    JsonNode profile = json.readTree(dir.resolve("out/profile.json").toFile());
    assertThat(profile.at("/environment/engine").asText()).isEqualTo("dot 1.0");
    JsonNode trace = json.readTree(dir.resolve("out/profile_trace.json").toFile());
    List<JsonNode> ops = new ArrayList<>();
    trace
        .path("traceEvents")
        .forEach(
            e ->
                (e.path("name").asText().equals("dot::product") ? ops : new ArrayList<JsonNode>())
                    .add(e));
    // every traced call of the model, and only those: the profiler runs around the traced steps
    assertThat(ops).isNotEmpty().hasSize(model.profiledCalls);
    assertThat(ops).allMatch(e -> e.path("dur").asDouble() > 0);
    assertThat(ops.get(0).at("/args/length").asInt()).isEqualTo(20_000);
    assertThat(model.profiling).isFalse();
  }

  /** The user's model: a dot product of two vectors, with its engine's profiling hook. */
  static final class DotModel implements DeployedModel {
    private final Path file;
    private final double[] a;
    private final double[] b;
    private final List<long[]> calls = new ArrayList<>();
    boolean profiling;
    int profiledCalls;
    static volatile double sink;

    DotModel(Path file, int length) {
      this.file = file;
      a = new double[length];
      b = new double[length];
      for (int i = 0; i < length; i++) {
        a[i] = i % 7;
        b[i] = i % 11;
      }
    }

    void run() {
      long start = System.nanoTime();
      double s = 0;
      for (int i = 0; i < a.length; i++) {
        s += a[i] * b[i];
      }
      sink = s;
      if (profiling) {
        calls.add(new long[] {start, System.nanoTime()});
        profiledCalls++;
      }
    }

    @Override
    public Path file() {
      return file;
    }
  }

  /** The engine's runtime: found by the service file, ranked above libtorch for its models. */
  public static final class DotRuntime implements ModelRuntime<DotModel> {
    @Override
    public String name() {
      return "dot";
    }

    @Override
    public int rank() {
      return 10;
    }

    @Override
    public Class<DotModel> modelType() {
      return DotModel.class;
    }

    @Override
    public String environmentEngine() {
      return "dot 1.0";
    }

    @Override
    public String label() {
      return "dot 1.0";
    }

    @Override
    public EngineProfiler profiler(DotModel m) {
      return new EngineProfiler() {
        @Override
        public void start(Path folder) {
          m.calls.clear();
          m.profiling = true;
        }

        @Override
        public List<EngineOp> stop(TraceClock clock) {
          m.profiling = false;
          return m.calls.stream()
              .map(
                  c ->
                      new EngineOp(
                          "dot::product",
                          clock.traceUs(c[0]),
                          clock.traceUs(c[1]) - clock.traceUs(c[0]),
                          JsonNodeFactory.instance.objectNode().put("length", m.a.length),
                          Double.NaN))
              .toList();
        }
      };
    }
  }
}
