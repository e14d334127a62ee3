package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.GateTest;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.result.Profile;

/**
 * The check report in a real headless Chromium, for the three cases a reviewer meets: an unchanged
 * build (A/A), a regression, another workload. Asserted on the DOM after layout: the verdict first
 * and the gate's own, legend swatches in the series' colours (computed style, not what the markup
 * asks for), no element wider than the window, no console dump. Screenshots are kept under {@code
 * target/check-report-screenshots/}.
 */
class CheckReportBrowserTest {
  @TempDir Path dir;

  /** Measures the laid-out page and writes the findings into the DOM that --dump-dom returns. */
  private static final String PROBE =
      "<script>document.querySelectorAll('details').forEach(d => d.open = true);"
          + "const width = document.documentElement.clientWidth; const over = [];"
          + "document.querySelectorAll('body *').forEach(e => { const r = e.getBoundingClientRect();"
          + " if (r.width > 0 && r.right > width + 1) over.push(e.tagName + '.' + e.getAttribute('class')); });"
          + "const sw = [...document.querySelectorAll('.legend-swatch')].map(e => getComputedStyle(e).fill);"
          + "const ln = [...document.querySelectorAll('.cdf-line')].map(e => getComputedStyle(e).stroke);"
          + "const lb = [...document.querySelectorAll('.legend-label')].map(e => getComputedStyle(e).fill);"
          + "document.body.setAttribute('data-overflow', over.join(' '));"
          + "document.body.setAttribute('data-swatches', sw.join('|')); document.body.setAttribute('data-lines', ln.join('|'));"
          + "document.body.setAttribute('data-labels', lb.join('|'));</script>";

  private static Profile cpu(Profile p, int imgsz) {
    ObjectNode json = p.json();
    json.put("mode", "inference")
        .put("model", "LibreYOLO9t.pt")
        .put("kernel_source", "cpu-leaf-ops")
        .put("device", "cpu");
    json.put("gpu_util", 0.93);
    json.putObject("config")
        .put("model", "LibreYOLO9t.pt")
        .put("imgsz", imgsz)
        .put("batch", 1)
        .put("weights", "random-init");
    json.putArray("categories")
        .addObject()
        .put("name", "gemm / conv")
        .put("pct", 100.0)
        .put("ms_per_step", 80.0);
    return new Profile(json);
  }

  private Chromium.Rendered report(String name, Profile base, Profile now, GateOptions options)
      throws Exception {
    Gate.Result gate = Gate.check(base, now, options);
    Comparison.Result cmp =
        Comparison.compare(
            base,
            now,
            "src/perf/libreyolo-profile/infer.json",
            "target/libreyolo-profile/infer/profile.json",
            options.alpha());
    String html = CheckReport.html(base, now, cmp, gate);
    Path page = dir.resolve(name + ".html");
    Files.writeString(page, html);
    Path probed = dir.resolve(name + "-probed.html");
    Files.writeString(probed, html.replace("</main></body>", "</main>" + PROBE + "</body>"));
    Chromium.Rendered r = Chromium.render(probed, dir);
    Path keep = Path.of("target/check-report-screenshots");
    Files.createDirectories(keep);
    Files.copy(
        Chromium.render(page, dir).screenshot(),
        keep.resolve(name + ".png"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.copy(
        page, keep.resolve(name + ".html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Chromium.assertNoConsoleErrors(r.log());
    assertThat(html).doesNotContain("<pre", "run --repeat", "utilisation", "launches (op calls)");
    // the verdict first, and the gate's
    assertThat(r.dom().indexOf("id=\"verdict\"")).isLessThan(r.dom().indexOf("class=\"card\""));
    assertThat(attr(r.dom(), "data-verdict")).isEqualTo(gate.verdict().name());
    assertThat(attr(r.dom(), "data-overflow")).as("elements wider than the window").isEmpty();
    // each series' legend swatch is painted in its line's colour, and the two differ
    String[] swatches = attr(r.dom(), "data-swatches").split("\\|");
    assertThat(swatches).containsExactly(attr(r.dom(), "data-lines").split("\\|"));
    assertThat(swatches).hasSize(2).doesNotHaveDuplicates();
    assertThat(attr(r.dom(), "data-labels").split("\\|")).containsOnly("rgb(34, 34, 34)");
    return r;
  }

  private static String attr(String dom, String name) {
    Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(dom);
    assertThat(m.find()).as(name + " in the DOM").isTrue();
    return m.group(1);
  }

  @Test
  void anUnchangedBuildSaysWhatItCouldDetectWithRawAndNormalisedSideBySide() throws Exception {
    // the machine was 35% faster during the current run, and so was the step: relative to the
    // canary, no change
    Profile base = cpu(GateTest.profile(100, 0.03, 1, "x"), 256);
    Profile now = cpu(GateTest.profile(100, 0.03, 2, "x", 0.65), 256);
    var r = report("aa", base, now, GateOptions.defaults());
    assertThat(attr(r.dom(), "data-verdict")).isEqualTo(Verdict.INCONCLUSIVE.name());
    assertThat(r.dom())
        .contains(
            "cannot tell a 5.0% slowdown from noise: this run could detect ~",
            "the gate would catch a slowdown of about",
            "This run's step was 3",
            "faster than the baseline's",
            "the machine (the canary) was 3",
            "relative to the canary: ",
            "CPU busy (traced steps)",
            "93%",
            "class=\"chart interval\"",
            "Descriptive statistics of the iterations",
            "random-init");
  }

  @Test
  void aRegressionLeadsWithTheChangeItsIntervalAndTheThreshold() throws Exception {
    Profile base = cpu(GateTest.profile(100, 0.01, 1, "x"), 256);
    Profile now = cpu(GateTest.profile(140, 0.01, 2, "x"), 256);
    var r = report("regression", base, now, GateOptions.defaults());
    assertThat(attr(r.dom(), "data-verdict")).isEqualTo(Verdict.REGRESSION.name());
    assertThat(r.dom())
        .contains(
            "latency_p50_ms +39.8% [+16.5%, +67.8%] (slower), significantly slower, by at least the 5.0% threshold",
            "class=\"tag regression\"", "class=\"estimate\"", "class=\"threshold-band\"");
  }

  @Test
  void anotherWorkloadIsInconclusiveAndNamesIt() throws Exception {
    Profile base = cpu(GateTest.profile(100, 0.01, 1, "x"), 256);
    Profile now = cpu(GateTest.profile(160, 0.01, 2, "x"), 320);
    var r = report("workload", base, now, GateOptions.defaults());
    assertThat(attr(r.dom(), "data-verdict")).isEqualTo(Verdict.INCONCLUSIVE.name());
    assertThat(r.dom())
        .contains("another workload (imgsz 256 -&gt; 320): record a baseline for it")
        .doesNotContain("class=\"tag regression\"");
  }
}
