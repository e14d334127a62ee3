package org.libreyolo.profile.internal.engine;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Keeps libtorch from writing to stderr inside timed iterations (docs/measurement.md, "Nothing
 * writes inside the timed loop"). On CPUs NNPACK does not support, libtorch 2.x logs "Could not
 * initialize NNPACK" on every convolution: thousands of lines per run, and a step that writes to a
 * slow pipe (a CI log collector) stalls. DJL exposes neither the NNPACK switch nor libtorch's log
 * level, so both are reached through libtorch's own exported functions, after the engine loaded it:
 * {@code c10::initLogging()} (so {@code TORCH_CPP_LOG_LEVEL} works as it does under Python), then
 * {@code at::native::_nnpack_available()} probed with logging held at FATAL, and when NNPACK is
 * unavailable {@code at::globalContext().setUserEnabledNNPACK(false)}: convolutions then skip the
 * probe that logs. Nothing computes differently: an unavailable NNPACK is never used.
 */
final class NativeWarnings {
  private static final int LOG_FATAL = 3; // c10's GLOG_FATAL

  /**
   * dlopen flags (Linux): RTLD_LAZY | RTLD_NOLOAD: the handle of the library the engine loaded,
   * never a second load, and its symbols kept local (JNA's default would make them global).
   */
  private static final java.util.Map<String, Object> ALREADY_LOADED =
      java.util.Map.of(com.sun.jna.Library.OPTION_OPEN_FLAGS, 0x1 | 0x4);

  private NativeWarnings() {}

  /**
   * @return what was done, in words, or why nothing could be (never throws: a missing symbol on
   *     another libtorch build leaves the warnings as they were)
   */
  static String quiet() {
    try {
      List<String> maps = Files.readAllLines(Path.of("/proc/self/maps"));
      String c10 = loaded(maps, "/libc10.so");
      String torch = loaded(maps, "/libtorch_cpu.so");
      if (c10 == null || torch == null) {
        return "libtorch's libraries not found among the loaded ones";
      }
      NativeLibrary c10Lib = NativeLibrary.getInstance(c10, ALREADY_LOADED);
      NativeLibrary torchLib = NativeLibrary.getInstance(torch, ALREADY_LOADED);
      c10Lib.getFunction("_ZN3c1011initLoggingEv").invokeVoid(new Object[0]);
      Pointer level = c10Lib.getGlobalVariableAddress("FLAGS_caffe2_log_level");
      int before = level.getInt(0);
      boolean available;
      level.setInt(0, Math.max(before, LOG_FATAL));
      try {
        available =
            (torchLib.getFunction("_ZN2at6native17_nnpack_availableEv").invokeInt(new Object[0])
                    & 0xff)
                != 0;
      } finally {
        level.setInt(0, before);
      }
      if (available) {
        return "NNPACK available";
      }
      Pointer context =
          torchLib.getFunction("_ZN2at13globalContextEv").invokePointer(new Object[0]);
      Function disable = torchLib.getFunction("_ZN2at7Context20setUserEnabledNNPACKEb");
      disable.invokeVoid(new Object[] {context, Boolean.FALSE});
      return "NNPACK unavailable on this CPU: disabled, so convolutions no longer log its warning";
    } catch (IOException | RuntimeException | LinkageError e) {
      return "not applied: " + e.getMessage();
    }
  }

  private static String loaded(List<String> maps, String suffix) {
    for (String line : maps) {
      int slash = line.indexOf('/');
      if (slash >= 0 && line.endsWith(suffix)) {
        return line.substring(slash);
      }
    }
    return null;
  }
}
