package org.libreyolo.profile.reader;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.internal.lens.Lenses;
import org.libreyolo.profile.internal.lens.WhatIf;
import org.libreyolo.profile.internal.report.CompareText;
import org.libreyolo.profile.internal.report.LensJson;
import org.libreyolo.profile.internal.report.LensText;
import org.libreyolo.profile.internal.report.TextReport;
import org.libreyolo.profile.options.KernelQuery;
import org.libreyolo.profile.report.DiffJson;
import org.libreyolo.profile.report.DiffReport;
import org.libreyolo.profile.report.Format;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;

/**
 * Every reader, by name, as one call that returns both renderings: the CLI prints {@link
 * View#lines(boolean)} to stdout, the Maven goals to the build log, so both show the same text and
 * the same JSON (docs/reference-behaviour.md, "Readers").
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class ReaderViews {
  private ReaderViews() {}

  /**
   * A reader's output: the {@code --json} text and the plain text lines.
   *
   * @param json the JSON text
   * @param text the text lines
   */
  public record View(String json, List<String> text) {
    /**
     * The view as printed.
     *
     * @param asJson true for the JSON text
     * @return the JSON text as one line, or the text lines
     */
    public List<String> lines(boolean asJson) {
      return asJson ? List.of(json) : text;
    }
  }

  /**
   * Opens a profile: a {@code profile.json}, or a Chrome/Kineto trace analysed on the fly.
   *
   * @param file the profile or trace
   * @return the profile
   */
  public static Profile load(Path file) {
    return ProfileLoader.load(file);
  }

  /**
   * A stored baseline: as {@link #load}, but a file that cannot be read as one is named a corrupt
   * baseline to record again, not a trace that failed to analyse.
   *
   * @param file the baseline
   * @return the profile
   */
  public static Profile baseline(Path file) {
    return ProfileLoader.baseline(file);
  }

  /**
   * {@code summary}: the headline metrics and the bound.
   *
   * @param file the file to read
   * @return the view
   */
  public static View summary(Path file) {
    Profile p = ProfileLoader.load(file);
    return new View(Json.indented(LensJson.summary(p)), TextReport.summary(p));
  }

  /**
   * {@code get}: one metric (text: its value) or, with no field, the metric names.
   *
   * @param file the file to read
   * @param field the metric's name, or null for the list of names
   * @return the view
   */
  public static View get(Path file, String field) {
    Profile p = ProfileLoader.load(file);
    if (field == null || field.isEmpty()) {
      List<String> names = Lenses.metricNames(p);
      return new View(Json.compact(Json.MAPPER.valueToTree(names)), LensText.metricList(names));
    }
    JsonNode value = Lenses.metric(p, field, file.toString());
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.set(field, value);
    return new View(Json.compact(o), List.of(Json.str(value)));
  }

  /**
   * {@code phases}: the time of each phase.
   *
   * @param file the file to read
   * @return the view
   */
  public static View phases(Path file) {
    Lenses.PhasesView view = Lenses.phases(ProfileLoader.load(file));
    return new View(Json.indented(LensJson.phases(view)), LensText.phases(view));
  }

  /**
   * {@code kernels}: the kernel table, filtered and sorted.
   *
   * @param file the file to read
   * @param query the query
   * @return the view
   */
  public static View kernels(Path file, KernelQuery query) {
    Lenses.KernelsView view = Lenses.kernels(ProfileLoader.load(file), query);
    return new View(Json.indented(LensJson.kernels(view)), LensText.kernels(view));
  }

  /**
   * {@code ops}: the framework op table.
   *
   * @param file the file to read
   * @param top how many rows
   * @param phase the phase's name, or null for all
   * @return the view
   */
  public static View ops(Path file, int top, String phase) {
    Lenses.OpsView view = Lenses.ops(ProfileLoader.load(file), top, phase);
    return new View(Json.indented(LensJson.ops(view)), LensText.ops(view));
  }

  /**
   * {@code java}: the Java samples' methods per phase.
   *
   * @param file the file to read
   * @param top how many methods per phase
   * @param phase the phase's name, or null for all
   * @param byTotal rank by samples on the stack instead of samples as the top frame
   * @return the view
   */
  public static View java(Path file, int top, String phase, boolean byTotal) {
    Lenses.JavaView view = Lenses.java(ProfileLoader.load(file), top, phase, byTotal);
    return new View(Json.indented(LensJson.java(view)), TextReport.java(view));
  }

  /**
   * {@code what-if}: the step time with a category or some launches removed.
   *
   * @param file the file to read
   * @param removeCategory a kernel category to remove, or null
   * @param removeLaunches kernel launches to remove per step, or null
   * @return the view
   */
  public static View whatIf(Path file, String removeCategory, Integer removeLaunches) {
    WhatIf.Projection view =
        WhatIf.project(ProfileLoader.load(file), removeCategory, removeLaunches);
    return new View(Json.indented(LensJson.whatIf(view)), LensText.whatIf(view));
  }

  /**
   * {@code compare}: two profiles side by side, with a significance call where samples allow.
   *
   * @param before the earlier profile or its file
   * @param after the later profile or its file
   * @param alpha the significance level, within (0, 1)
   * @return the view
   */
  public static View compare(Path before, Path after, double alpha) {
    Comparison.Result c = comparison(before, after, alpha);
    return new View(Format.JSON.compare(c), CompareText.compare(c));
  }

  /**
   * The comparison {@code compare} shows, for rendering in any format ({@link Format#compare}).
   *
   * @param before the earlier profile or its file
   * @param after the later profile or its file
   * @param alpha the significance level, within (0, 1)
   * @return the comparison
   */
  public static Comparison.Result comparison(Path before, Path after, double alpha) {
    return Comparison.compare(
        ProfileLoader.load(before),
        ProfileLoader.load(after),
        before.toString(),
        after.toString(),
        alpha);
  }

  /**
   * {@code diff}: what changed between two profiles and how much of the step's change each change
   * explains (docs/diff.md). The step's interval comes from the gate's block statistic where both
   * sides carry blocks; otherwise rows are ranked, not judged against noise.
   *
   * @param before the earlier profile or trace
   * @param after the later profile or trace
   * @param phase one phase, or null for the whole step
   * @param top rows per table
   * @return the view
   */
  public static View diff(Path before, Path after, String phase, int top) {
    ProfileDiff d = diffOf(before, after, phase, top);
    return new View(Json.indented(DiffJson.json(d)), DiffReport.text(d, top));
  }

  /**
   * What changed between two profiles, as {@link #diff} reads it, for a format to render ({@code
   * report.Format#diff}).
   *
   * @param before the earlier profile or trace
   * @param after the later profile or trace
   * @param phase one phase, or null for the whole step
   * @param top rows per table (checked here, before anything is read)
   * @return the diff
   */
  public static ProfileDiff diffOf(Path before, Path after, String phase, int top) {
    Lenses.checkTop(top); // before reading: a refusal costs nothing
    Profile b = ProfileLoader.load(before);
    Profile a = ProfileLoader.load(after);
    if (phase != null && !Diffs.hasPhase(b, phase) && !Diffs.hasPhase(a, phase)) {
      throw org.libreyolo.profile.LibreYoloException.badInput(
          "phase '"
              + phase
              + "': neither profile has that phase (they have: "
              + String.join(", ", Diffs.phaseNames(b, a))
              + ")");
    }
    return ProfileDiff.of(b, a, Diffs.stepChange(b, a), phase);
  }
}
