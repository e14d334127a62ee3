package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.diff.ProfileDiff;
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

/**
 * The history commands every surface runs ({@code profile history ...}, the Maven goals), worded:
 * {@link HistoryCommands} does each one and hands its typed result here, which says what it found,
 * text or JSON, and opens no store.
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
   * A profile recorded as one run ({@link HistoryCommands#record}).
   *
   * @param r what the recording did
   * @return what was stored, in one line
   */
  public static View recorded(HistoryCommands.Recorded r) {
    return new View(recordedLines(r), null);
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
   * An Otava CSV imported into one series ({@link HistoryCommands#importCsv}).
   *
   * @param r what was stored
   * @return what was stored, in one line
   */
  public static View imported(HistoryCommands.Imported r) {
    return new View(
        List.of(
            "imported "
                + r.runs()
                + " runs of "
                + r.csv()
                + " into series "
                + r.series()
                + " in the history "
                + r.where()),
        null);
  }

  /**
   * A series exported as Otava's CSV ({@link HistoryCommands#export}).
   *
   * @param r what was exported
   * @return the CSV lines, or the line saying where it went
   */
  public static View exported(HistoryCommands.Exported r) {
    if (r.out() != null) {
      return new View(
          List.of("wrote " + r.runs() + " runs of " + r.ref() + " to " + r.out()), null);
    }
    return new View(r.csv().lines().toList(), null);
  }

  /**
   * The series with their run counts ({@link HistoryCommands#list}).
   *
   * @param listing the store's series
   * @return one line per series, and the JSON {@code {"series": [...]}}
   */
  public static View listing(HistoryCommands.Listing listing) {
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
   * The change points of one metric of a series ({@link HistoryCommands#changes}).
   *
   * @param c the change points
   * @return one line per change point, and the JSON with {@code change_points}
   */
  public static View changes(HistoryCommands.Changes c) {
    String branch = c.branch();
    ChangePoints.Options options = c.options();
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
   * A profile judged against its series' history ({@link HistoryCommands#check}): the gate's lines,
   * its verdict last, and its JSON.
   *
   * @param r the history gate's result
   * @return the lines and the JSON (its {@code verdict} null when history could not judge)
   */
  public static View checked(HistoryGate.Result r) {
    return new View(HistoryGateReport.checkLines(r), HistoryGateReport.json(r), r.verdict());
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
   * A build's run against its series' history, then recorded there or not ({@link
   * HistoryCommands#checkThenRecord}), worded.
   *
   * @param j the verdict and what was recorded
   * @param recordFlag the surface's name for the choice to record (a Maven parameter, a JUnit
   *     configuration key)
   * @return the verdict and the lines
   */
  public static Judged judged(HistoryCommands.Judged j, String recordFlag) {
    String branch = j.branch();
    View check = checked(j.check());
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
   * Writes the series' report ({@link HistoryCommands#seriesRuns}): its runs plotted with their
   * forks, the levels and the change points ({@link HistoryReport}), through a temp file and a
   * rename.
   *
   * @param r the series' runs and change points
   * @param out the HTML file
   * @return the line saying where it went
   */
  public static View report(HistoryCommands.SeriesRuns r, Path out) {
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
