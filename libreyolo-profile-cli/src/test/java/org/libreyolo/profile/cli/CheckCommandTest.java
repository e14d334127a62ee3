package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code profile check}: the gate any CI can run, exit 4 on a regression, never a timing verdict across workloads. */
class CheckCommandTest {
  @TempDir Path dir;

  /** A step profile with 60 latency samples around {@code ms} (seeded noise) at the given input size. */
  private Path profile(String name, double ms, int imgsz, long seed) throws Exception {
    SplittableRandom random = new SplittableRandom(seed);
    StringBuilder samples = new StringBuilder();
    double[] sorted = new double[60];
    for (int i = 0; i < 60; i++) {
      sorted[i] = ms * (1 + 0.02 * random.nextGaussian());
      samples.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.4f", sorted[i]));
    }
    java.util.Arrays.sort(sorted);
    double p50 = sorted[30];
    String json = String.format(Locale.ROOT, "{\"schema\": \"libreyolo.profile.analysis/v1\", \"mode\": \"inference\","
        + " \"trace\": null, \"model\": \"m.pt\", \"config\": {\"model\": \"m.pt\", \"batch\": 1, \"imgsz\": %d,"
        + " \"mode\": \"inference\"}, \"bound\": \"compute\", \"bound_why\": \"\", \"step_ms\": %.3f, \"img_per_s\": %.2f,"
        + " \"latency\": {\"p50_ms\": %.3f, \"n\": 60}, \"environment\": {\"cpu\": \"x\", \"threads\": 1},"
        + " \"samples\": {\"latency_ms\": [%s]}}", imgsz, ms, 1000 / ms, p50, samples);
    return Files.writeString(dir.resolve(name), json);
  }

  @Test
  void aaPassesWithExitZeroAndASlowdownFailsWithExitFour() throws Exception {
    Path base = profile("base.json", 20, 320, 1);
    CliTest.Result aa = CliTest.run("profile", "check", base.toString(), profile("same.json", 20, 320, 2).toString());
    assertThat(aa.code()).as(aa.out() + aa.err()).isZero();
    assertThat(aa.out()).contains("verdict: ").doesNotContain("verdict: REGRESSION");

    CliTest.Result slow = CliTest.run("profile", "check", base.toString(), profile("slow.json", 26, 320, 3).toString(),
        "--out", dir.resolve("out").toString());
    assertThat(slow.code()).isEqualTo(4);
    assertThat(slow.out()).contains("latency_p50_ms", "REGRESSION", "verdict: REGRESSION");
    assertThat(dir.resolve("out/check-result.json")).isRegularFile();
    assertThat(dir.resolve("out/check-summary.md")).isRegularFile();
    assertThat(dir.resolve("out/check-report.html")).isRegularFile();
  }

  @Test
  void aDifferentWorkloadIsInconclusiveAndNamesTheField() throws Exception {
    CliTest.Result r = CliTest.run("profile", "check", profile("base.json", 20, 160, 1).toString(),
        profile("bigger.json", 30, 224, 2).toString(), "--json");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("\"verdict\": \"INCONCLUSIVE\"", "\"imgsz 160 -> 224\"");
    CliTest.Result text = CliTest.run("profile", "check", dir.resolve("base.json").toString(),
        dir.resolve("bigger.json").toString());
    assertThat(text.out()).contains("workload differs (imgsz 160 -> 224): INCONCLUSIVE; record a new baseline");
    CliTest.Result strict = CliTest.run("profile", "check", dir.resolve("base.json").toString(),
        dir.resolve("bigger.json").toString(), "--fail-on-inconclusive");
    assertThat(strict.code()).isEqualTo(4);
  }

  @Test
  void badInputExitsTwoWithOneLine() throws Exception {
    Path base = profile("base.json", 20, 320, 1);
    CliTest.Result alpha = CliTest.run("profile", "check", base.toString(), base.toString(), "--alpha", "2");
    assertThat(alpha.code()).isEqualTo(2);
    assertThat(alpha.err().strip()).isEqualTo("--alpha must be within (0, 1), got 2.0");
    CliTest.Result missing = CliTest.run("profile", "check", base.toString(), dir.resolve("none.json").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("not found:").doesNotContain("\tat ");
    CliTest.Result metric = CliTest.run("profile", "check", base.toString(), base.toString(), "--metrics", "fps");
    assertThat(metric.code()).isEqualTo(2);
    assertThat(metric.err()).contains("unknown gate metric 'fps'");
  }
}
