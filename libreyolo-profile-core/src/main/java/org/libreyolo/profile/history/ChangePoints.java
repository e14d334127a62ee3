package org.libreyolo.profile.history;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;

/**
 * Change points of a series: where its level moved (docs/history.md, "Change points"). E-divisive
 * means (Matteson and James, 2014) proposes them: in windows of {@code window} runs (half
 * overlapping), the split that maximises the energy divergence between the runs before and after
 * it, divided again on both sides while the split is significant; as in Hunter/Otava (Fleming et
 * al., 2023) significance is a two-sample t-test instead of a permutation test, so the result is
 * deterministic. Then the candidates are pruned over the whole series: each is tested again between
 * its neighbours (at most {@code window} runs each side) and the weakest is dropped until every one
 * left is significant, at least {@code minMagnitude}, and {@link Options#minSegment} runs from its
 * neighbours.
 *
 * <p>Two changes to the published method make it robust to what CI machines do: the t-test is
 * Yuen's test on 20%-trimmed means (one slow run, or a runner that is sometimes slower, moves a
 * trimmed mean little), and a segment holds at least {@code minSegment} runs, so one or two
 * outlying runs never become a segment of their own (Otava reports pairs of change points around a
 * single outlier).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class ChangePoints {
  private ChangePoints() {}

  /**
   * The detector's settings.
   *
   * @param window runs on either side of a candidate that its test reads, at least {@code 2 *
   *     minSegment}
   * @param pValue the significance level a change point must reach, within (0, 1)
   * @param minMagnitude the smallest relative change reported, a fraction at least 0
   * @param minSegment the fewest runs between two change points, at least 2
   * @param trim the fraction trimmed from each end of a segment for its test, within [0, 0.5): 0.2
   *     by default, 0 is Student's t on plain means (the published method)
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Options(
      int window, double pValue, double minMagnitude, int minSegment, double trim) {
    /** Checks the settings. */
    public Options {
      if (minSegment < 2) {
        throw LibreYoloException.badInput(
            "the minimum segment must be >= 2 runs, got " + minSegment);
      }
      if (window < 2 * minSegment) {
        throw LibreYoloException.badInput(
            "{window} must be >= " + 2 * minSegment + " runs, got " + window);
      }
      if (!(pValue > 0 && pValue < 1)) {
        throw LibreYoloException.badInput("{pValue} must be within (0, 1), got " + pValue);
      }
      if (!(trim >= 0 && trim < 0.5)) {
        throw new IllegalArgumentException("trim must be within [0, 0.5), got " + trim);
      }
      if (!(minMagnitude >= 0)) {
        throw LibreYoloException.badInput(
            "{minMagnitude} must be a fraction >= 0 (0.02 = 2%), got " + minMagnitude);
      }
    }

    /**
     * These settings with another window, p-value and minimum magnitude (a user's flags).
     *
     * @param window runs either side
     * @param pValue the significance level
     * @param minMagnitude the smallest change reported
     * @return the options
     */
    public static Options of(int window, double pValue, double minMagnitude) {
      return new Options(
          window, pValue, minMagnitude, Defaults.History.MIN_SEGMENT, Defaults.History.TRIM);
    }

    /**
     * The documented defaults ({@link Defaults.History}).
     *
     * @return the default options
     */
    public static Options defaults() {
      return new Options(
          Defaults.History.WINDOW_VALUE,
          Defaults.History.P_VALUE_VALUE,
          Defaults.History.MIN_MAGNITUDE_VALUE,
          Defaults.History.MIN_SEGMENT,
          Defaults.History.TRIM);
    }
  }

  /**
   * The change points of {@code values}, in series order.
   *
   * @param values the series, oldest first
   * @param options the detector's settings
   * @return the change points, each at the first run of the new level
   */
  public static List<ChangePoint> detect(double[] values, Options options) {
    TreeSet<Integer> candidates = new TreeSet<>();
    int step = Math.max(1, options.window() / 2);
    for (int start = 0; start < values.length; start += step) {
      int end = Math.min(values.length, start + 2 * options.window());
      split(values, start, end, options, candidates);
      if (end == values.length) {
        break;
      }
    }
    return relocate(values, prune(values, new ArrayList<>(candidates), options), options);
  }

  /**
   * Each change point placed again at the least-squares split between its neighbours (a window each
   * side at most), the maximum-likelihood location of a shift in level, on values clipped to that
   * stretch's 10th and 90th percentiles so an outlying run cannot pull it: the energy divergence
   * finds that a change happened more surely than exactly where.
   */
  private static List<ChangePoint> relocate(double[] x, List<ChangePoint> points, Options o) {
    List<ChangePoint> out = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      int at = points.get(i).index();
      int from = Math.max(i == 0 ? 0 : points.get(i - 1).index(), at - o.window());
      int to =
          Math.min(i == points.size() - 1 ? x.length : points.get(i + 1).index(), at + o.window());
      int best = LevelShift.bestSplit(x, from, to, o.minSegment());
      ChangePoint moved = best < 0 ? points.get(i) : point(x, from, best, to, o.trim());
      out.add(moved.pValue() <= points.get(i).pValue() ? moved : points.get(i));
    }
    return out;
  }

  /** E-divisive inside [lo, hi): the best split, kept and divided again while significant. */
  private static void split(double[] x, int lo, int hi, Options o, TreeSet<Integer> out) {
    int tau = EnergyDivergence.bestSplit(x, lo, hi, o.minSegment());
    if (tau < 0) {
      return;
    }
    TrimmedT.Result test = TrimmedT.test(x, lo, tau, tau, hi, o.trim());
    if (test.p() >= o.pValue()) {
      return;
    }
    out.add(tau);
    split(x, lo, tau, o, out);
    split(x, tau, hi, o, out);
  }

  /**
   * Each candidate tested between its neighbours (at most a window each side); the weakest dropped
   * until every change point left passes.
   */
  private static List<ChangePoint> prune(double[] x, List<Integer> candidates, Options o) {
    List<Integer> kept = new ArrayList<>(candidates);
    while (true) {
      List<ChangePoint> points = new ArrayList<>();
      int weakest = -1;
      double weakestP = -1;
      for (int i = 0; i < kept.size(); i++) {
        int at = kept.get(i);
        int from = Math.max(i == 0 ? 0 : kept.get(i - 1), at - o.window());
        int to = Math.min(i == kept.size() - 1 ? x.length : kept.get(i + 1), at + o.window());
        ChangePoint p = point(x, from, at, to, o.trim());
        boolean passes =
            at - from >= o.minSegment()
                && to - at >= o.minSegment()
                && p.pValue() < o.pValue()
                && Math.abs(p.change()) >= o.minMagnitude();
        // an unfit segment (too short) is the weakest of all; then the largest p-value
        double strength = at - from < o.minSegment() || to - at < o.minSegment() ? 2 : p.pValue();
        if (!passes && strength > weakestP) {
          weakest = i;
          weakestP = strength;
        }
        points.add(p);
      }
      if (weakest < 0) {
        return points;
      }
      kept.remove(weakest);
    }
  }

  private static ChangePoint point(double[] x, int from, int at, int to, double trim) {
    TrimmedT.Result t = TrimmedT.test(x, from, at, at, to, trim);
    return new ChangePoint(at, t.after() / t.before() - 1, t.p(), t.before(), t.after());
  }
}
