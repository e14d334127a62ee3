package org.libreyolo.profile.internal.analysis;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.trace.TraceConventions;
import org.libreyolo.profile.result.Json;

/**
 * The framework ops of a trace's first traced step, where the producers record input shapes and
 * tensor memory (a cold step the analysis window skips): what the exact counters ({@link
 * ShapeWork}, {@link TensorMemory}) are counted from. Ops are in start order, an enclosing op
 * before the ops it contains.
 *
 * @param ops the step's {@code cpu_op} events
 */
public record FirstTracedStep(List<Op> ops) {
  /**
   * One op.
   *
   * @param args its {@code args} (an empty object when it has none)
   */
  public record Op(String name, double ts, double end, String tid, JsonNode args) {
    boolean contains(Op other) {
      return tid.equals(other.tid) && ts <= other.ts && end >= other.end;
    }

    /** Its {@code Input Dims}, or null when the step recorded no shapes. */
    public JsonNode dims() {
      return args.get("Input Dims");
    }

    /**
     * Its {@code cpu mem}: net bytes allocated minus freed inside it, children included (0 when the
     * step recorded no memory).
     */
    public long memoryBytes() {
      return args.path("cpu mem").asLong(0);
    }

    /** Its {@code Output Dims} where the engine records them (ONNX Runtime), else null. */
    public JsonNode outputDims() {
      return args.get("Output Dims");
    }

    /**
     * A convolution's weight shape as the model's graph declares it, where the engine ran a padded
     * one (ONNX Runtime's blocked layout), else null.
     */
    public JsonNode graphWeightDims() {
      return args.get("Graph Weight Dims");
    }
  }

  private static final JsonNode NO_ARGS = JsonNodeFactory.instance.objectNode();

  /** Reads the first {@code ProfilerStep#} of {@code trace}; its ops list is empty without one. */
  public static FirstTracedStep of(Path trace) {
    List<Op> ops = new ArrayList<>();
    double stepStart = Double.NaN;
    double stepEnd = Double.NaN;
    try (InputStream in = Files.newInputStream(trace);
        JsonParser p = Json.MAPPER.getFactory().createParser(in)) {
      while (p.nextToken() != null) {
        if (p.currentToken() == JsonToken.FIELD_NAME && "traceEvents".equals(p.currentName())) {
          p.nextToken();
          while (p.nextToken() == JsonToken.START_OBJECT) {
            JsonNode e = p.readValueAsTree();
            String name = e.path("name").asText("");
            double ts = e.path("ts").asDouble();
            if (name.startsWith(TraceConventions.STEP_MARKER + "#")
                && (Double.isNaN(stepStart) || ts < stepStart)) {
              stepStart = ts;
              stepEnd = ts + e.path("dur").asDouble();
            } else {
              // most ops of the later steps record nothing: they share one empty node, so a
              // long trace's steps are not all kept as trees
              JsonNode args = e.get("args") instanceof ObjectNode a && !a.isEmpty() ? a : NO_ARGS;
              if (args.has("Input Dims")
                  || TraceConventions.CAT_CPU_OP.equals(e.path("cat").asText())) {
                ops.add(
                    new Op(
                        name, ts, ts + e.path("dur").asDouble(), e.path("tid").asText(""), args));
              }
            }
          }
        }
      }
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot read the trace " + trace + ": " + e.getMessage(), e);
    }
    final double from = stepStart;
    final double to = stepEnd;
    return new FirstTracedStep(
        ops.stream()
            .filter(op -> op.ts() >= from && op.ts() <= to)
            .sorted(
                Comparator.comparingDouble(Op::ts)
                    .thenComparing(Comparator.comparingDouble(Op::end).reversed()))
            .toList());
  }
}
