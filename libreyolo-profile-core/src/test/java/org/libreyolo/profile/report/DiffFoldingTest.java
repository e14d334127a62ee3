package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.diff.DiffRow;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.diff.SlowerMethod;
import org.libreyolo.profile.result.Profile;

/**
 * Noise is never painted as change (docs/diff.md): on real plain-Java step profiles, rows within
 * their noise fold below the rows that count in text, markdown and HTML; an unchanged pair names
 * nothing and its differential flame graph is grey; a method made five times heavier is named and
 * red.
 */
class DiffFoldingTest {
  static Profile before;
  static Profile slower;

  @BeforeAll
  static void measure() {
    before = SlowerMethod.measured("before", SlowerMethod.WORK);
    slower = SlowerMethod.measured("after", 5 * SlowerMethod.WORK);
  }

  /** A profile against itself: nothing named, one verdict line, every frame grey. */
  @Test
  void aProfileAgainstItselfNamesNothingAndItsFlameGraphIsGrey() {
    unchanged(before, before);
  }

  /**
   * A study (mvn verify -Pstudies): two measurements of the same step back to back, one JVM, name
   * nothing. A timing claim: beside a busy process the two can differ twofold.
   */
  @Test
  @Tag("study")
  void anUnchangedPairNamesNothingAndItsFlameGraphIsGrey() {
    Profile first =
        SlowerMethod.measure(Path.of("target", "slower-method-aa", "1"), SlowerMethod.WORK);
    Profile second =
        SlowerMethod.measure(Path.of("target", "slower-method-aa", "2"), SlowerMethod.WORK);
    unchanged(first, second);
  }

  private static void unchanged(Profile before, Profile other) {
    ProfileDiff d = ProfileDiff.of(before, other, null, null);
    assertThat(d.changed()).as(DiffReport.text(d, 5).toString()).isFalse();
    assertThat(DiffReport.headline(d)).endsWith(": " + DiffReport.NOTHING_TO_EXPLAIN);
    assertThat(DiffReport.verdictLines(d)).hasSize(1);
    List<String> fills =
        fills(
            FlameDiffSvg.svg(before.javaSamples(), step(before), other.javaSamples(), step(other)));
    assertThat(fills).isNotEmpty().allMatch(FlameDiffSvg.GREY::equals);
  }

  @Test
  void rowsWithinTheirNoiseFoldBelowTheRowsThatCount() {
    ProfileDiff d = ProfileDiff.of(before, slower, null, null);
    List<DiffRow> rows = d.contributors();
    assertThat(rows.get(0).name()).isEqualTo(SlowerMethod.hot());
    assertThat(rows.get(0).aboveNoise()).isTrue();
    int firstFolded = rows.indexOf(rows.stream().filter(DiffRow::withinNoise).findFirst().get());
    assertThat(rows.subList(firstFolded, rows.size())).allMatch(DiffRow::withinNoise);

    List<String> text = DiffReport.text(d, 20);
    int hot = indexOf(text, "  " + SlowerMethod.hot() + " [score]");
    int folded = indexOf(text, " more Java method");
    assertThat(hot).isPositive().isLessThan(folded);
    assertThat(text.get(folded)).matches("  \\d+ more Java methods? within (its|their) noise.*");

    String md = DiffMarkdown.markdown(d);
    assertThat(md.indexOf(SlowerMethod.hot())).isLessThan(md.indexOf("<details>"));
    assertThat(md).containsPattern("within (its|their) noise</summary>");

    String html = DiffHtml.rows(d);
    assertThat(html.indexOf(SlowerMethod.hot())).isLessThan(html.indexOf("<details"));
    assertThat(html).containsPattern("within (its|their) noise</summary>");

    List<String> fills =
        fills(
            FlameDiffSvg.svg(
                before.javaSamples(), step(before), slower.javaSamples(), step(slower)));
    assertThat(fills).anyMatch(f -> f.startsWith("hsl(4,")); // grew: red
  }

  private static double step(Profile p) {
    return p.figures().stepMs().value();
  }

  private static int indexOf(List<String> lines, String start) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(start) || lines.get(i).contains(start)) {
        return i;
      }
    }
    return -1;
  }

  private static List<String> fills(String svg) {
    assertThat(svg).isNotNull();
    Matcher m = Pattern.compile("fill=\"([^\"]+)\"").matcher(svg);
    List<String> out = new java.util.ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
