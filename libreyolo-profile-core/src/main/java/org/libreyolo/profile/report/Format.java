package org.libreyolo.profile.report;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.BisectResult;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.history.HistoryGate;
import org.libreyolo.profile.result.Profile;

/**
 * An output format: every surface renders a result through one of these, so a verdict reads the
 * same in each. Adding a format is one {@link Renderer} class and one constant here
 * (docs/contributing.md); BMF was added so.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public enum Format {
  /** Lines for a terminal or a log. */
  TEXT("text", new Renderer.TextRenderer()),
  /** The tool's own JSON (the {@code --json} output). */
  JSON("json", new Renderer.JsonRenderer()),
  /**
   * A CI job summary or a pull request's comment (a check, a diff, a bisect, an A/B across
   * versions, a check against history, a comparison).
   */
  MARKDOWN("markdown", new Renderer.MarkdownRenderer()),
  /**
   * The Bencher Metric Format: {@code {benchmark: {measure: {value, lower_value, upper_value}}}},
   * for {@code bencher run --adapter json}.
   */
  BMF("bmf", new BencherFormat());

  /** What a surface asks a format to render. */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public enum Subject {
    /** One profile, as {@code summary} shows it. */
    PROFILE("a profile"),
    /** The stored-baseline check's verdict. */
    CHECK("a check"),
    /** The in-job A/B of two weights. */
    AB("an A/B"),
    /** What changed between two profiles, row by row. */
    DIFF("a diff"),
    /** The search for the version that slowed a step. */
    BISECT("a bisect"),
    /** A module's perf tests A/B'd against a baseline version. */
    VERSIONS("an A/B across versions"),
    /** A profile judged against its series' history. */
    HISTORY("a check against history"),
    /** Two profiles side by side, as {@code compare} shows them. */
    COMPARE("a comparison");

    private final String words;

    Subject(String words) {
      this.words = words;
    }
  }

  private final String name;
  private final Renderer renderer;

  Format(String name, Renderer renderer) {
    this.name = name;
    this.renderer = renderer;
  }

  /**
   * One profile, as {@code summary} shows it.
   *
   * @param p the profile
   * @return the rendering
   * @throws LibreYoloException when the format does not render a profile
   */
  public String profile(Profile p) {
    return renderer(Subject.PROFILE).profile(p);
  }

  /**
   * The stored-baseline check's verdict.
   *
   * @param check the verdict and both inputs
   * @return the rendering
   * @throws LibreYoloException when the format does not render a check
   */
  public String check(CheckFiles.Judged check) {
    return renderer(Subject.CHECK).check(check);
  }

  /**
   * The in-job A/B of two weights.
   *
   * @param r the A/B
   * @return the rendering
   * @throws LibreYoloException when the format does not render an A/B
   */
  public String ab(AbResult r) {
    return renderer(Subject.AB).ab(r);
  }

  /**
   * What changed between two profiles.
   *
   * @param d the diff
   * @param top rows per table, where the format shows a chosen number
   * @return the rendering
   * @throws LibreYoloException when the format does not render a diff
   */
  public String diff(ProfileDiff d, int top) {
    return renderer(Subject.DIFF).diff(d, top);
  }

  /**
   * A bisect's findings.
   *
   * @param r the bisect
   * @return the rendering
   * @throws LibreYoloException when the format does not render a bisect
   */
  public String bisect(BisectResult r) {
    return renderer(Subject.BISECT).bisect(r);
  }

  /**
   * An A/B across versions.
   *
   * @param v the verdicts
   * @return the rendering
   * @throws LibreYoloException when the format does not render one
   */
  public String versions(VersionVerdicts v) {
    return renderer(Subject.VERSIONS).versions(v);
  }

  /**
   * A profile judged against its series' history.
   *
   * @param r the history gate's result
   * @return the rendering
   * @throws LibreYoloException when the format does not render one
   */
  public String history(HistoryGate.Result r) {
    return renderer(Subject.HISTORY).history(r);
  }

  /**
   * Two profiles side by side, as {@code compare} shows them.
   *
   * @param c the comparison
   * @return the rendering
   * @throws LibreYoloException when the format does not render one
   */
  public String compare(Comparison.Result c) {
    return renderer(Subject.COMPARE).compare(c);
  }

  /**
   * The format a name gives.
   *
   * @param name e.g. {@code text}, {@code bmf} (any case)
   * @return the format
   * @throws LibreYoloException naming the formats when the name is none of them
   */
  public static Format of(String name) {
    for (Format f : values()) {
      if (f.name.equals(name.toLowerCase(Locale.ROOT))) {
        return f;
      }
    }
    throw LibreYoloException.badInput(
        "{format} must be one of " + String.join(", ", names()) + ", got '" + name + "'");
  }

  /**
   * The format a name gives, for rendering {@code subject}: refused before any work when it does
   * not render it.
   *
   * @param name e.g. {@code bmf}
   * @param subject what it will render
   * @return the format
   * @throws LibreYoloException naming the formats that render it
   */
  public static Format of(String name, Subject subject) {
    Format f = of(name);
    f.renderer(subject);
    return f;
  }

  /** The renderer, or the one-line refusal naming the formats that render the subject. */
  private Renderer renderer(Subject subject) {
    if (renderer.subjects().contains(subject)) {
      return renderer;
    }
    List<String> instead =
        Arrays.stream(values())
            .filter(f -> f.renderer.subjects().contains(subject))
            .map(f -> f.name)
            .toList();
    throw LibreYoloException.badInput(
        "{format} "
            + name
            + " does not render "
            + subject.words
            + ": use "
            + String.join(", ", instead.subList(0, instead.size() - 1))
            + " or "
            + instead.get(instead.size() - 1));
  }

  /** {@return every format's name, in declaration order} */
  public static List<String> names() {
    return Arrays.stream(values()).map(f -> f.name).toList();
  }
}
