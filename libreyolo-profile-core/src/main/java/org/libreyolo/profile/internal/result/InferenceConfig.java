package org.libreyolo.profile.internal.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * What {@code profile infer} measured, its profile's {@code config} (the summary's {@code meta}):
 * the reference's keys in its order, then ours (docs/profile-schema.md). One mapping of fields to
 * keys for writing ({@link #json}) and reading back ({@link #of}: a fork's, for the forked
 * profile).
 *
 * @param model the weights as the user named them
 * @param batch images per forward pass
 * @param imgsz the input size
 * @param half CUDA autocast of the forward pass
 * @param ampDtype autocast's type
 * @param device the device's label
 * @param conf the confidence threshold
 * @param iou the NMS IoU threshold
 * @param maxDet detections kept per image
 * @param weights the weights as resolved (a file, a built-in, random-init)
 * @param engine the engine that ran the model where it is not libtorch, else null
 * @param size the model size ({@code ?} for an export)
 * @param params the model's parameters (-1 when it does not say)
 * @param threads the engine's intra-op threads
 * @param warmup warmup iterations
 * @param runs measured iterations per process
 * @param trace whether a trace was recorded
 * @param task what ran after the forward pass: {@code detect} (decode and NMS) or {@code none}
 * @param inputShape the network input, NxCxHxW
 * @param traceSteps the traced iterations (0 without a trace)
 * @param source what was fed (the workload's identity for the gate)
 * @param weightsSha256 the weights file's hash, or null where no file ran
 * @param forks the processes measured, or null for one
 */
public record InferenceConfig(
    String model,
    int batch,
    int imgsz,
    boolean half,
    String ampDtype,
    String device,
    double conf,
    double iou,
    int maxDet,
    String weights,
    String engine,
    String size,
    long params,
    int threads,
    int warmup,
    int runs,
    boolean trace,
    String task,
    String inputShape,
    int traceSteps,
    String source,
    String weightsSha256,
    Integer forks) {

  /** The mode an inference profile names. */
  public static final String MODE = "inference";

  /**
   * {@return the same configuration measured in {@code n} processes}
   *
   * @param n the forks
   */
  public InferenceConfig withForks(int n) {
    return new InferenceConfig(
        model,
        batch,
        imgsz,
        half,
        ampDtype,
        device,
        conf,
        iou,
        maxDet,
        weights,
        engine,
        size,
        params,
        threads,
        warmup,
        runs,
        trace,
        task,
        inputShape,
        traceSteps,
        source,
        weightsSha256,
        n);
  }

  /** {@return {@code config} as the profile stores it} */
  public ObjectNode json() {
    ObjectNode c = JsonNodeFactory.instance.objectNode();
    c.put(ProfileSchema.MODEL, model);
    c.put(ProfileSchema.BATCH, batch);
    c.put(ProfileSchema.IMGSZ, imgsz);
    c.put(ProfileSchema.HALF, half);
    c.put(ProfileSchema.AMP_DTYPE, ampDtype);
    c.put(ProfileSchema.DEVICE, device);
    c.put(ProfileSchema.CONF, conf);
    c.put(ProfileSchema.IOU, iou);
    c.put(ProfileSchema.MAX_DET, maxDet);
    c.put(ProfileSchema.MODE, MODE);
    // ours: what the reference leaves implicit
    c.put(ProfileSchema.WEIGHTS, weights);
    if (engine != null) {
      c.put(ProfileSchema.ENGINE, engine);
    }
    c.put(ProfileSchema.SIZE, size);
    c.put(ProfileSchema.PARAMS, params);
    c.put(ProfileSchema.THREADS, threads);
    c.put(ProfileSchema.WARMUP, warmup);
    c.put(ProfileSchema.RUNS, runs);
    c.put(ProfileSchema.TRACE, trace);
    c.put(ProfileSchema.TASK, task);
    c.put(ProfileSchema.INPUT_SHAPE, inputShape);
    c.put(ProfileSchema.TRACE_STEPS, traceSteps);
    c.put(ProfileSchema.SOURCE, source);
    if (weightsSha256 != null) {
      c.put(ProfileSchema.WEIGHTS_SHA256, weightsSha256);
    }
    if (forks != null) {
      c.put(ProfileSchema.FORKS, forks);
    }
    return c;
  }

  /**
   * {@return the configuration {@link #json} wrote}
   *
   * @param c a {@code config} this record wrote
   */
  public static InferenceConfig of(JsonNode c) {
    return new InferenceConfig(
        Json.text(c.get(ProfileSchema.MODEL)),
        c.path(ProfileSchema.BATCH).asInt(),
        c.path(ProfileSchema.IMGSZ).asInt(),
        c.path(ProfileSchema.HALF).asBoolean(),
        Json.text(c.get(ProfileSchema.AMP_DTYPE)),
        Json.text(c.get(ProfileSchema.DEVICE)),
        c.path(ProfileSchema.CONF).asDouble(),
        c.path(ProfileSchema.IOU).asDouble(),
        c.path(ProfileSchema.MAX_DET).asInt(),
        Json.text(c.get(ProfileSchema.WEIGHTS)),
        Json.text(c.get(ProfileSchema.ENGINE)),
        Json.text(c.get(ProfileSchema.SIZE)),
        c.path(ProfileSchema.PARAMS).asLong(),
        c.path(ProfileSchema.THREADS).asInt(),
        c.path(ProfileSchema.WARMUP).asInt(),
        c.path(ProfileSchema.RUNS).asInt(),
        c.path(ProfileSchema.TRACE).asBoolean(),
        Json.text(c.get(ProfileSchema.TASK)),
        Json.text(c.get(ProfileSchema.INPUT_SHAPE)),
        c.path(ProfileSchema.TRACE_STEPS).asInt(),
        Json.text(c.get(ProfileSchema.SOURCE)),
        Json.text(c.get(ProfileSchema.WEIGHTS_SHA256)),
        c.path(ProfileSchema.FORKS).isInt() ? c.get(ProfileSchema.FORKS).asInt() : null);
  }
}
