package org.libreyolo.profile.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's headless Chromium for the report tests: a screenshot, the DOM after load, the browser
 * log.
 */
public final class Chromium {
  public static final Path BINARY = Path.of("/usr/bin/chromium");

  private Chromium() {}

  public record Rendered(String dom, String log, Path screenshot) {}

  /**
   * Renders {@code html} at 1280x800 into {@code dir}; skips the test (with the reason) without
   * Chromium.
   */
  public static Rendered render(Path html, Path dir) throws IOException, InterruptedException {
    assumeTrue(
        Files.isExecutable(BINARY),
        "Chromium not installed at " + BINARY + " (.ci/run installs Debian's chromium)");
    Path shot = dir.resolve(html.getFileName() + ".png");
    // one launch takes the screenshot and dumps the DOM (a browser start is most of a render)
    String dom =
        run(List.of("--screenshot=" + shot, "--dump-dom", "--window-size=1280,800"), html, dir);
    String log = Files.readString(dir.resolve("chrome.log"));
    if (dom.isBlank()) { // a Chromium that does one of the two per launch
      dom = run(List.of("--dump-dom", "--window-size=1280,800"), html, dir);
    }
    return new Rendered(dom, log, shot);
  }

  private static String run(List<String> extra, Path html, Path dir)
      throws IOException, InterruptedException {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                BINARY.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--enable-logging=stderr",
                "--v=0",
                "--user-data-dir=" + Files.createTempDirectory(dir, "chrome")));
    cmd.addAll(extra);
    cmd.add(html.toUri().toString());
    Path out = dir.resolve("chrome.out");
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(out.toFile())
            .redirectError(dir.resolve("chrome.log").toFile())
            .start();
    assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("chromium finished").isTrue();
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  public static void assertNoConsoleErrors(String log) {
    for (String line : log.split("\n")) {
      assertThat(line).as("browser log").doesNotContain(":CONSOLE").doesNotContain("Uncaught");
    }
  }
}
