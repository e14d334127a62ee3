package org.libreyolo.profile.internal.runtime;

import ai.djl.Device;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.runtime.ModelRuntime;

/**
 * A runtime that also opens weights files as the detector {@code profile infer} and the A/B run
 * (libtorch: the built-in network, state dicts, TorchScript; ONNX Runtime: an export). Internal, as
 * the detector is: a third engine runs the user's deployed model through {@link ModelRuntime}
 * alone.
 *
 * @param <M> the models it runs
 */
public interface DetectorRuntime<M> extends ModelRuntime<M> {
  /**
   * Whether this runtime opens weights.
   *
   * @param source resolved weights
   * @return true when it does
   */
  boolean opens(WeightsSource source);

  /**
   * Opens the weights as a detector on {@code device}.
   *
   * @param source weights {@link #opens} accepted
   * @param classes class count for a built-in model
   * @param device the device
   * @return the detector
   */
  Detector open(WeightsSource source, int classes, Device device);
}
