package org.libreyolo.profile.internal.runtime.onnx;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.trace.TraceConventions;
import org.libreyolo.profile.internal.trace.TraceReader;
import org.libreyolo.profile.runtime.EngineOp;

/**
 * ONNX Runtime's profiler output as the trace's ops (docs/onnx.md): a Chrome-trace JSON array whose
 * {@code Node} events named {@code <node>_kernel_time} are the kernels (op type in {@code
 * args.op_name}, shapes in {@code args.input_type_shape}), and whose {@code Session} events named
 * {@code model_run} bracket each run. Its {@code ts} counts from when profiling started, on ONNX
 * Runtime's own clock: each run's events are placed by centring its {@code model_run} in the Java
 * bracket around that {@code session.run} call, so no clock drift accumulates across runs.
 */
public final class OnnxRuntimeProfile {
  private OnnxRuntimeProfile() {}

  private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER =
      new com.fasterxml.jackson.databind.ObjectMapper();

  /** The event name suffix of a kernel. */
  static final String KERNEL = "_kernel_time";

  private static final String NCHWC = "_nchwc";

  /**
   * Reads ONNX Runtime's profile and places its kernels on the trace's clock; {@code graphWeights}
   * (by node or output name, from the model's graph: {@link OnnxGraph}) add each convolution's
   * weight as the graph declares it ({@code Graph Weight Dims}), where ONNX Runtime ran a padded
   * one.
   *
   * @param file ONNX Runtime's profile
   * @param runsUs per profiled run, its Java bracket {@code [start, end]} in trace µs, in order
   * @param graphWeights convolution weights by node or output name (may be empty)
   */
  public static List<EngineOp> ops(
      Path file, List<double[]> runsUs, java.util.Map<String, long[]> graphWeights, double costUs) {
    return ops(read(file), runsUs, graphWeights, costUs);
  }

  private static JsonNode read(Path file) {
    try (java.io.InputStream in = TraceReader.open(file)) { // plain or gzipped, as traces
      return MAPPER.readTree(in);
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot read ONNX Runtime's profile " + file + ": " + e.getMessage(), e);
    }
  }

  private static List<EngineOp> ops(
      JsonNode events,
      List<double[]> runsUs,
      java.util.Map<String, long[]> graphWeights,
      double costUs) {
    List<double[]> runs = runs(events);
    List<EngineOp> out = new ArrayList<>();
    for (JsonNode e : events) {
      String name = e.path("name").asText("");
      if (!"Node".equals(e.path("cat").asText()) || !name.endsWith(KERNEL)) {
        continue;
      }
      double ts = e.path("ts").asDouble();
      int run = runOf(runs, ts);
      if (run < 0 || run >= runsUs.size()) {
        continue; // outside every bracketed run (the session's own warm-up)
      }
      double offset = mid(runsUs.get(run)) - mid(runs.get(run));
      out.add(
          new EngineOp(
              e.path("args").path("op_name").asText(name),
              ts + offset,
              e.path("dur").asDouble(),
              args(
                  name.substring(0, name.length() - KERNEL.length()), e.path("args"), graphWeights),
              costUs));
    }
    return out;
  }

