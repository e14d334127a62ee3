package org.libreyolo.profile.runtime;

import java.util.List;
import java.util.ServiceLoader;

/** The engines' files on the class path, loaded once: it does not change under a running JVM. */
final class RegisteredEngines {
  static final List<EngineFiles> FILES =
      ServiceLoader.load(EngineFiles.class, EngineFiles.class.getClassLoader()).stream()
          .map(ServiceLoader.Provider::get)
          .toList();

  private RegisteredEngines() {}
}
