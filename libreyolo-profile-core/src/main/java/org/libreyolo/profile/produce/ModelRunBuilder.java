package org.libreyolo.profile.produce;

import java.nio.file.Path;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.options.DeviceSpec;

/**
 * What a run of the model takes whatever it measures, inference or training: the model, its input
 * size, the iterations, where it runs and writes. {@link InferOptions.Builder} and {@link
 * TrainOptions.Builder} add their own; each starts from its own defaults ({@link Defaults.Infer},
 * {@link Defaults.Train}).
 *
 * @param <B> the builder itself, so that each setter returns it
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public abstract class ModelRunBuilder<B extends ModelRunBuilder<B>> {
  String weights;
  String size;
  int batch;
  int imgsz;
  int warmup;
  int repeat;
  DeviceSpec device = DeviceSpec.parse(Defaults.DEVICE);
  Integer threads;
  Path project = Path.of(Defaults.PROJECT);

  ModelRunBuilder(int batch, int imgsz, int warmup, int repeat) {
    this.batch = batch;
    this.imgsz = imgsz;
    this.warmup = warmup;
    this.repeat = repeat;
  }

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  /**
   * Sets the weights file or built-in name; null for the size's default.
   *
   * @param v the weights file or built-in name; null for the size's default
   * @return this builder
   */
  public B weights(String v) {
    weights = v;
    return self();
  }

  /**
   * Sets the model size: t, s, m or c.
   *
   * @param v the model size: t, s, m or c
   * @return this builder
   */
  public B size(String v) {
    size = v;
    return self();
  }

  /**
   * Sets images per forward or training step.
   *
   * @param v images per forward or training step
   * @return this builder
   */
  public B batch(int v) {
    batch = v;
    return self();
  }

  /**
   * Sets the input height and width, a positive multiple of 32.
   *
   * @param v the input height and width, a positive multiple of 32
   * @return this builder
   */
  public B imgsz(int v) {
    imgsz = v;
    return self();
  }

  /**
   * Sets discarded iterations before the measured ones, at least 0.
   *
   * @param v discarded iterations before the measured ones, at least 0
   * @return this builder
   */
  public B warmup(int v) {
    warmup = v;
    return self();
  }

  /**
   * Sets trials in this process, at least 1.
   *
   * @param v trials in this process, at least 1
   * @return this builder
   */
  public B repeat(int v) {
    repeat = v;
    return self();
  }

  /**
   * Sets the device, e.g. auto, cpu or cuda:0.
   *
   * @param v the device, e.g. auto, cpu or cuda:0
   * @return this builder
   */
  public B device(DeviceSpec v) {
    device = v;
    return self();
  }

  /**
   * Intra-op threads; null: the engine default.
   *
   * @param v intra-op threads, at least 1, or null
   * @return this builder
   */
  public B threads(Integer v) {
    threads = v;
    return self();
  }

  /**
   * Sets the output directory.
   *
   * @param v the output directory
   * @return this builder
   */
  public B project(Path v) {
    project = v;
    return self();
  }
}