  /**
   * Whether {@code file} is ONNX Runtime's own profile: a JSON array (plain or gzipped) whose first
   * event is one of its {@code Session} or {@code Node} events (only that first event is read).
   */
  public static boolean isOne(Path file) {
    try (java.io.InputStream in = TraceReader.open(file);
        com.fasterxml.jackson.core.JsonParser p = MAPPER.getFactory().createParser(in)) {
      if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_ARRAY
          || p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
        return false;
      }
      String cat = MAPPER.<JsonNode>readTree(p).path("cat").asText();
      return cat.equals("Session") || cat.equals("Node");
    } catch (IOException e) {
      return false; // not JSON: the trace reader says what it is
    }
  }

  /**
   * ONNX Runtime's profile as a trace in the Kineto conventions the analysis reads: each {@code
   * model_run} a step ({@code ProfilerStep#N}) and its {@code forward} phase, each kernel a {@code
   * cpu_op}, on ONNX Runtime's own clock.
   */
  public static void toTrace(Path file, Path out) {
    JsonNode events = read(file);
    List<double[]> runs = runs(events);
    ObjectNode trace = JsonNodeFactory.instance.objectNode();
    ArrayNode list = trace.putArray("traceEvents");
    for (int i = 0; i < runs.size(); i++) {
      for (String name :
          List.of(
              TraceConventions.STEP_MARKER + "#" + i, TraceConventions.PHASE_PREFIX + "forward")) {
        list.addObject()
            .put("ph", "X")
            .put("cat", TraceConventions.CAT_USER_ANNOTATION)
            .put("name", name)
            .put("pid", 1)
            .put("tid", 2)
            .put("ts", runs.get(i)[0])
            .put("dur", runs.get(i)[1] - runs.get(i)[0]);
      }
    }
    for (EngineOp op : ops(events, runs, java.util.Map.of(), Double.NaN)) {
      ObjectNode e =
          list.addObject()
              .put("ph", "X")
              .put("cat", TraceConventions.CAT_CPU_OP)
              .put("name", op.name())
              .put("pid", 1)
              .put("tid", 1)
              .put("ts", op.ts())
              .put("dur", op.dur());
      e.set("args", op.args());
    }
    try {
      MAPPER.writeValue(out.toFile(), trace);
    } catch (IOException e) {
      throw LibreYoloException.badInput("cannot write " + out + ": " + e.getMessage(), e);
    }
  }

  /** ONNX Runtime's {@code [ts, end]} of each {@code model_run}, in order. */
  private static List<double[]> runs(JsonNode events) {
    List<double[]> runs = new ArrayList<>();
    for (JsonNode e : events) {
      if ("model_run".equals(e.path("name").asText())) {
        double ts = e.path("ts").asDouble();
        runs.add(new double[] {ts, ts + e.path("dur").asDouble()});
      }
    }
    runs.sort((x, y) -> Double.compare(x[0], y[0]));
    return runs;
  }

  private static int runOf(List<double[]> runs, double ts) {
    for (int i = 0; i < runs.size(); i++) {
      if (ts >= runs.get(i)[0] && ts <= runs.get(i)[1]) {
        return i;
      }
    }
    return -1;
  }

  private static double mid(double[] range) {
    return (range[0] + range[1]) / 2;
  }

  /**
   * The op's args in the trace's conventions: {@code Input Dims} as torch.profiler writes them (one
   * shape per input), the node's name, its provider and sizes.
   */
  static ObjectNode args(String node, JsonNode ort, java.util.Map<String, long[]> graphWeights) {
    ObjectNode a = JsonNodeFactory.instance.objectNode();
    a.put("node", node);
    // a blocked (NCHWc) kernel is named after the output of the node it replaced, + "_nchwc"
    long[] weight = graphWeights.get(node);
    if (weight == null && node.endsWith(NCHWC)) {
      weight = graphWeights.get(node.substring(0, node.length() - NCHWC.length()));
    }
    if (weight != null) {
      ArrayNode w = a.putArray("Graph Weight Dims");
      for (long d : weight) {
        w.add(d);
      }
    }
    a.put("provider", ort.path("provider").asText(""));
    ArrayNode dims = a.putArray("Input Dims");
    for (JsonNode input : ort.path("input_type_shape")) {
      var values = input.elements();
      dims.add(values.hasNext() ? values.next() : JsonNodeFactory.instance.arrayNode());
    }
    ArrayNode outputs = a.putArray("Output Dims");
    for (JsonNode output : ort.path("output_type_shape")) {
      var values = output.elements();
      outputs.add(values.hasNext() ? values.next() : JsonNodeFactory.instance.arrayNode());
    }
    for (String size : List.of("activation_size", "parameter_size", "output_size")) {
      if (ort.has(size)) {
        a.put(size, ort.path(size).asLong());
      }
    }
    return a;
  }
}
