package org.libreyolo.profile.internal.runtime;

import ai.djl.Device;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.weights.Detectors;
import org.libreyolo.profile.internal.weights.WeightsSource;

/** libtorch through DJL: the built-in network (random or from a state dict) and TorchScript. */
public final class LibtorchRuntime implements DetectorRuntime<Detector> {
  @Override
  public String name() {
    return "libtorch";
  }

  @Override
  public int rank() {
    return 0; // any detector: an engine's own runtime claims its models first
  }

  @Override
  public boolean opens(WeightsSource source) {
    return source.kind() != WeightsSource.Kind.ENGINE_MODEL;
  }

  @Override
  public Detector open(WeightsSource source, int classes, Device device) {
    return Detectors.load(source, classes, device);
  }

  @Override
  public Class<Detector> modelType() {
    return Detector.class;
  }

  @Override
  public String environmentEngine() {
    return null; // the environment's libtorch and engine fields name it
  }

  @Override
  public String label() {
    return "libtorch " + Engines.get().getVersion();
  }
}
