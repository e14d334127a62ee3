package org.libreyolo.profile.produce;

import ai.djl.Device;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.options.DeviceSpec;

/**
 * The PyTorch engine as the surfaces start it: offline, with the intra-op thread count asked for,
 * and the device checked against what this machine has (djl-engine.md's traps handled once).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Engine {
  private Engine() {}

  /**
   * The thread count used when none is given: every core but one, at least one.
   *
   * @return the default intra-op thread count
   */
  public static int defaultThreads() {
    return Engines.defaultThreads();
  }

  /**
   * Boots the engine once per JVM (later calls re-set the thread count).
   *
   * @param threads intra-op threads, at least 1
   */
  public static void boot(int threads) {
    Engines.boot(threads);
  }

  /**
   * Whether this JVM booted the engine already (a model fixture, a model step): a plain-JVM step
   * leaves it unbooted and needs no native library.
   *
   * @return whether the engine is up
   */
  public static boolean booted() {
    return Engines.booted();
  }

  /**
   * Boots the engine and resolves a device on it: {@code auto} becomes CUDA 0 where present, else
   * the CPU; a CUDA device this machine does not have is bad input.
   *
   * @param device the device as the user gave it
   * @param threads intra-op threads, at least 1
   * @return the DJL device to run on
   */
  public static Device boot(DeviceSpec device, int threads) {
    Engines.boot(threads);
    return Engines.resolve(device);
  }
}
