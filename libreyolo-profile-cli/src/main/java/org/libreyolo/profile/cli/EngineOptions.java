package org.libreyolo.profile.cli;

import ai.djl.Device;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.produce.Engine;
import picocli.CommandLine.Option;

/** {@code --device} and {@code --threads}, shared by every command that runs the model. */
public final class EngineOptions {
  @Option(
      names = "--device",
      defaultValue = Defaults.DEVICE,
      description =
          "cpu, a CUDA index (0, 1, ...), cuda:N or auto (CUDA 0 if present, else cpu) (default: ${DEFAULT-VALUE})")
  String device;

  @Option(names = "--threads", description = "intra-op threads (default: all cores but one)")
  Integer threads;

  /** Parses the device first (no engine needed), then boots and checks it: before any work. */
  Device boot() {
    return Engine.boot(DeviceSpec.parse(device), threads());
  }

  /** The device as given; {@code auto} is decided by the producer once every option is checked. */
  DeviceSpec spec() {
    return DeviceSpec.parse(device);
  }

  /** The intra-op thread count asked for, else the default (all cores but one). */
  int threads() {
    return threads != null ? threads : Engine.defaultThreads();
  }
}
