package org.libreyolo.profile.internal.runtime;

import org.libreyolo.profile.runtime.ModelRuntime;

/** A step without a model: plain Java, no engine to load, nothing of an engine's to trace. */
public final class PlainJavaRuntime implements ModelRuntime<Void> {
  @Override
  public String name() {
    return "java";
  }

  @Override
  public int rank() {
    return 0; // claims only the step without a model, which no other runtime does
  }

  @Override
  public Class<Void> modelType() {
    return Void.class; // the step without a model
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
