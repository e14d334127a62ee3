package org.libreyolo.profile.internal.runtime.onnx;

import ai.djl.Device;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.runtime.DetectorRuntime;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.runtime.EngineFiles;
import org.libreyolo.profile.runtime.EngineProfiler;

/**
 * ONNX Runtime: an {@code .onnx} export as a detector, or a user's session; its own profiler around
 * the traced steps (docs/onnx.md). libtorch still runs the pre- and postprocessing.
 */
public final class OrtRuntime implements DetectorRuntime<OnnxBacked> {
  @Override
  public String name() {
    return OnnxFiles.ENGINE;
  }

  @Override
  public int rank() {
    return 10; // above libtorch's, which runs any detector
  }

  @Override
  public boolean opens(WeightsSource source) {
    return source.kind() == WeightsSource.Kind.ENGINE_MODEL
        && EngineFiles.forModel(source.requested())
            .filter(e -> e.engine().equals(name()))
            .isPresent();
  }

  @Override
  public Detector open(WeightsSource source, int classes, Device device) {
    return new OnnxDetector(source.file(), device, Engines.threads());
  }

  @Override
  public Class<OnnxBacked> modelType() {
    return OnnxBacked.class;
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
  public EngineProfiler profiler(OnnxBacked model) {
    return new OnnxProfiler(model.session());
  }
}
