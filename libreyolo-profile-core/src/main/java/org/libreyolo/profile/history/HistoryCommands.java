package org.libreyolo.profile.history;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Profile;

/**
 * The history commands every surface runs ({@code profile history ...}, the Maven goals, a build's
 * check): each opens the store, does one thing and returns what it found, typed; {@code
 * report.HistoryViews} words it.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class HistoryCommands {
  private HistoryCommands() {}

  /**
   * A run recorded, or left out because the series holds it already.
   *
   * @param series the series' name
   * @param run the run
   * @param where the history, as {@link History#where()} names it
   * @param recorded false: the series held this profile already and it was left out
   */
  public record Recorded(String series, Run run, String where, boolean recorded) {
    /**
     * @return the most forks any of the run's metrics pooled (1: one process)
     */
    public int forks() {
      return run.forks().values().stream().mapToInt(f -> f.length).max().orElse(1);
    }
  }

  /**
   * Records a profile as one run.
   *
   * @param url the history's JDBC URL, or null for the default
   * @param profile the profile
   * @param series the series' name
   * @param commit the commit, or null to read it from the environment or git
   * @param branch the branch, or null to read it from the environment or git
   * @param time when it ran, or null for now
   * @param again true: record it even when the series holds this profile already; false: refuse
   *     that; null: leave it out (a build's gate)
   * @return what was stored
   */
  public static Recorded record(
      String url,
      Profile profile,
      String series,
      String commit,
      String branch,
      Instant time,
      Boolean again) {
    Run run =
        History.run(
            profile,
            commit != null ? commit : Provenance.commit(),
            branch != null ? branch : Provenance.branch(),
            time != null ? time : Instant.now());
    try (History h = History.open(url)) {
      if (!Boolean.TRUE.equals(again) && h.holds(series, run)) {
        if (again == null) {
          return new Recorded(series, run, h.where(), false);
        }
        throw LibreYoloException.badInput(
            "the history "
                + h.where()
                + " holds this profile already (same content and"
                + " recorded_at) in "
                + series
                + ": recording it twice counts one measurement as two runs; {again} records"
                + " it anyway");
      }
      h.record(series, History.testbed(profile), List.of(run));
      return new Recorded(series, run, h.where(), true);
    }
  }

  /**
   * An Otava CSV imported.
   *
   * @param runs the runs stored
   * @param where the history
   * @param csv the CSV file
   * @param series the series they went into
   */
  public record Imported(int runs, String where, Path csv, String series) {}

  /**
   * Imports an Otava CSV into one series, in one transaction.
   *
   * @param url the history's JDBC URL, or null
   * @param csv the CSV file
   * @param series the series' name
   * @param attributes the columns that are attributes
   * @return what was stored
   */
  public static Imported importCsv(String url, Path csv, String series, Set<String> attributes) {
    List<Run> runs = OtavaCsv.read(csv, attributes);
    try (History h = History.open(url)) {
      h.record(series, Map.of(), runs);
      return new Imported(runs.size(), h.where(), csv, series);
    }
  }

  /**
   * A series exported as Otava's CSV.
   *
   * @param ref the series' reference
   * @param runs its runs
   * @param csv the CSV's text when no file was named, else null
   * @param out the file it went to, or null
   */
  public record Exported(String ref, int runs, String csv, Path out) {}

  /**
   * Writes a series as Otava's CSV to a file (temp + rename), or returns it with no file.
   *
   * @param url the history's JDBC URL, or null
   * @param series the series' name or reference
   * @param out the file, or null to return the CSV's text
   * @return what was exported
   */
  public static Exported export(String url, String series, Path out) {
    try (History h = History.open(url)) {
      Series s = h.series(series);
      List<Run> runs = h.runs(s);
      if (out != null) {
        AtomicFiles.write(out, stream -> OtavaCsv.write(runs, stream));
        return new Exported(s.ref(), runs.size(), null, out);
      }
      ByteArrayOutputStream buffer = new ByteArrayOutputStream();
      try {
        OtavaCsv.write(runs, buffer);
      } catch (IOException e) {
        throw new IllegalStateException(e); // a byte array cannot fail to take bytes
      }
      return new Exported(s.ref(), runs.size(), buffer.toString(StandardCharsets.UTF_8), null);
    }
  }

  /**
   * The store's series.
   *
   * @param where the history
   * @param series every series, ordered by name
   */
  public record Listing(String where, List<Series> series) {
    /**
     * The series a name splits into, one per testbed ({@link History#differences} says what differs
     * between them).
     *
     * @param name the series' name
     * @return its series, in the listing's order
     */
    public List<Series> testbeds(String name) {
      return series.stream().filter(t -> t.name().equals(name)).toList();
    }
  }

  /**
   * Lists the series with their run counts.
   *
   * @param url the history's JDBC URL, or null
   * @return the series
   */
  public static Listing list(String url) {
    try (History h = History.open(url)) {
      return new Listing(h.where(), h.list());
    }
  }

  /**
   * The change points of one metric of a series.
   *
   * @param series the series
   * @param metric the metric
   * @param branch only this branch's runs, or null for all
   * @param options the detector's settings
   * @param points the runs, oldest first
   * @param found the change points
   * @param diffs what changed at each change point, or null where the runs around it kept no
   *     profile
   */
  public record Changes(
      Series series,
      String metric,
      String branch,
      ChangePoints.Options options,
      List<Point> points,
      List<ChangePoint> found,
      List<ProfileDiff> diffs) {}

  /**
   * The change points of one metric of a series, each with what changed around it.
   *
   * @param url the history's JDBC URL, or null
   * @param series the series' name or reference
   * @param metric the metric, or null for the series' default
   * @param branch only this branch's runs, or null for all
   * @param options the detector's settings
   * @return the change points
   */
  public static Changes changes(
      String url, String series, String metric, String branch, ChangePoints.Options options) {
    try (History h = History.open(url)) {
      Series s = h.series(series);
      String m = metric != null ? metric : defaultMetric(s);
      List<Point> points = h.points(s, m, branch, 0);
      List<ChangePoint> found = ChangePoints.detect(History.values(points), options);
      List<ProfileDiff> diffs = new ArrayList<>();
      for (ChangePoint c : found) {
        diffs.add(aroundChange(h, points, c.index()));
      }
      return new Changes(s, m, branch, options, points, found, diffs);
    }
  }

  /**
   * What changed at a change point: the last run before it and its first run after, where both were
   * recorded with their profiles (imported runs have none); null otherwise.
   */
  private static ProfileDiff aroundChange(History h, List<Point> points, int index) {
    Profile before = null;
    for (int i = index - 1; i >= 0 && before == null; i--) {
      before = h.profile(points.get(i));
    }
    Profile after = null;
    for (int i = index; i < points.size() && after == null; i++) {
      after = h.profile(points.get(i));
    }
    return before == null || after == null ? null : ProfileDiff.of(before, after, null, null);
  }

  /**
   * Judges a profile against its series' history ({@link HistoryGate}).
   *
   * @param url the history's JDBC URL, or null
   * @param profile the profile to judge
   * @param series the series' name
   * @param branch the history's branch
   * @param runs history runs at the current level, at most
   * @param options the gate's settings
   * @return the gate's result (its verdict null when history could not judge)
   */
  public static HistoryGate.Result check(
      String url, Profile profile, String series, String branch, int runs, GateOptions options) {
    if (runs < Defaults.History.GATE_MIN_RUNS) {
      throw LibreYoloException.badInput(
          "{runs} must be >= " + Defaults.History.GATE_MIN_RUNS + " history runs, got " + runs);
    }
    try (History h = History.open(url)) {
      return HistoryGate.check(h, series, profile, branch, runs, options);
    }
  }

  /**
   * A build's run against its history, then recorded or not.
   *
   * @param check the gate's result
   * @param recorded what the recording did, or null when the build is not on the history's branch
   * @param branch the branch whose runs are the history
   */
  public record Judged(HistoryGate.Result check, Recorded recorded, String branch) {}

  /**
   * A build's run against its series' history on {@code branch} ({@link #check}), then recorded
   * there when {@link Provenance#records} says so: judged first, so a run is never compared with a
   * history that holds it.
   *
   * @param url the history's JDBC URL
   * @param profile the run's profile
   * @param series the series' name
   * @param branch the branch whose runs are the history
   * @param record the user's choice to record, or null for "when the build is on {@code branch}"
   * @param options the gate's settings
   * @return the verdict and what was recorded
   */
  public static Judged checkThenRecord(
      String url,
      Profile profile,
      String series,
      String branch,
      Boolean record,
      GateOptions options) {
    HistoryGate.Result check =
        check(url, profile, series, branch, Defaults.History.GATE_RUNS_VALUE, options);
    Recorded recorded =
        Provenance.records(record, branch)
            ? record(url, profile, series, null, null, null, null)
            : null;
    return new Judged(check, recorded, branch);
  }

  /**
   * A series for its report: its runs with their forks, the change points of one metric and what
   * changed at each.
   *
   * @param series the series
   * @param metric the metric
   * @param runs the runs, oldest first
   * @param values the metric's values over the runs that hold it
   * @param changes the change points in {@code values}
   * @param diffs what changed at each change point, or null
   */
  public record SeriesRuns(
      Series series,
      String metric,
      List<Run> runs,
      double[] values,
      List<ChangePoint> changes,
      List<ProfileDiff> diffs) {}

  /**
   * A series' runs and change points, for its report.
   *
   * @param url the history's JDBC URL, or null
   * @param series the series' name or reference
   * @param metric the metric, or null for the default
   * @param options the detector's settings
   * @return the runs and the change points
   */
  public static SeriesRuns seriesRuns(
      String url, String series, String metric, ChangePoints.Options options) {
    try (History h = History.open(url)) {
      Series s = h.series(series);
      String m = metric != null ? metric : defaultMetric(s);
      History.requireMetric(s, m);
      List<Run> runs = h.runs(s);
      double[] values =
          runs.stream()
              .filter(r -> r.metrics().containsKey(m))
              .mapToDouble(r -> r.metrics().get(m))
              .toArray();
      List<ChangePoint> changes = ChangePoints.detect(values, options);
      List<Point> points = h.points(s, m, null, 0); // the same runs, in the same order
      List<ProfileDiff> diffs = new ArrayList<>();
      for (ChangePoint c : changes) {
        diffs.add(points.size() == values.length ? aroundChange(h, points, c.index()) : null);
      }
      return new SeriesRuns(s, m, runs, values, changes, diffs);
    }
  }

  /** The gate's unit when the series has it, else its only metric; several: the user names one. */
  private static String defaultMetric(Series s) {
    if (s.metrics().contains(Metric.STEP_VS_CANARY.key())) {
      return Metric.STEP_VS_CANARY.key();
    }
    if (s.metrics().size() == 1) {
      return s.metrics().get(0);
    }
    throw LibreYoloException.badInput(
        "series "
            + s.name()
            + " has "
            + s.metrics().size()
            + " metrics: name one with"
            + " {metric} ("
            + String.join(", ", s.metrics())
            + ")");
  }
}
