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
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.history.ChangePoint;
import org.libreyolo.profile.history.ChangePoints;
import org.libreyolo.profile.history.History;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.history.HistoryGate;
import org.libreyolo.profile.history.Point;
import org.libreyolo.profile.history.Run;
import org.libreyolo.profile.history.Series;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.result.Profile;

/**
 * The history commands every surface runs ({@code profile history ...}, the Maven goals), worded:
 * {@link HistoryCommands} does each one, this says what it found, text or JSON.
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
    return new View(
        recordedLines(HistoryCommands.record(url, profile, series, commit, branch, time, again)),
        null);
  }

  /** What a recording did, in one line. */
  private static List<String> recordedLines(HistoryCommands.Recorded r) {
    if (!r.recorded()) {
      return List.of(
          "not recorded: the history "
              + r.where()
              + " holds this profile already in "
              + r.series());
    }
    Run run = r.run();
    int forks = r.forks();
    return List.of(
        "recorded "
            + r.series()
            + " ("
            + forks
            + (forks == 1 ? " process" : " forks")
            + ", commit "
            + (run.commit() == null ? "unknown" : run.commit())
            + ", branch "
            + (run.branch() == null ? "unknown" : run.branch())
            + ") in the history "
            + r.where());
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
    HistoryCommands.Imported r = HistoryCommands.importCsv(url, csv, series, attributes);
    return new View(
        List.of(
            "imported "
                + r.runs()
                + " runs of "
                + csv
                + " into series "
                + series
                + " in the history "
                + r.where()),
        null);
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
    HistoryCommands.Exported r = HistoryCommands.export(url, series, out);
    if (out != null) {
      return new View(List.of("wrote " + r.runs() + " runs of " + r.ref() + " to " + out), null);
    }
    return new View(r.csv().lines().toList(), null);
  }

  /**
   * Lists the series with their run counts.
   *
   * @param url the history's JDBC URL, or null
   * @return one line per series, and the JSON {@code {"series": [...]}}
   */
  public static View list(String url) {
    HistoryCommands.Listing listing = HistoryCommands.list(url);
    List<Series> all = listing.series();
    List<String> lines = new ArrayList<>();
    lines.add("history " + listing.where() + ": " + all.size() + " series");
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("history", listing.where());
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
      List<Series> testbeds = lastOfName ? listing.testbeds(s.name()) : List.of();
      if (testbeds.size() > 1) { // the list is ordered by name: say once what splits it
        lines.add(
            "    "
                + s.name()
                + " is split over "
                + testbeds.size()
                + " testbeds: "
                + History.differences(testbeds));
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
    HistoryCommands.Changes c = HistoryCommands.changes(url, series, metric, branch, options);
    List<Point> points = c.points();
    List<ChangePoint> found = c.found();
    List<String> lines = new ArrayList<>();
    lines.add(
        c.series().ref()
            + " "
            + c.metric()
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
    json.put("series", c.series().ref());
    json.put("metric", c.metric());
    json.put("runs", points.size());
    ObjectNode settings = json.putObject("settings");
    settings.put("window", options.window());
    settings.put("p_value", options.pValue());
    settings.put("min_magnitude", options.minMagnitude());
    settings.put("min_segment", options.minSegment());
    ArrayNode arr = json.putArray("change_points");
    for (int i = 0; i < found.size(); i++) {
      ChangePoint cp = found.get(i);
      Point at = points.get(cp.index());
      lines.add(
          String.format(
              Locale.ROOT,
              "  #%d %s commit %s: %+.2f%% (%.4g -> %.4g, p %.2g)",
              cp.index(),
              at.time(),
              at.commit() == null ? "-" : at.commit(),
              100 * cp.change(),
              cp.before(),
              cp.after(),
              cp.pValue()));
      ObjectNode o = arr.addObject();
      o.put("index", cp.index());
      o.put("time", at.time().toString());
      o.put("commit", at.commit());
      o.put("change_percent", Math.round(cp.change() * 1e6) / 1e4);
      o.put("pvalue", cp.pValue());
      o.put("mean_before", cp.before());
      o.put("mean_after", cp.after());
      ProfileDiff d = c.diffs().get(i);
      if (d != null) {
        lines.add("      " + DiffReport.brief(d));
        o.set("diff", DiffJson.json(d));
      }
    }
    return new View(lines, json);
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
    return checkView(HistoryCommands.check(url, profile, series, branch, runs, options));
  }

  /** The history gate's lines, its verdict last, and its JSON. */
  private static View checkView(HistoryGate.Result r) {
    List<String> lines = new ArrayList<>(HistoryGateReport.lines(r));
    lines.add(
        "verdict: "
            + (r.verdict() == null
                ? "INCONCLUSIVE (no history to judge by: check against the stored" + " baseline)"
                : r.verdict()));
    return new View(lines, HistoryGateReport.json(r), r.verdict());
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
   * A build's run against its series' history on {@code branch}, then recorded there when the build
   * is on it or the user says so ({@link HistoryCommands#checkThenRecord}), worded.
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
    HistoryCommands.Judged j =
        HistoryCommands.checkThenRecord(url, profile, series, branch, record, options);
    View check = checkView(j.check());
    if (j.recorded() != null) {
      return new Judged(check.verdict(), check.lines(), recordedLines(j.recorded()), true);
    }
    return new Judged(
        check.verdict(),
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
    HistoryCommands.SeriesRuns r = HistoryCommands.seriesRuns(url, series, metric, options);
    AtomicFiles.writeText(
        out, HistoryReport.html(r.series(), r.metric(), r.runs(), r.changes(), r.diffs()));
    return new View(
        List.of(
            "wrote the report of "
                + r.series().ref()
                + " "
                + r.metric()
                + " ("
                + r.values().length
                + " runs, "
                + r.changes().size()
                + " change points) to "
                + out),
        null);
  }
}
