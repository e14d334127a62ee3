package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.history.ChangePoint;
import org.libreyolo.profile.history.ChangePoints;
import org.libreyolo.profile.history.History;
import org.libreyolo.profile.history.HistoryGate;
import org.libreyolo.profile.history.OtavaCsv;
import org.libreyolo.profile.history.Point;
import org.libreyolo.profile.history.Provenance;
import org.libreyolo.profile.history.Run;
import org.libreyolo.profile.history.Series;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Profile;

/**
 * The history commands every surface runs ({@code profile history ...}, the Maven goals): each
 * opens the store, does one thing and returns what to print, text or JSON.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class HistoryViews {
  private HistoryViews() {}

  /**
   * What a command prints: text lines, and the JSON object when one was asked for.
   *
   * @param lines the text output
   * @param json the JSON output, or null
   * @param verdict a check's verdict (null: none, or no history to judge by), for exit codes and
   *     build results: never read back from the text or the JSON
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record View(List<String> lines, ObjectNode json, Verdict verdict) {
    /**
     * A view that judges nothing.
     *
     * @param lines the text output
     * @param json the JSON output, or null
     */
    public View(List<String> lines, ObjectNode json) {
      this(lines, json, null);
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
   * @param again record it even when the series holds this profile already
   * @return what was stored, in one line
   */
  public static View record(
      String url,
      Profile profile,
      String series,
      String commit,
      String branch,
      Instant time,
      boolean again) {
    return recordRun(url, profile, series, commit, branch, time, again);
  }

  /**
   * {@code again} null: a profile the series holds already is left out with a line, not refused (a
   * build's gate).
   */
  private static View recordRun(
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
          return new View(
              List.of(
                  "not recorded: the history "
                      + h.where()
                      + " holds this profile already in "
                      + series),
              null);
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
      int forks = run.forks().values().stream().mapToInt(f -> f.length).max().orElse(1);
      return new View(
          List.of(
              "recorded "
                  + series
                  + " ("
                  + forks
                  + (forks == 1 ? " process" : " forks")
                  + ", commit "
                  + (run.commit() == null ? "unknown" : run.commit())
                  + ", branch "
                  + (run.branch() == null ? "unknown" : run.branch())
                  + ") in the history "
                  + h.where()),
          null);
    }
  }

  /**
   * Imports an Otava CSV into one series, in one transaction.
   *
   * @param url the history's JDBC URL, or null
   * @param csv the CSV file
   * @param series the series' name
   * @param attributes the columns that are attributes
   * @return what was stored
   */
  public static View importCsv(String url, Path csv, String series, Set<String> attributes) {
    List<Run> runs = OtavaCsv.read(csv, attributes);
    try (History h = History.open(url)) {
      h.record(series, java.util.Map.of(), runs);
      return new View(
          List.of(
              "imported "
                  + runs.size()
                  + " runs of "
                  + csv
                  + " into series "
                  + series
                  + " in the history "
                  + h.where()),
          null);
    }
  }

  /**
   * Writes a series as Otava's CSV, to a file (temp + rename) or, with no file, as lines.
   *
   * @param url the history's JDBC URL, or null
   * @param series the series' name or reference
   * @param out the file, or null to return the CSV as lines
   * @return the CSV lines, or the line saying where it went
   */
  public static View export(String url, String series, Path out) {
    try (History h = History.open(url)) {
      Series s = h.series(series);
      List<Run> runs = h.runs(s);
      if (out != null) {
        AtomicFiles.write(out, stream -> OtavaCsv.write(runs, stream));
        return new View(
            List.of("wrote " + runs.size() + " runs of " + s.ref() + " to " + out), null);
      }
      java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
      try {
        OtavaCsv.write(runs, buffer);
      } catch (java.io.IOException e) {
        throw new IllegalStateException(e);
      }
      return new View(
          buffer.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList(), null);
    }
  }

  /**
   * Lists the series with their run counts.
   *
   * @param url the history's JDBC URL, or null
   * @return one line per series, and the JSON {@code {"series": [...]}}
   */
  public static View list(String url) {
    try (History h = History.open(url)) {
      List<Series> all = h.list();
      List<String> lines = new ArrayList<>();
      lines.add("history " + h.where() + ": " + all.size() + " series");
      ObjectNode json = JsonNodeFactory.instance.objectNode();
      json.put("history", h.where());
      ArrayNode arr = json.putArray("series");
      for (int i = 0; i < all.size(); i++) {
        Series s = all.get(i);
        lines.add(
            String.format(
                Locale.ROOT,
                "  %-32s %-8s %6d runs  %s",
                s.name(),
                s.testbedId(),
                s.runs(),
                String.join(",", s.metrics())));
        boolean lastOfName = i == all.size() - 1 || !all.get(i + 1).name().equals(s.name());
        if (lastOfName) { // the list is ordered by name: say once what splits it
          List<Series> sameName = all.stream().filter(t -> t.name().equals(s.name())).toList();
          if (sameName.size() > 1) {
            lines.add(
                "    "
                    + s.name()
                    + " is split over "
                    + sameName.size()
                    + " testbeds: "
                    + History.differences(sameName));
          }
        }
        ObjectNode o = arr.addObject();
        o.put("name", s.name());
        o.put("testbed_id", s.testbedId());
        o.put("runs", s.runs());
        ArrayNode m = o.putArray("metrics");
        s.metrics().forEach(m::add);
        ObjectNode tb = o.putObject("testbed");
        s.testbed().forEach(tb::put);
      }
      return new View(lines, json);
    }
  }

  /**
   * The change points of one metric of a series.
   *
   * @param url the history's JDBC URL, or null
   * @param series the series' name or reference
   * @param metric the metric
   * @param branch only this branch's runs, or null for all
   * @param options the detector's settings
   * @return one line per change point, and the JSON with {@code change_points}
   */
  public static View changes(
      String url, String series, String metric, String branch, ChangePoints.Options options) {
    try (History h = History.open(url)) {
      Series s = h.series(series);
      String m = metric != null ? metric : defaultMetric(s);
      List<Point> points = h.points(s, m, branch, 0);
      List<ChangePoint> found = ChangePoints.detect(History.values(points), options);
      List<String> lines = new ArrayList<>();
      lines.add(
          s.ref()
              + " "
              + m
              + (branch == null ? "" : " on " + branch)
              + ": "
              + points.size()
              + " runs, "
              + found.size()
              + " change point"
              + (found.size() == 1 ? "" : "s")
              + " (window "
              + options.window()
              + ", p < "
              + options.pValue()
              + ")");
      ObjectNode json = JsonNodeFactory.instance.objectNode();
      json.put("series", s.ref());
      json.put("metric", m);
      json.put("runs", points.size());
      ObjectNode settings = json.putObject("settings");
      settings.put("window", options.window());
      settings.put("p_value", options.pValue());
      settings.put("min_magnitude", options.minMagnitude());
      settings.put("min_segment", options.minSegment());
      ArrayNode arr = json.putArray("change_points");
      for (ChangePoint c : found) {
        Point at = points.get(c.index());
        lines.add(
            String.format(
                Locale.ROOT,
                "  #%d %s commit %s: %+.2f%% (%.4g -> %.4g, p %.2g)",
                c.index(),
                at.time(),
                at.commit() == null ? "-" : at.commit(),
                100 * c.change(),
                c.before(),
                c.after(),
                c.pValue()));
        ObjectNode o = arr.addObject();
        o.put("index", c.index());
        o.put("time", at.time().toString());
        o.put("commit", at.commit());
        o.put("change_percent", Math.round(c.change() * 1e6) / 1e4);
        o.put("pvalue", c.pValue());
        o.put("mean_before", c.before());
        o.put("mean_after", c.after());
        ProfileDiff d = aroundChange(h, points, c.index());
        if (d != null) {
          lines.add("      " + DiffReport.brief(d));
          o.set("diff", DiffJson.json(d));
        }
      }
      return new View(lines, json);
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
   * @return the lines and the JSON (its {@code verdict} null when history could not judge)
   */
  public static View check(
      String url, Profile profile, String series, String branch, int runs, GateOptions options) {
    if (runs < Defaults.History.GATE_MIN_RUNS) {
      throw LibreYoloException.badInput(
          "{runs} must be >= " + Defaults.History.GATE_MIN_RUNS + " history runs, got " + runs);
    }
    try (History h = History.open(url)) {
      HistoryGate.Result r = HistoryGate.check(h, series, profile, branch, runs, options);
      List<String> lines = new ArrayList<>(HistoryGateReport.lines(r));
      lines.add(
          "verdict: "
              + (r.verdict() == null
                  ? "INCONCLUSIVE (no history to judge by: check against the stored" + " baseline)"
                  : r.verdict()));
      return new View(lines, HistoryGateReport.json(r), r.verdict());
    }
  }

  /**
   * What a build's run did with the history: the verdict there (null when the history could not
   * judge), the check's lines, and the recording's lines.
   *
   * @param verdict the history's verdict, or null
   * @param checkLines the check's lines (verdict last)
   * @param recordLines what the recording did, or why the run was not recorded
   * @param recorded whether the run is now in the history
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public record Judged(
      Verdict verdict, List<String> checkLines, List<String> recordLines, boolean recorded) {}

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
   * @param recordFlag the surface's name for that choice (a Maven parameter, a JUnit configuration
   *     key)
   * @param options the gate's settings
   * @return the verdict and the lines
   */
  public static Judged checkThenRecord(
      String url,
      Profile profile,
      String series,
      String branch,
      Boolean record,
      String recordFlag,
      GateOptions options) {
    View check = check(url, profile, series, branch, Defaults.History.GATE_RUNS_VALUE, options);
    Verdict verdict = check.verdict();
    if (Provenance.records(record, branch)) {
      return new Judged(
          verdict,
          check.lines(),
          recordRun(url, profile, series, null, null, null, null).lines(),
          true);
    }
    return new Judged(
        verdict,
        check.lines(),
        List.of(
            "not recorded in the history: this build is not on "
                + branch
                + " ("
                + recordFlag
                + "=true records it)"),
        false);
  }

  /**
   * Writes the series' report: its runs plotted with their forks, the levels and the change points
   * ({@link HistoryReport}), through a temp file and a rename.
   *
   * @param url the history's JDBC URL, or null
   * @param series the series' name or reference
   * @param metric the metric, or null for the default
   * @param options the detector's settings
   * @param out the HTML file
   * @return the line saying where it went
   */
  public static View report(
      String url, String series, String metric, ChangePoints.Options options, Path out) {
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
      String html = HistoryReport.html(s, m, runs, changes, diffs);
      AtomicFiles.write(
          out, stream -> stream.write(html.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
      return new View(
          List.of(
              "wrote the report of "
                  + s.ref()
                  + " "
                  + m
                  + " ("
                  + values.length
                  + " runs, "
                  + changes.size()
                  + " change points) to "
                  + out),
          null);
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
