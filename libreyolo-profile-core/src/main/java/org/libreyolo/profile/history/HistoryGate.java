package org.libreyolo.profile.history;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.TDistribution;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.BlockStatistics;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.gate.VerdictRule;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Profile;

/**
 * The gate against history (docs/history.md, "The gate against history"): this run's value of the
 * gate's unit ({@link Metric#STEP_VS_CANARY}) against the last runs of its series on a branch, at
 * that branch's current level (the runs after its last change point), with the noise between runs
 * that history measured. A new run of an unchanged build falls inside the prediction interval
 * {@code mean +- t(n-1) s sqrt(1 + 1/n)} (in logs) of the n history runs (as Bencher's t-test
 * threshold model); the verdict follows the fork gate's rule ({@link VerdictRule}). Too few runs at
 * the current level: no verdict here, the caller falls back to the stored baseline and says so.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class HistoryGate {
  private HistoryGate() {}

  /**
   * The gate's outcome against history.
   *
   * @param verdict the verdict, or null when the history could not judge ({@code fallback} says
   *     why)
   * @param why the verdict's reason
   * @param change the estimated slowdown of the step, a fraction
   * @param low the prediction interval's lower end
   * @param high its upper end
   * @param mde the smallest slowdown this history detects four times in five
   * @param runs the history runs used
   * @param noise the run-to-run noise of those runs (sd of the log value, as a fraction)
   * @param used which history, in words ({@code main, 24 runs since #312 (abc), noise 3.1%})
   * @param fallback why history could not judge, or null
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Result(
      Verdict verdict,
      String why,
      double change,
      double low,
      double high,
      double mde,
      int runs,
      double noise,
      String used,
      String fallback) {}

  /**
   * Judges a profile against its series' history.
   *
   * @param history the open history
   * @param name the series' name (its testbed is the profile's)
   * @param current the profile to judge
   * @param branch the branch whose runs are the reference
   * @param window the most history runs used
   * @param options the gate's significance level and threshold
   * @return the result; {@code verdict} null when history cannot judge
   */
  public static Result check(
      History history,
      String name,
      Profile current,
      String branch,
      int window,
      GateOptions options) {
    Map<String, String> testbed = History.testbed(current);
    Series series = history.series(name, testbed);
    if (series == null) {
      List<Series> all = history.list();
      if (all.stream().noneMatch(s -> s.name().equals(name))) { // a new series, or a mistyped name
        String names = History.names(all);
        return fallback(
            "no series '"
                + name
                + "' in the history "
                + history.where()
                + (names.isEmpty() ? " (it is empty)" : " (it has " + names + ")")
                + ": a new series is judged once its runs are recorded;"
                + " check the name otherwise");
      }
      return fallback(
          "no runs of "
              + name
              + " on this testbed ("
              + Store.testbedId(Store.json(testbed))
              + ") in the history "
              + history.where());
    }
    Map<String, Double> metrics = History.run(current, null, null, Instant.now()).metrics();
    String metric = metricFor(metrics, series);
    if (metric == null) {
      return fallback(
          "this run or its history has no blocks to judge (neither "
              + Metric.STEP_VS_CANARY.key()
              + " nor "
              + Metric.STEP_MS.key()
              + ")");
    }
    List<Point> recent = history.points(series, metric, branch, 4 * window);
    Level level = Level.of(recent, window, options.alpha());
    if (level == null) {
      return fallback(
          branch
              + " has "
              + recent.size()
              + " runs of "
              + series.ref()
              + " and no level of "
              + Defaults.History.GATE_MIN_RUNS
              + " runs yet (the gate needs "
              + Defaults.History.GATE_MIN_RUNS
              + ")");
    }
    String measured =
        Metric.STEP_MS.key().equals(metric)
            ? " step time as measured (plain code, not divided by the canary),"
            : "";
    // one process cannot show its own JVM's bias: its noise is at least the gate's process noise
    double floor =
        current.samples().processes().size() < BlockStatistics.MIN_FORKS
            ? options.processNoise()
            : 0;
    return judge(
        level.runs(),
        metrics.get(metric),
        options,
        branch + "," + measured + " " + level.words(),
        floor);
  }

  /**
   * The metric judged: the gate's unit ({@link Metric#STEP_VS_CANARY}) where this run and its
   * history have it; the step time ({@link Metric#STEP_MS}) for a step the canary does not divide
   * (plain Java code, judged on its own forks); null when neither is there on both sides.
   */
  static String metricFor(Map<String, Double> run, Series series) {
    for (String metric : List.of(Metric.STEP_VS_CANARY.key(), Metric.STEP_MS.key())) {
      if (run.containsKey(metric) && series.metrics().contains(metric)) {
        return metric;
      }
    }
    return null;
  }

  /**
   * The history runs a new run is judged against: the runs after the last change point when there
   * are {@link Defaults.History#GATE_MIN_RUNS} of them, otherwise the level before it. The newest
   * runs, too few to make a change point yet ({@link Defaults.History#MIN_SEGMENT} - 1), count only
   * where they lie inside the prediction interval of the runs before them: a recorded regression
   * does not widen the level it is judged against. So each build of a slower step fails, recorded
   * or not, until its runs make a change point and then a level of their own (docs/history.md).
   *
   * @param runs the runs used (at most the window's, the newest)
   * @param words which runs, in words
   */
  record Level(List<Point> runs, String words) {
    static Level of(List<Point> recent, int window, double alpha) {
      List<ChangePoint> changes =
          ChangePoints.detect(History.values(recent), ChangePoints.Options.defaults());
      List<Integer> starts = new ArrayList<>();
      starts.add(0);
      changes.forEach(c -> starts.add(c.index()));
      int end = recent.size();
      for (int k = starts.size() - 1; k >= 0; k--) {
        int from = Math.max(starts.get(k), end - window);
        List<Point> runs = new ArrayList<>(recent.subList(from, end));
        int left = end == recent.size() ? leaveOutStrays(runs, alpha) : 0;
        if (runs.size() >= Defaults.History.GATE_MIN_RUNS) {
          String where =
              k == 0 ? "" : " since its change point at " + commitOf(recent.get(starts.get(k)));
          String strays =
              left == 0
                  ? ""
                  : "; the newest "
                      + left
                      + " left out (outside the level, too few for a change point yet)";
          String newer =
              end == recent.size()
                  ? ""
                  : "; the "
                      + (recent.size() - end)
                      + " runs since the change point at "
                      + commitOf(recent.get(end))
                      + " are too few to be a level (judged against the one they left)";
          return new Level(List.copyOf(runs), runs.size() + " runs" + where + strays + newer);
        }
        end = starts.get(k);
      }
      return null;
    }

    /**
     * Removes from the newest runs those outside the prediction interval of the runs before them;
     * returns how many.
     */
    private static int leaveOutStrays(List<Point> runs, double alpha) {
      int tail = Defaults.History.MIN_SEGMENT - 1;
      if (runs.size() - tail < 2) {
        return 0;
      }
      LogLevel before = LogLevel.of(runs.subList(0, runs.size() - tail));
      double half = before.predictionHalfWidth(alpha, 0);
      int size = runs.size();
      runs.subList(size - tail, size)
          .removeIf(p -> Math.abs(Math.log(p.value()) - before.mean()) > half);
      return size - runs.size();
    }
  }

  /**
   * The prediction-interval judgement of one value against the history runs.
   *
   * @param level the history runs at the current level
   * @param value this run's value
   * @param options the gate's significance level and threshold
   * @param used which history, in words
   * @return the result
   */
  static Result judge(List<Point> level, double value, GateOptions options, String used) {
    return judge(level, value, options, used, 0);
  }

  /**
   * The same, with the run-to-run noise never taken below {@code noiseFloor}: a run measured in one
   * process cannot show its own JVM's bias, which a quiet history may not have met yet (an
   * unchanged plain-Java step read +13.3% in one fresh JVM of 60 against a history whose noise was
   * 0.8%).
   */
  static Result judge(
      List<Point> level, double value, GateOptions options, String used, double noiseFloor) {
    LogLevel stats = LogLevel.of(level);
    int n = stats.n();
    double measured = stats.sd();
    double s = Math.max(measured, noiseFloor);
    double se = s * Math.sqrt(1 + 1.0 / n);
    TDistribution t = new TDistribution(null, n - 1);
    double ta = t.inverseCumulativeProbability(1 - options.alpha() / 2);
    double mean = stats.mean();
    double d = Math.log(value) - mean;
    double half = ta * se;
    double mde = Math.expm1((ta + t.inverseCumulativeProbability(0.8)) * se);
    VerdictRule.Call call =
        VerdictRule.judge(
            Math.expm1(d),
            Math.expm1(d - half),
            Math.expm1(d + half),
            options.maxRegression(),
            mde,
            "the history's noise is wide: more forks per run narrow it");
    String words =
        used
            + String.format(java.util.Locale.ROOT, ", noise %.1f%%", 100 * measured)
            + (s > measured
                ? String.format(
                    java.util.Locale.ROOT,
                    " (taken as %.1f%%, the process noise: this run is one process)",
                    100 * s)
                : "");
    return new Result(
        call.verdict(),
        call.why(),
        Math.expm1(d),
        Math.expm1(d - half),
        Math.expm1(d + half),
        mde,
        n,
        s,
        words,
        null);
  }

  /**
   * The mean and standard deviation of the runs' log values: the level a new run is predicted from,
   * by the judgement and by the choice of which newest runs belong to it.
   */
  private record LogLevel(double mean, double sd, int n) {
    static LogLevel of(List<Point> runs) {
      int n = runs.size();
      double mean = 0;
      for (Point p : runs) {
        mean += Math.log(p.value()) / n;
      }
      double ss = 0;
      for (Point p : runs) {
        double d = Math.log(p.value()) - mean;
        ss += d * d;
      }
      return new LogLevel(mean, Math.sqrt(ss / (n - 1)), n);
    }

    /** Half the prediction interval of a new run, in logs, its sd never below {@code floor}. */
    double predictionHalfWidth(double alpha, double floor) {
      return new TDistribution(null, n - 1).inverseCumulativeProbability(1 - alpha / 2)
          * Math.max(sd, floor)
          * Math.sqrt(1 + 1.0 / n);
    }
  }

  private static String commitOf(Point p) {
    return p.commit() == null ? p.time().toString() : p.commit();
  }

  private static Result fallback(String why) {
    return new Result(
        null, null, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, null, why);
  }

  /**
   * Judges a value against history runs the caller chose (the gate study's replay of a history).
   *
   * @param points history runs at one level
   * @param value this run's value
   * @param options the gate's settings
   * @return the result
   */
  public static Result against(List<Point> points, double value, GateOptions options) {
    return judge(new ArrayList<>(points), value, options, points.size() + " runs");
  }
}
