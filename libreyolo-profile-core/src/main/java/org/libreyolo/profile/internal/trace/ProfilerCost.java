package org.libreyolo.profile.internal.trace;

/**
 * The operator profiler's own cost per recorded op, as the capture measured it: {@code perOpUs} in
 * all, of which {@code inOpUs} falls inside the op's recorded span and the rest before it.
 */
public record ProfilerCost(double perOpUs, double inOpUs) {
  public ProfilerCost {
    if (!(perOpUs >= 0) || !(inOpUs >= 0) || inOpUs > perOpUs) {
      throw new IllegalArgumentException("profiler cost needs 0 <= in_op_us <= per_op_us");
    }
  }

  public double beforeOpUs() {
    return perOpUs - inOpUs;
  }
}
