package org.libreyolo.profile.internal.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.libreyolo.profile.internal.result.Fingerprint;
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
  public static Fingerprint ofModel(String device, long modelParams) {
    return fingerprint(device, modelParams, true);
  }

  /**
   * @param modelParams the measured step's model parameters, or -1 for plain code: its fingerprint
   *     has no engine fields whether or not another test booted the engine, so it never depends on
   *     test order
   */
  public static Fingerprint ofStep(String device, long modelParams) {
    return fingerprint(device, modelParams, modelParams >= 0);
  }

  private static Fingerprint fingerprint(String device, long modelParams, boolean onEngine) {
    boolean engine = onEngine && Engines.booted(); // the producers booted it before they measured
    return new Fingerprint(
        engine
            ? "DJL " + ai.djl.engine.Engine.getDjlVersion() + " / " + Engines.get().getEngineName()
            : onEngine ? "not loaded" : ProfileSchema.ENGINE_NONE,
        engine ? Engines.get().getVersion() : null,
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"),
        cpuModel(),
        Runtime.getRuntime().availableProcessors(),
        engine ? Engines.threads() : null,
        device,
        null,
        modelParams);
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
