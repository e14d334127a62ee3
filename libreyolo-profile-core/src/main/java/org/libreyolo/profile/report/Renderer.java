package org.libreyolo.profile.report;

import java.util.EnumSet;
import java.util.Set;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.BisectResult;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.history.HistoryGate;
import org.libreyolo.profile.internal.report.CompareJson;
import org.libreyolo.profile.internal.report.CompareMarkdown;
import org.libreyolo.profile.internal.report.CompareText;
import org.libreyolo.profile.internal.report.LensJson;
import org.libreyolo.profile.internal.report.TextReport;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;

/**
 * How one format renders each result it renders ({@link #subjects()}). The built-in text, JSON and
 * markdown renderings live in their reports ({@link GateReport}, {@link AbReport}, ...); these
 * adapt them.
 */
interface Renderer {
  /** {@return what this format renders; a surface refuses the rest before any work} */
  default Set<Format.Subject> subjects() {
    return EnumSet.allOf(Format.Subject.class);
  }

  // a subject outside subjects() never reaches these: Format refuses it in one line first
  default String profile(Profile p) {
    throw new UnsupportedOperationException();
  }

  default String check(CheckFiles.Judged c) {
    throw new UnsupportedOperationException();
  }

  default String ab(AbResult r) {
    throw new UnsupportedOperationException();
  }

  default String diff(ProfileDiff d, int top) {
    throw new UnsupportedOperationException();
  }

  default String bisect(BisectResult r) {
    throw new UnsupportedOperationException();
  }

  default String versions(VersionVerdicts v) {
    throw new UnsupportedOperationException();
  }

  default String history(HistoryGate.Result r) {
    throw new UnsupportedOperationException();
  }

  default String compare(Comparison.Result c) {
    throw new UnsupportedOperationException();
  }

  /** Lines for a terminal or a log. */
  final class TextRenderer implements Renderer {
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

    @Override
    public String diff(ProfileDiff d, int top) {
      return lines(DiffReport.text(d, top));
    }

    @Override
    public String bisect(BisectResult r) {
      return lines(BisectReport.lines(r));
    }

    @Override
    public String versions(VersionVerdicts v) {
      return lines(VersionAbReport.lines(v));
    }

    @Override
    public String history(HistoryGate.Result r) {
      return lines(HistoryGateReport.checkLines(r));
    }

    @Override
    public String compare(Comparison.Result c) {
      return lines(CompareText.compare(c));
    }

    private static String lines(java.util.List<String> lines) {
      return String.join(System.lineSeparator(), lines);
    }
  }

  /** The tool's own JSON. */
  final class JsonRenderer implements Renderer {
    @Override
    public String profile(Profile p) {
      return Json.indented(LensJson.summary(p));
    }

    @Override
    public String check(CheckFiles.Judged c) {
      return Json.indented(CheckFiles.resultJson(c.result(), c.baselineFile(), c.currentFile()));
    }

    @Override
    public String ab(AbResult r) {
      return Json.indented(AbReport.json(r));
    }

    @Override
    public String diff(ProfileDiff d, int top) {
      return Json.indented(DiffJson.json(d)); // every row: a program picks its own
    }

    @Override
    public String bisect(BisectResult r) {
      return Json.indented(BisectReport.json(r));
    }

    @Override
    public String versions(VersionVerdicts v) {
      return Json.indented(VersionAbReport.json(v));
    }

    @Override
    public String history(HistoryGate.Result r) {
      return Json.indented(HistoryGateReport.json(r));
    }

    @Override
    public String compare(Comparison.Result c) {
      return Json.indented(CompareJson.json(c));
    }
  }

  /** A CI job summary or a pull request's comment. */
  final class MarkdownRenderer implements Renderer {
    @Override
    public Set<Format.Subject> subjects() {
      return EnumSet.of(
          Format.Subject.CHECK,
          Format.Subject.DIFF,
          Format.Subject.BISECT,
          Format.Subject.VERSIONS,
          Format.Subject.HISTORY,
          Format.Subject.COMPARE);
    }

    @Override
    public String compare(Comparison.Result c) {
      return CompareMarkdown.markdown(c);
    }

    @Override
    public String history(HistoryGate.Result r) {
      return HistoryGateReport.markdown(r);
    }

    @Override
    public String diff(ProfileDiff d, int top) {
      return DiffMarkdown.markdown(d); // a comment's length: its own few rows
    }

    @Override
    public String bisect(BisectResult r) {
      return BisectReport.markdown(r);
    }

    @Override
    public String versions(VersionVerdicts v) {
      return VersionAbReport.markdown(v);
    }

    @Override
    public String check(CheckFiles.Judged c) {
      return GateReport.markdown(
          c.result(), c.baselineFile().toString(), c.currentFile().toString());
    }
  }
}
