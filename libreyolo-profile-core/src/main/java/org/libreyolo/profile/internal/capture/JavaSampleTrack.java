package org.libreyolo.profile.internal.capture;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The Java samples of the traced steps as a flame chart over time, for the Chrome trace's Java
 * track (docs/measurement.md, "Java samples"): consecutive samples that share a method at the same
 * depth of their stacks make one slice of it, so Perfetto draws the Java frames under the steps and
 * beside the ops. A slice runs from its first sample to the next sample without it; after the last
 * sample, or before a gap of more than two periods (outside the iterations), it runs one period.
 *
 * @param thread the sampled thread's name
 * @param slices nested slices, times in µs since the trace's origin
 */
record JavaSampleTrack(String thread, List<Slice> slices) {
  /**
   * One method on the stack for a stretch of time.
   *
   * @param samples how many samples had it there
   */
  record Slice(String method, double ts, double dur, int samples) {}

  /**
   * @param samples the samples, in time order
   * @param originNs the trace's zero on {@link System#nanoTime}'s clock
   * @param period the sampling period
   */
  static JavaSampleTrack of(
      List<JavaSampler.Sample> samples, long originNs, Duration period, String thread) {
    double periodUs = period.toNanos() / 1000.0;
    List<Slice> out = new ArrayList<>();
    List<String> methods = new ArrayList<>(); // the open slices, outermost first
    List<Double> starts = new ArrayList<>();
    List<Integer> counts = new ArrayList<>();
    double last = Double.NaN;
    for (JavaSampler.Sample sample : samples) {
      double t = (sample.nanoTime() - originNs) / 1000.0;
      if (!Double.isNaN(last) && t - last > 2 * periodUs) {
        close(out, methods, starts, counts, 0, last + periodUs);
      }
      List<String> stack = sample.stack();
      int common = 0;
      while (common < methods.size()
          && common < stack.size()
          && methods.get(common).equals(stack.get(common))) {
        common++;
      }
      close(out, methods, starts, counts, common, t);
      for (int i = common; i < stack.size(); i++) {
        methods.add(stack.get(i));
        starts.add(t);
        counts.add(0);
      }
      counts.replaceAll(n -> n + 1);
      last = t;
    }
    if (!Double.isNaN(last)) {
      close(out, methods, starts, counts, 0, last + periodUs);
    }
    return new JavaSampleTrack(thread, out);
  }

  /** Ends the open slices from depth {@code from} down at {@code end}. */
  private static void close(
      List<Slice> out,
      List<String> methods,
      List<Double> starts,
      List<Integer> counts,
      int from,
      double end) {
    for (int i = methods.size() - 1; i >= from; i--) {
      out.add(new Slice(methods.get(i), starts.get(i), end - starts.get(i), counts.get(i)));
      methods.remove(i);
      starts.remove(i);
      counts.remove(i);
    }
  }
}
