package org.libreyolo.profile.internal.engine;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * The fingerprint of where a profile was measured: engine and libtorch versions, JVM, OS, CPU
 * model, cores, threads, GPU (when known) and model size. Compare warns when two differ.
 */
public final class Environment {
  private Environment() {}

  /**
   * The fingerprint of a model run on the engine (the built-in network, TorchScript, any model
   * file): engine, libtorch and threads are always recorded, so the gate sees them change.
   *
   * @param modelParams the model's parameter count, or -1 when the model does not say
   */
  public static ObjectNode ofModel(String device, long modelParams) {
    return fingerprint(device, modelParams, true);
  }

  /**
   * @param modelParams the measured step's model parameters, or -1 for plain code: its fingerprint
   *     has no engine fields whether or not another test booted the engine, so it never depends on
   *     test order
   */
  public static ObjectNode ofStep(String device, long modelParams) {
    return fingerprint(device, modelParams, modelParams >= 0);
  }

  private static ObjectNode fingerprint(String device, long modelParams, boolean onEngine) {
    ObjectNode env = JsonNodeFactory.instance.objectNode();
    boolean engine = onEngine && Engines.booted(); // the producers booted it before they measured
    env.put(
        ProfileSchema.ENGINE,
        engine
            ? "DJL " + ai.djl.engine.Engine.getDjlVersion() + " / " + Engines.get().getEngineName()
            : onEngine ? "not loaded" : ProfileSchema.ENGINE_NONE);
    if (engine) {
      env.put(ProfileSchema.LIBTORCH, Engines.get().getVersion());
    } else {
      env.putNull(ProfileSchema.LIBTORCH);
    }
    env.put(
        ProfileSchema.JVM,
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    env.put(
        ProfileSchema.OS,
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"));
    env.put(ProfileSchema.CPU, cpuModel());
    env.put(ProfileSchema.CORES, Runtime.getRuntime().availableProcessors());
    if (engine) {
      env.put(ProfileSchema.THREADS, Engines.threads());
    } else {
      env.putNull(ProfileSchema.THREADS);
    }
    env.put(ProfileSchema.DEVICE, device);
    env.putNull(ProfileSchema.GPU_NAME);
    env.put(ProfileSchema.MODEL_PARAMS, modelParams);
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
