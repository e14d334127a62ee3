package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.diff.SlowerMethod;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.result.Profile;

/**
 * The check report's "what changed" cards in a real headless Chromium, on two real plain-Java step
 * profiles where one method got five times slower: the sentence and the rows name it, the
 * differential flame graph paints its frame red and as wide as its time after, and nothing is wider
 * than the window. The screenshot is kept under {@code target/check-report-screenshots/}.
 */
class DiffReportBrowserTest {
  @TempDir Path dir;

  /** Measures the flame graph after layout and writes the findings into the DOM. */
  private static final String PROBE =
      "<script>const width = document.documentElement.clientWidth; const over = [];"
          + "document.querySelectorAll('body *').forEach(e => { const r = e.getBoundingClientRect();"
          + " if (r.width > 0 && r.right > width + 1) over.push(e.tagName + '.' + e.getAttribute('class')); });"
          + "document.body.setAttribute('data-overflow', over.join(' '));"
          + "const hot = [...document.querySelectorAll('#flame-diff g')].find(g =>"
          + " g.querySelector('title').textContent.startsWith('"
          + SlowerMethod.hot()
          + ":'));"
          + "const r = hot.querySelector('rect'); const root = document.querySelector('#flame-diff rect');"
          + "document.body.setAttribute('data-hot-fill', getComputedStyle(r).fill);"
          + "document.body.setAttribute('data-hot-share', (r.getBoundingClientRect().width /"
          + " root.getBoundingClientRect().width).toFixed(3));</script>";

  @Test
  void theSlowerMethodLeadsTheRowsAndGlowsRedInTheFlameGraph() throws Exception {
    Profile before = SlowerMethod.measured("before", SlowerMethod.WORK);
    Profile after = SlowerMethod.measured("after", 5 * SlowerMethod.WORK);
    Gate.Result gate = Gate.check(before, after, GateOptions.defaults());
    String html =
        CheckReport.html(
            before, after, Comparison.compare(before, after, "before", "after", 0.01), gate);
    String hot = SlowerMethod.hot();
    assertThat(gate.diff().contributors().get(0).name()).isEqualTo(hot);
    assertThat(html).contains("What changed", "id=\"flame-diff\"", "<td class=\"method\">" + hot);
    Path page = dir.resolve("diff.html");
    Files.writeString(page, html);
    Path probed = dir.resolve("diff-probed.html");
    Files.writeString(probed, html.replace("</main></body>", "</main>" + PROBE + "</body>"));
    Chromium.Rendered r = Chromium.render(probed, dir);
    Chromium.assertNoConsoleErrors(r.log());
    Path keep = Path.of("target/check-report-screenshots");
    Files.createDirectories(keep);
    Files.copy(
        Chromium.render(page, dir).screenshot(),
        keep.resolve("diff.png"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    assertThat(attr(r.dom(), "data-overflow")).as("elements wider than the window").isEmpty();
    // red: the hue of growth, saturated (it grew about five times)
    Matcher rgb =
        Pattern.compile("rgb\\((\\d+), (\\d+), (\\d+)\\)").matcher(attr(r.dom(), "data-hot-fill"));
    assertThat(rgb.find()).isTrue();
    assertThat(Integer.parseInt(rgb.group(1))).isGreaterThan(Integer.parseInt(rgb.group(3)) + 60);
    // its width is its share of the step after: most of it
    assertThat(Double.parseDouble(attr(r.dom(), "data-hot-share"))).isBetween(0.4, 1.0);
  }

  private static String attr(String dom, String name) {
    Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(dom);
    assertThat(m.find()).as(name + " in the DOM").isTrue();
    return m.group(1);
  }
}
