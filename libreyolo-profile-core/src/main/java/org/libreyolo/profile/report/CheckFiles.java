package org.libreyolo.profile.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.result.Profile;

/**
 * The stored-baseline check as the CLI's {@code check}, the Maven {@code check} goal and the JUnit
 * extension run it: {@link GateRun#judge} decides, and this writes the one verdict three ways:
 * {@code check-result.json} (machines), {@code check-summary.md} (CI job summaries), {@code
 * check-report.html} (people) and {@code check-bencher.json} (Bencher), with the lines for a log.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class CheckFiles {
  /** The check result's file name. */
  public static final String RESULT_FILE = "check-result.json";

  /** The check summary's file name (markdown). */
  public static final String SUMMARY_FILE = "check-summary.md";

  /** The check report's file name. */
  public static final String REPORT_FILE = "check-report.html";

  /** The check's figures in the Bencher Metric Format ({@link Format#BMF}). */
  public static final String BENCHER_FILE = "check-bencher.json";

  /**
   * What a check produced: the verdict, its text lines for a log, and the files written.
   *
   * @param result the gate's result
   * @param lines the text lines
   * @param resultFile the JSON result written
   * @param summaryFile the markdown summary written
   * @param reportFile the HTML report written, or null
   * @param bencherFile the figures in the Bencher Metric Format
   */
  public record Outcome(
      Gate.Result result,
      List<String> lines,
      Path resultFile,
      Path summaryFile,
      Path reportFile,
      Path bencherFile) {}

  /**
   * A verdict with both inputs, as every format renders it ({@link Format#check}).
   *
   * @param result the gate's result
   * @param baseline the baseline profile
   * @param baselineFile its file
   * @param current the current profile
   * @param currentFile its file
   */
  public record Judged(
      Gate.Result result, Profile baseline, Path baselineFile, Profile current, Path currentFile) {
    /** {@return the verdict's text lines for a log} ({@link CheckFiles#lines}) */
    public List<String> lines() {
      return CheckFiles.lines(result, baseline, baselineFile, current, currentFile);
    }

    /**
     * {@return the warnings among {@link #lines()}, in their order} A machine format prints them
     * apart (on stderr), so its output stays parseable.
     */
    public List<String> warnings() {
      List<String> out =
          new ArrayList<>(leadingWarnings(baseline, baselineFile, current, currentFile));
      String underpowered = GateReport.underpowered(result);
      if (underpowered != null) {
        out.add(underpowered);
      }
      return out;
    }
  }

  /**
   * The verdict's text lines for a log, led by {@link #orderWarning} when there is one.
   *
   * @param result the gate's result
   * @param base the baseline profile
   * @param baseline the baseline profile, or its file
   * @param now the current profile
   * @param current the current profile, or its file
   * @return the lines to print
   */
  public static List<String> lines(
      Gate.Result result, Profile base, Path baseline, Profile now, Path current) {
    // measured again in this job: the pairing is new evidence, whatever the stored files hold
    List<String> lines =
        result.paired() != null
            ? new ArrayList<>()
            : new ArrayList<>(leadingWarnings(base, baseline, now, current));
    lines.addAll(GateReport.text(result));
    return lines;
  }

  /** The warnings before the verdict's lines: a profile judged against itself, a swapped order. */
  private static List<String> leadingWarnings(
      Profile base, Path baseline, Profile now, Path current) {
    List<String> out = new ArrayList<>();
    if (base.equals(now)) {
      out.add(
          "warning: "
              + (baseline.equals(current)
                  ? "the baseline and the current profile are one file, " + current
                  : "the current profile " + current + " is a copy of the baseline " + baseline)
              + ": nothing was measured since the baseline, and a check against itself says"
              + " nothing about this build (measure again, then check)");
    }
    String order = orderWarning(base, baseline, now, current);
    if (order != null) {
      out.add(order);
    }
    return out;
  }

  /**
   * A warning line when the baseline was recorded after the profile it judges (arguments swapped,
   * or a stale current file), by their {@code recorded_at} (file times say nothing after a git
   * checkout); null when the order is as expected or unknown. The verdict is kept as computed.
   */
  static String orderWarning(Profile base, Path baseline, Profile now, Path current) {
    Instant b = recordedAt(base);
    Instant c = recordedAt(now);
    if (b == null || c == null || !b.isAfter(c)) {
      return null;
    }
    return "warning: the baseline "
        + baseline
        + " ("
        + b
        + ") is newer than the current profile "
        + current
        + " ("
        + c
        + "): are <baseline> and <current> swapped? The change below reads current against baseline";
  }

  private static Instant recordedAt(Profile p) {
    String at = p.recordedAt();
    try {
      return at.isEmpty() ? null : Instant.parse(at);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /**
   * {@code check-result.json}'s content: the verdict with both inputs named.
   *
   * @param result the gate's result
   * @param baseline the baseline profile, or its file
   * @param current the current profile, or its file
   * @return the check result as JSON
   */
  public static ObjectNode resultJson(Gate.Result result, Path baseline, Path current) {
    ObjectNode json = GateReport.json(result);
    json.put("baseline", baseline.toString());
    json.put("current", current.toString());
    return json;
  }

  /**
   * Writes the check's files for a result already judged (the stored numbers' or a pairing's).
   *
   * @param result the verdict
   * @param base the baseline profile
   * @param baseline the baseline profile, or its file
   * @param now the current profile
   * @param current the current profile, or its file
   * @param outputDirectory the directory the files are written to
   * @return the verdict and the files written
   */
  public static Outcome write(
      Gate.Result result,
      Profile base,
      Path baseline,
      Profile now,
      Path current,
      Path outputDirectory) {
    Judged judged = new Judged(result, base, baseline, now, current);
    Path resultFile = outputDirectory.resolve(RESULT_FILE);
    AtomicFiles.writeText(resultFile, Format.JSON.check(judged));
    Path summaryFile = outputDirectory.resolve(SUMMARY_FILE);
    AtomicFiles.writeText(summaryFile, Format.MARKDOWN.check(judged));
    Path bencherFile = outputDirectory.resolve(BENCHER_FILE);
    AtomicFiles.writeText(bencherFile, Format.BMF.check(judged));
    Path reportFile =
        CheckReport.write(
            base, baseline, now, current, result, outputDirectory.resolve(REPORT_FILE));
    List<String> lines = lines(result, base, baseline, now, current);
    lines.add("report: " + reportFile);
    return new Outcome(result, lines, resultFile, summaryFile, reportFile, bencherFile);
  }

  private CheckFiles() {}
}
