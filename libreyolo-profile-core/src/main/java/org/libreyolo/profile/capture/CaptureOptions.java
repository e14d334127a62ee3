package org.libreyolo.profile.capture;

import java.nio.file.Path;

/**
 * How to capture: whether to run libtorch's operator profiler at all ({@code trace}), whether it
 * records input shapes and memory, and where the merged Kineto trace goes.
 */
public record CaptureOptions(boolean trace, boolean recordShapes, boolean profileMemory, Path traceFile) {
  public static CaptureOptions tracing(Path traceFile) {
    return new CaptureOptions(true, true, false, traceFile);
  }

  public static CaptureOptions off() {
    return new CaptureOptions(false, false, false, null);
  }
}
