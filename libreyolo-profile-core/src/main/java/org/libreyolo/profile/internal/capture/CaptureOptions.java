package org.libreyolo.profile.internal.capture;

import java.nio.file.Path;

/**
 * How to capture: whether to run libtorch's operator profiler at all ({@code trace}), for how many
 * leading steps it records input shapes ({@code shapeSteps}: 0 none, {@link Integer#MAX_VALUE}
 * all), whether it records memory, and where the merged Kineto trace goes.
 */
public record CaptureOptions(boolean trace, int shapeSteps, boolean profileMemory, Path traceFile) {
  /**
   * Shapes on the two cold steps that the analysis window skips (with 4 or more markers), none in
   * the window: recording shapes added another 5-30% to a profiled train step at t@320 b4 (rotated
   * A/B bench runs), and the reference's torch profiler records none at all.
   */
  public static final int COLD_STEPS = 2;

  public CaptureOptions {
    if (shapeSteps < 0) {
      throw new IllegalArgumentException("shapeSteps must be >= 0");
    }
  }

  public static CaptureOptions tracing(Path traceFile) {
    return new CaptureOptions(true, COLD_STEPS, true, traceFile);
  }

  public static CaptureOptions off() {
    return new CaptureOptions(false, 0, false, null);
  }
}
