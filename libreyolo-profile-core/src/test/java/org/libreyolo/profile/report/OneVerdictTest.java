package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.GateTest;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.result.Profile;

/**
 * One report, one verdict: the text, the markdown, the JSON and the HTML of one gate result say the
 * same words.
 */
class OneVerdictTest {
  @Test
  void everyRenderingOfAResultSaysItsVerdict() throws Exception {
    Profile same = GateTest.forked(20, 0.01, 5, 1);
    Profile slower = GateTest.forked(24, 0.01, 5, 2);
    Profile otherSize = GateTest.forked(30, 0.01, 5, 3);
    same = same.with(j -> j.putObject("config").put("imgsz", 256));
    slower = slower.with(j -> j.putObject("config").put("imgsz", 256));
    otherSize = otherSize.with(j -> j.putObject("config").put("imgsz", 320));
    Profile base = GateTest.forked(20, 0.01, 5, 4);
    base = base.with(j -> j.putObject("config").put("imgsz", 256));
    for (Profile current : List.of(same, slower, otherSize)) {
      Gate.Result r = Gate.check(base, current, GateOptions.defaults());
      List<String> text = GateReport.text(r);
      String markdown = GateReport.markdown(r, "base.json", "current.json");
      String html =
          CheckReport.html(
              base, current, Comparison.compare(base, current, "base", "current", 0.01), r);
      String word = r.verdict().name();
      assertThat(text.get(text.size() - 1)).isEqualTo("verdict: " + word);
      assertThat(markdown)
          .startsWith("### libreyolo-profile check: " + word)
          .contains("verdict: **" + word + "**");
      assertThat(GateReport.json(r).get("verdict").asText()).isEqualTo(word);
      assertThat(html)
          .contains(
              "<title>libreyolo-profile check: " + word + "</title>",
              "data-verdict=\"" + word + "\"");
      // a row never claims more than the report: no REGRESSION row under another verdict, in any
      // rendering
      if (r.verdict() != Verdict.REGRESSION) {
        assertThat(text).noneMatch(line -> line.matches(".*\\bREGRESSION$"));
        assertThat(rowVerdicts(markdown)).doesNotContain("REGRESSION");
        assertThat(GateReport.json(r).get("metrics").findValuesAsText("verdict"))
            .doesNotContain("REGRESSION");
      }
    }
    assertThat(Gate.check(base, otherSize, GateOptions.defaults()).rows())
        .allSatisfy(row -> assertThat(row.why()).isEqualTo("not judged: imgsz differs"));
    assertThat(Gate.check(base, slower, GateOptions.defaults()).verdict())
        .isEqualTo(Verdict.REGRESSION);
  }

  private static List<String> rowVerdicts(String markdown) {
    Matcher m =
        Pattern.compile("^\\| \\w+ \\|.*\\| (\\w+) \\|$", Pattern.MULTILINE).matcher(markdown);
    List<String> out = new java.util.ArrayList<>();
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
