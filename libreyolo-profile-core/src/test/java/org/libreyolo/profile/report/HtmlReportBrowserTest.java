package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.TestEngine;
import org.libreyolo.profile.gate.GateTest;
import org.libreyolo.profile.internal.analysis.Traces;
import org.libreyolo.profile.internal.io.AtomicFiles;
import org.libreyolo.profile.reader.Reports;
import org.libreyolo.profile.result.Json;

/**
 * Renders the reports in a real headless Chromium ({@link Chromium}): a screenshot at 1280x800, no
 * console errors, and the expected SVG elements in the DOM. Skipped (with the reason) only where
 * Chromium is absent.
 */
class HtmlReportBrowserTest {
  @TempDir Path dir;

  Chromium.Rendered render(Path html) throws Exception {
    return Chromium.render(html, dir);
  }

  static void assertNoConsoleErrors(String log) {
    Chromium.assertNoConsoleErrors(log);
  }

  @Test
  void singleProfileReportRendersWithItsCharts() throws Exception {
    Path trace = Traces.traceA().write(dir.resolve("profile_trace.json"));
    Path html = Reports.single(trace, dir.resolve("report.html"));
    String text = Files.readString(html);
    assertThat(text).doesNotContain("<script", "http://", "https://").contains("<svg");
    var r = render(html);
    assertNoConsoleErrors(r.log());
    assertThat(Files.size(r.screenshot())).isGreaterThan(10_000);
    assertThat(r.dom())
        .contains(
            "class=\"chart stacked\"",
            "class=\"chart timeline\"",
            "phase-span",
            "Kernel mix by category",
            "cudnn batchnorm (bwd)");
  }

  @Test
  void inferenceRepeatReportHasLatencyHistogramCdfAndTrials() throws Exception {
    ObjectNode aj = GateTest.profile(100, 0.05, 1, "x").json();
    aj.put("mode", "inference");
    aj.putArray("img_per_s_trials").add(9.5).add(10.2).add(10.0);
    aj.putObject("config").put("half", false).put("trace", true).putNull("weights_sha256");
    aj.put("img_per_s_std", 0.3);
    Path file = dir.resolve("profile.json");
    AtomicFiles.write(file, o -> o.write(Json.compact(aj).getBytes(StandardCharsets.UTF_8)));
    var r = render(Reports.single(file, dir.resolve("single.html")));
    assertNoConsoleErrors(r.log());
    assertThat(r.dom())
        .contains(
            "class=\"chart histogram\"",
            "class=\"chart cdf\"",
            "class=\"percentile\"",
            "class=\"chart bars\"",
            "class=\"std-band\"",
            "latency (ms)");
    // the product's words, not Python's: no True/False/None in the config and environment table
    assertThat(r.dom())
        .doesNotContain(">True<", ">False<", ">None<")
        .contains(">false<", ">true<", ">n/a<");
  }

  /** The profile page shows what the text shows: memory and Java samples; nothing overflows. */
  @Test
  void profilePageShowsMemoryAndJavaSamplesAndNothingOverflows() throws Exception {
    ObjectNode aj = GateTest.profile(100, 0.05, 1, "x").json();
    aj.put("mode", "inference").put("device", "cpu").put("kernel_source", "cpu-leaf-ops");
    aj.putObject("config")
        .put("weights_sha256", "9f".repeat(32))
        .put("source", "/a/" + "long-folder-name/".repeat(8) + "coffee.jpg");
    aj.set(
        "host_memory",
        Json.MAPPER.readTree(
            "{\"peak_rss_mb\": 460.4, \"peak_since\": \"measured runs\", \"major_faults\": 0}"));
    aj.set(
        "tensor_memory",
        Json.MAPPER.readTree(
            "{\"allocated_bytes_per_step\": 76810530, \"peak_live_bytes\": 54890530}"));
    aj.set(
        "java_samples",
        Json.MAPPER.readTree(
            "{\"source\": \"jfr\", \"period_ms\": 20, \"thread\": \"main\", \"samples\": 27,"
                + " \"native_samples\": 26, \"phases\": {\"forward\": {\"samples\": 26,"
                + " \"share\": 0.963, \"native_samples\": 26, \"self\": [{\"method\":"
                + " \"ai.djl.pytorch.jni.PyTorchLibrary.torchNNConvNd\", \"samples\": 19,"
                + " \"share\": 0.7308}], \"total\": []}}}"));
    Path file = dir.resolve("profile.json");
    AtomicFiles.write(file, o -> o.write(Json.compact(aj).getBytes(StandardCharsets.UTF_8)));
    Path html = Reports.single(file, dir.resolve("single.html"));
    // measured in the browser: a card whose content is wider than the card scrolls (or spills)
    Path probe = dir.resolve("probe.html");
    Files.writeString(
        probe,
        Files.readString(html)
            .replace(
                "</body>",
                "<script>let n=0;document.querySelectorAll('.card table').forEach(t=>{if(t.scrollWidth>"
                    + "t.parentElement.clientWidth+1)n++});document.body.insertAdjacentHTML('beforeend',"
                    + "'<p id=overflowing>'+n+'</p>')</script></body>"));
    var r = render(probe);
    assertNoConsoleErrors(r.log());
    assertThat(r.dom())
        .contains(">Memory<", "peak RSS 460 MB", "73.3 MB/step allocated")
        .contains(
            "Java methods per phase", "ai.djl.pytorch.jni.PyTorchLibrary.torchNNConvNd", "96.3%")
        .contains("<p id=\"overflowing\">0</p>");
  }

  @Test
  void comparisonReportOverlaysDistributionsAndCategoryDeltas() throws Exception {
    Path before = dir.resolve("before.json");
    Path after = dir.resolve("after.json");
    ObjectNode aj = GateTest.profile(100, 0.05, 1, "x").json();
    ObjectNode bj = GateTest.profile(120, 0.05, 2, "x").json();
    aj.putObject("config").put("batch", 1);
    bj.putObject("config").put("batch", 4); // another workload
    aj.putArray("categories")
        .addObject()
        .put("name", "gemm / conv")
        .put("pct", 100.0)
        .put("ms_per_step", 80.0);
    bj.putArray("categories")
        .addObject()
        .put("name", "gemm / conv")
        .put("pct", 100.0)
        .put("ms_per_step", 95.0);
    AtomicFiles.write(before, o -> o.write(Json.compact(aj).getBytes(StandardCharsets.UTF_8)));
    AtomicFiles.write(after, o -> o.write(Json.compact(bj).getBytes(StandardCharsets.UTF_8)));
    var r = render(Reports.comparison(before, after, dir.resolve("compare.html"), 0.05));
    assertNoConsoleErrors(r.log());
    assertThat(r.dom())
        .contains("class=\"cdf-line\"", "class=\"chart deltas\"", "before", "after")
        .doesNotContain("Welch t (log)"); // one process each: no p-value
    assertThat(r.dom().split("class=\"cdf-line\"", -1)).hasSize(3);
    assertThat(r.dom()).contains("workloads differ: batch ").contains(" -&gt; 4");
  }

  @Test
  void realGpuTraceReportRenders() throws Exception {
    Path html =
        Reports.single(
            TestEngine.fixture("gpu-traces/mi250-minitoy-train.json.gz"),
            dir.resolve("mi250.html"));
    var r = render(html);
    assertNoConsoleErrors(r.log());
    assertThat(r.dom()).contains("AMD Radeon Graphics", "Top kernels");
  }
}
