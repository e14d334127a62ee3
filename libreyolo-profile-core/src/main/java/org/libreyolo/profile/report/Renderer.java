package org.libreyolo.profile.report;

import java.util.EnumSet;
import java.util.Set;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.internal.lens.Lenses;
import org.libreyolo.profile.internal.report.TextReport;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;

/**
 * How one format renders each result; a format that has no rendering of a result says so in one
 * line. The built-in text, JSON and markdown renderings live in their reports ({@link GateReport},
 * {@link AbReport}, ...); these adapt them.
 */
interface Renderer {
  /** {@return the format's name, for the refusal} */
  String name();

  /** {@return what this format renders; a surface refuses the rest before any work} */
  default Set<Format.Subject> subjects() {
    return EnumSet.allOf(Format.Subject.class);
  }

  default String profile(Profile p) {
    throw Format.unsupported(name(), Format.Subject.PROFILE);
  }

  default String check(CheckFiles.Judged c) {
    throw Format.unsupported(name(), Format.Subject.CHECK);
  }

  default String ab(AbResult r) {
    throw Format.unsupported(name(), Format.Subject.AB);
  }

  /** Lines for a terminal or a log. */
  final class TextRenderer implements Renderer {
    @Override
    public String name() {
      return "text";
    }

    @Override
    public String profile(Profile p) {
      return lines(TextReport.summary(p));
    }

    @Override
    public String check(CheckFiles.Judged c) {
      return lines(c.lines());
    }

    @Override
    public String ab(AbResult r) {
      return lines(AbReport.text(r));
    }

    private static String lines(java.util.List<String> lines) {
      return String.join(System.lineSeparator(), lines);
    }
  }

  /** The tool's own JSON. */
  final class JsonRenderer implements Renderer {
    @Override
    public String name() {
      return "json";
    }

    @Override
    public String profile(Profile p) {
      return Json.indented(Lenses.summary(p));
    }

    @Override
    public String check(CheckFiles.Judged c) {
      return Json.indented(CheckFiles.resultJson(c.result(), c.baselineFile(), c.currentFile()));
    }

    @Override
    public String ab(AbResult r) {
      return Json.indented(AbReport.json(r));
    }
  }

  /** A CI job summary. */
  final class MarkdownRenderer implements Renderer {
    @Override
    public String name() {
      return "markdown";
    }

    @Override
    public Set<Format.Subject> subjects() {
      return EnumSet.of(Format.Subject.CHECK);
    }

    @Override
    public String check(CheckFiles.Judged c) {
      return GateReport.markdown(
          c.result(), c.baselineFile().toString(), c.currentFile().toString());
    }
  }
}
