package org.libreyolo.profile.internal.runtime;

import ai.djl.Device;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.weights.WeightsSource;

/** A step without a model: plain Java, no engine to load, nothing of an engine's to trace. */
public final class PlainJavaRuntime implements ModelRuntime {
  @Override
  public String name() {
    return "java";
  }

  @Override
  public int rank() {
    return 0; // claims only the step without a model, which no other runtime does
  }

  @Override
  public boolean opens(WeightsSource source) {
    return false;
  }

  @Override
  public Detector open(WeightsSource source, int classes, Device device) {
    throw new UnsupportedOperationException("plain Java opens no weights");
  }

  @Override
  public boolean runs(Object model) {
    return model == null;
  }

  @Override
  public String environmentEngine() {
    return null;
  }

  @Override
  public String label() {
    return "java " + Runtime.version().feature();
  }
}
