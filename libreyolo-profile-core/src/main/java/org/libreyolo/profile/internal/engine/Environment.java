package org.libreyolo.profile.internal.engine;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The fingerprint of where a profile was measured: engine and libtorch versions, JVM, OS, CPU
 * model, cores, threads, GPU (when known) and model size. Compare warns when two differ.
 */
public final class Environment {
  private Environment() {}

  /**
   * @param modelParams the measured model's parameters, or -1 for plain code: its fingerprint has no
   *     engine fields whether or not another test booted the engine, so it never depends on test order
   */
  public static ObjectNode fingerprint(String device, long modelParams) {
    ObjectNode env = JsonNodeFactory.instance.objectNode();
    boolean engine = modelParams >= 0 && Engines.booted();
    env.put("engine", engine ? "DJL " + ai.djl.engine.Engine.getDjlVersion() + " / " + Engines.get().getEngineName()
        : modelParams < 0 ? "none (plain JVM code)" : "not loaded");
    if (engine) {
      env.put("libtorch", Engines.get().getVersion());
    } else {
      env.putNull("libtorch");
    }
    env.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch"));
    env.put("cpu", cpuModel());
    env.put("cores", Runtime.getRuntime().availableProcessors());
    if (engine) {
      env.put("threads", Engines.threads());
    } else {
      env.putNull("threads");
    }
    env.put("device", device);
    env.putNull("gpu_name");
    env.put("model_params", modelParams);
    return env;
  }

  static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.toLowerCase(Locale.ROOT).startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: fall back below
    }
    return System.getProperty("os.arch");
  }
}
