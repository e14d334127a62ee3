package org.libreyolo.profile.internal.result;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * What {@code profile run} measured, its profile's {@code config} (the summary's {@code meta}): the
 * reference's trainer meta in its order, then ours (docs/profile-schema.md).
 *
 * @param model the model tag
 * @param device the device's label
 * @param batch the micro-batch
 * @param imgsz the input size
 * @param amp whether AMP was asked for (recorded; DJL 0.36 has no autocast)
 * @param workers data-loading threads
 * @param weights the weights that ran
 * @param size the model size
 * @param params the model's parameters
 * @param nc its classes
 * @param threads the engine's intra-op threads
 * @param data the dataset
 * @param warmup warmup steps
 * @param steps measured steps
 * @param traceSteps the traced steps
 * @param batchAuto whether the batch was fitted to the device
 */
public record TrainingConfig(
    String model,
    String device,
    int batch,
    int imgsz,
    boolean amp,
    int workers,
    String weights,
    String size,
    long params,
    int nc,
    int threads,
    String data,
    int warmup,
    int steps,
    int traceSteps,
    boolean batchAuto) {

  /** The autocast type the reference's trainer names. */
  static final String AMP_DTYPE = "float16";

  /** {@return {@code config} as the profile stores it} */
  public ObjectNode json() {
    ObjectNode c = JsonNodeFactory.instance.objectNode();
    c.put(ProfileSchema.MODEL, model);
    c.put(ProfileSchema.DEVICE, device);
    c.put(ProfileSchema.BATCH, batch);
    c.put(ProfileSchema.IMGSZ, imgsz);
    c.put(ProfileSchema.AMP, amp);
    c.put(ProfileSchema.AMP_DTYPE, AMP_DTYPE);
    c.put(ProfileSchema.WORKERS, workers);
    // ours
    c.put(ProfileSchema.AMP_APPLIED, false);
    c.put(
        ProfileSchema.AMP_NOTE,
        amp
            ? "requested but not applied: DJL 0.36 has no autocast; the step runs in float32"
            : "off");
    c.put(ProfileSchema.WEIGHTS, weights);
    c.put(ProfileSchema.SIZE, size);
    c.put(ProfileSchema.PARAMS, params);
    c.put(ProfileSchema.NC, nc);
    c.put(ProfileSchema.THREADS, threads);
    c.put(ProfileSchema.DATA, data);
    c.put(ProfileSchema.WARMUP, warmup);
    c.put(ProfileSchema.STEPS, steps);
    c.put(ProfileSchema.TRACE_STEPS, traceSteps);
    c.put(ProfileSchema.BATCH_AUTO, batchAuto);
    return c;
  }
}
