package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.fork.ForkMain;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.InputShape;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.options.Task;
import org.libreyolo.profile.result.Json;

/** One fork of {@code profile infer}: the options the parent wrote, measured in this fresh JVM. */
final class InferFork {
  private InferFork() {}

  /** {@code InferFork <options.json>}: measures once (forks 1) into the options' project. */
  public static void main(String[] args) {
    ForkMain.guard(() -> InferProfiler.run(read(Path.of(args[0])), Progress.NONE));
  }

  /** The options a fork runs: these, in one process, into {@code project}, traced or not. */
  static void write(InferOptions o, Path project, boolean trace, Path file) {
    ObjectNode j = JsonNodeFactory.instance.objectNode();
    j.put("source", o.source() == null ? null : o.source().toAbsolutePath().toString());
    j.put("weights", o.weights());
    j.put("size", o.size());
    j.put("batch", o.batch());
    j.put("imgsz", o.imgsz());
    j.put("half", o.half());
    j.put("amp_dtype", o.ampDtype());
    j.put("warmup", o.warmup());
    j.put("runs", o.runs());
    j.put("conf", o.nms().conf());
    j.put("iou", o.nms().iou());
    j.put("max_det", o.nms().maxDet());
    j.put("device", o.device().label());
    j.put("threads", o.threads());
    j.put("trace", trace);
    j.put("project", project.toAbsolutePath().toString());
    j.put("task", o.task().name());
    j.put("input_shape", o.inputShape() == null ? null : o.inputShape().toString());
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, Json.indented(j));
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot write the fork's options " + file + ": " + e.getMessage(), e);
    }
  }

  static InferOptions read(Path file) {
    JsonNode j;
    try {
      j = Json.MAPPER.readTree(file.toFile());
    } catch (IOException e) {
      throw LibreYoloException.badInput(
          "cannot read the fork's options " + file + ": " + e.getMessage(), e);
    }
    return InferOptions.builder()
        .source(j.path("source").isTextual() ? Path.of(j.get("source").asText()) : null)
        .weights(j.path("weights").isTextual() ? j.get("weights").asText() : null)
        .size(j.path("size").isTextual() ? j.get("size").asText() : null)
        .batch(j.path("batch").asInt())
        .imgsz(j.path("imgsz").asInt())
        .half(j.path("half").asBoolean())
        .ampDtype(j.path("amp_dtype").asText())
        .warmup(j.path("warmup").asInt())
        .runs(j.path("runs").asInt())
        .nms(
            new NmsOptions(
                (float) j.path("conf").asDouble(),
                (float) j.path("iou").asDouble(),
                j.path("max_det").asInt()))
        .device(DeviceSpec.parse(j.path("device").asText()))
        .threads(j.path("threads").asInt())
        .trace(j.path("trace").asBoolean())
        .project(Path.of(j.path("project").asText()))
        .task(Task.valueOf(j.path("task").asText()))
        .inputShape(
            j.path("input_shape").isTextual()
                ? InputShape.parse(j.get("input_shape").asText())
                : null)
        .forks(1)
        .build();
  }
}
