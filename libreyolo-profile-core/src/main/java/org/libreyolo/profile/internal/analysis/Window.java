package org.libreyolo.profile.internal.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The analysis window from the {@code ProfilerStep} markers: skip two cold markers and span to
 * marker 8 (at least 4 markers), the markers' own span (1 to 3), or everything (none); and {@code
 * n_real}, the steps inside it, counted by distinct {@code #N} or by timestamp clusters.
 */
record Window(boolean bounded, double w0, double w1, int nReal) {
  /** Markers skipped as cold, and the index of the marker that ends the window. */
  static final int COLD_MARKERS = 2;

  static final int LAST_MARKER = 8;

  /**
   * Markers the window can use: producers trace this many steps, readers may drop events after
   * them.
   */
  static final int MARKERS_READ = LAST_MARKER + 1;

  private static final Pattern STEP_NUMBER = Pattern.compile("#(\\d+)");

  static Window of(List<EventTable.Marker> markers) {
    if (markers.isEmpty()) {
      return new Window(false, 0, 0, 1);
    }
    List<EventTable.Marker> steps = new ArrayList<>(markers);
    steps.sort(Comparator.comparingDouble(EventTable.Marker::ts));
    double w0;
    double w1;
    if (steps.size() >= 4) {
      w0 = steps.get(COLD_MARKERS).ts();
      w1 = steps.get(Math.min(steps.size() - 1, LAST_MARKER)).ts();
    } else {
      EventTable.Marker last = steps.get(steps.size() - 1);
      w0 = steps.get(0).ts();
      w1 = last.ts() + last.dur();
    }
    if (w1 <= w0) {
      w1 = w0 + 1.0;
    }
    return new Window(true, w0, w1, countSteps(steps, w0, w1));
  }

  private static int countSteps(List<EventTable.Marker> steps, double w0, double w1) {
    List<Double> starts = new ArrayList<>();
    Set<Long> numbers = new HashSet<>();
    for (EventTable.Marker m : steps) {
      if (m.ts() >= w0 && m.ts() < w1) {
        starts.add(m.ts());
        Matcher matcher = STEP_NUMBER.matcher(m.name());
        if (matcher.find()) {
          try {
            numbers.add(Long.parseLong(matcher.group(1)));
          } catch (NumberFormatException e) {
            numbers.add((long) matcher.group(1).hashCode());
          }
        }
      }
    }
    if (starts.isEmpty()) {
      return 1;
    }
    if (!numbers.isEmpty()) {
      return Math.max(1, numbers.size());
    }
    starts.sort(null);
    int clusters = 1;
    for (int i = 1; i < starts.size(); i++) {
      if (starts.get(i) - starts.get(i - 1) > 1.0) {
        clusters++;
      }
    }
    return clusters;
  }

  boolean contains(double ts) {
    return !bounded || (ts >= w0 && ts < w1);
  }

  double wallMs() {
    return bounded ? (w1 - w0) / 1000.0 : 0.0;
  }
}
