package org.libreyolo.profile.internal.runtime;

import ai.djl.Device;
import java.nio.file.Path;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.model.OnnxBacked;
import org.libreyolo.profile.internal.model.OnnxDetector;
import org.libreyolo.profile.internal.model.OnnxSession;
import org.libreyolo.profile.internal.weights.WeightsSource;

/**
 * ONNX Runtime: an {@code .onnx} export as a detector, or a user's session; its own profiler around
 * the traced steps (docs/onnx.md). libtorch still runs the pre- and postprocessing.
 */
public final class OrtRuntime implements ModelRuntime {
  @Override
  public String name() {
    return "onnxruntime";
  }

  @Override
  public boolean opens(WeightsSource source) {
    return source.kind() == WeightsSource.Kind.ONNX;
  }

  @Override
  public Detector open(WeightsSource source, int classes, Device device) {
    return new OnnxDetector(source.file(), device, Engines.threads());
  }

  @Override
  public boolean runs(Object model) {
    return model instanceof OnnxBacked;
  }

  @Override
  public String environmentEngine() {
    return OnnxSession.engineLabel();
  }

  @Override
  public String label() {
    return OnnxSession.engineLabel();
  }

  @Override
  public StepTimer.Iteration traced(StepTimer.Iteration body, Object model, Path dir) {
    return OnnxTracing.around(body, ((OnnxBacked) model).session(), dir);
  }
}
