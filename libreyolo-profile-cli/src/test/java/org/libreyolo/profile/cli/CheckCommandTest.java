package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.result.Json;

/**
 * {@code profile check}: the gate any CI can run, exit 4 on a regression, never a timing verdict
 * across workloads.
 */
class CheckCommandTest {
  @TempDir Path dir;

  /**
   * A step profile with 60 latency samples and 10 blocks around {@code ms} (seeded noise) beside a
   * steady canary, at the given input size.
   */
  private Path profile(String name, double ms, int imgsz, long seed) throws Exception {
    SplittableRandom random = new SplittableRandom(seed);
    StringBuilder steps = new StringBuilder();
    StringBuilder canary = new StringBuilder();
    for (int k = 0; k < 10; k++) {
      steps
          .append(k == 0 ? "" : ", ")
          .append(String.format(Locale.ROOT, "%.4f", ms * (1 + 0.01 * random.nextGaussian())));
      canary
          .append(k == 0 ? "" : ", ")
          .append(String.format(Locale.ROOT, "%.4f", 12 * (1 + 0.005 * random.nextGaussian())));
    }
    StringBuilder samples = new StringBuilder();
    double[] sorted = new double[60];
    for (int i = 0; i < 60; i++) {
      sorted[i] = ms * (1 + 0.02 * random.nextGaussian());
      samples.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.4f", sorted[i]));
    }
    java.util.Arrays.sort(sorted);
    double p50 = sorted[30];
    String json =
        String.format(
            Locale.ROOT,
            "{\"schema\": \"libreyolo.profile.analysis/v1\", \"mode\": \"inference\","
                + " \"trace\": null, \"model\": \"m.pt\", \"config\": {\"model\": \"m.pt\", \"batch\": 1, \"imgsz\": %d,"
                + " \"mode\": \"inference\"}, \"bound\": \"compute\", \"bound_why\": \"\", \"step_ms\": %.3f, \"img_per_s\": %.2f,"
                + " \"latency\": {\"p50_ms\": %.3f, \"n\": 60}, \"environment\": {\"cpu\": \"x\", \"threads\": 1},"
                + " \"samples\": {\"latency_ms\": [%s], \"blocks\": {\"runs_per_block\": 5, \"canary\": \"c\","
                + " \"step_ms\": [%s], \"canary_ms\": [%s]}}}",
            imgsz,
            ms,
            1000 / ms,
            p50,
            samples,
            steps,
            canary);
    return Files.writeString(dir.resolve(name), json);
  }

  @Test
  void aaPassesWithExitZeroAndASlowdownFailsWithExitFour() throws Exception {
    Path base = profile("base.json", 20, 320, 1);
    CliTest.Result aa =
        CliTest.run(
            "profile", "check", base.toString(), profile("same.json", 20, 320, 2).toString());
    assertThat(aa.code()).as(aa.out() + aa.err()).isZero();
    // two processes on this project's VMs cannot resolve 5%: the default says so, and passes the
    // build
    assertThat(aa.out()).contains("verdict: INCONCLUSIVE", "underpowered: could detect ~");
    CliTest.Result steady =
        CliTest.run(
            "profile",
            "check",
            base.toString(),
            dir.resolve("same.json").toString(),
            "--process-noise",
            "0.005");
    assertThat(steady.out()).as(steady.out()).contains("verdict: PASS");

    CliTest.Result slow =
        CliTest.run(
            "profile",
            "check",
            base.toString(),
            profile("slow.json", 26, 320, 3).toString(),
            "--out",
            dir.resolve("out").toString());
    assertThat(slow.code()).isEqualTo(4);
    assertThat(slow.out()).contains("latency_p50_ms", "REGRESSION", "verdict: REGRESSION");
    assertThat(dir.resolve("out/check-result.json")).isRegularFile();
    assertThat(dir.resolve("out/check-summary.md")).isRegularFile();
    assertThat(dir.resolve("out/check-bencher.json")).isRegularFile();
    assertThat(dir.resolve("out/check-report.html")).isRegularFile();

    // the same verdict for Bencher: the judged change with its interval, on stdout, exit 4 still
    CliTest.Result bmf =
        CliTest.run(
            "profile",
            "check",
            base.toString(),
            profile("slow.json", 26, 320, 3).toString(),
            "--format",
            "bmf");
    assertThat(bmf.code()).isEqualTo(4);
    var change =
        org.libreyolo.profile.result.Json.MAPPER
            .readTree(bmf.out())
            .elements()
            .next()
            .path("latency-p50-ms-change");
    assertThat(change.path("lower_value").asDouble()).isPositive();
    assertThat(change.path("value").asDouble())
        .isGreaterThanOrEqualTo(change.path("lower_value").asDouble());
    CliTest.Result markdownAb =
        CliTest.run("profile", "ab", "--baseline-weights", "t", "--format", "markdown");
    assertThat(markdownAb.code()).isEqualTo(2);
    assertThat(markdownAb.err().strip())
        .isEqualTo("--format markdown does not render an A/B: use text, json or bmf");
  }

  @Test
  void aDifferentWorkloadIsInconclusiveAndNamesTheField() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "check",
            profile("base.json", 20, 160, 1).toString(),
            profile("bigger.json", 30, 224, 2).toString(),
            "--json");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("\"verdict\": \"INCONCLUSIVE\"", "\"imgsz 160 -> 224\"");
    CliTest.Result text =
        CliTest.run(
            "profile",
            "check",
            dir.resolve("base.json").toString(),
            dir.resolve("bigger.json").toString());
    assertThat(text.out())
        .contains("workload differs (imgsz 160 -> 224): INCONCLUSIVE; record a new baseline");
    CliTest.Result strict =
        CliTest.run(
            "profile",
            "check",
            dir.resolve("base.json").toString(),
            dir.resolve("bigger.json").toString(),
            "--fail-on-inconclusive");
    assertThat(strict.code()).isEqualTo(4);
  }

  /**
   * Another workload is said once: no judged change, no "timed as the same workload", no row that
   * repeats it; the as-read change beside before and after has their sign.
   */
  @Test
  void anotherWorkloadIsSaidOnceAndTheTableReadsOneWay() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "check",
            profile("base.json", 20, 160, 1).toString(),
            profile("bigger.json", 30, 224, 2).toString());
    String out = r.out();
    assertThat(out.split("imgsz 160 -> 224", -1)).as(out).hasSize(2);
    assertThat(out).doesNotContain("timed as the same workload", "not judged:");
    String throughput =
        out.lines().filter(l -> l.startsWith("img_per_s")).findFirst().orElseThrow();
    // 50 -> 33.3 img/s: -33.3% as read, no judged change across workloads
    assertThat(throughput.split("\\s+")).containsSequence("50.000", "33.330", "-33.3%", "-", "-");
    assertThat(out.lines().findFirst().orElseThrow()).contains("as read", "judged");
  }

  /** The same file twice, or a copy of the baseline: the check says it measures nothing. */
  @Test
  void aProfileCheckedAgainstItselfIsSaidSo() throws Exception {
    Path base = profile("base.json", 20, 320, 1);
    CliTest.Result same = CliTest.run("profile", "check", base.toString(), base.toString());
    assertThat(same.out())
        .startsWith("warning: the baseline and the current profile are one file, " + base)
        .contains("a check against itself says nothing about this build");
    Path copy = Files.copy(base, dir.resolve("copy.json"));
    assertThat(CliTest.run("profile", "check", base.toString(), copy.toString()).out())
        .startsWith("warning: the current profile " + copy + " is a copy of the baseline " + base);
    // a machine format stays parseable: the same warnings on stderr, the JSON alone on stdout
    CliTest.Result json =
        CliTest.run("profile", "check", "--format", "json", base.toString(), copy.toString());
    assertThat(json.err())
        .startsWith("warning: the current profile " + copy + " is a copy of the baseline " + base);
    assertThat(json.err().lines()).allMatch(l -> l.startsWith("warning: "));
    assertThat(json.out()).startsWith("{");
  }

  @Test
  void badInputExitsTwoWithOneLine() throws Exception {
    Path base = profile("base.json", 20, 320, 1);
    CliTest.Result alpha =
        CliTest.run("profile", "check", base.toString(), base.toString(), "--alpha", "2");
    assertThat(alpha.code()).isEqualTo(2);
    assertThat(alpha.err().strip())
        .isEqualTo(
            "--alpha must be a significance level within (0, 1), got 2: 2 means 200%: did you"
                + " mean 0.02?");
    CliTest.Result percent =
        CliTest.run("profile", "check", base.toString(), base.toString(), "--max-regression", "5");
    assertThat(percent.code()).isEqualTo(2);
    assertThat(percent.err().strip())
        .isEqualTo(
            "--max-regression must be a fraction (0.05 = 5%) within (0, 1), got 5: 5 means 500%:"
                + " did you mean 0.05?");
    CliTest.Result missing =
        CliTest.run("profile", "check", base.toString(), dir.resolve("none.json").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("not found:").doesNotContain("\tat ");
    CliTest.Result metric =
        CliTest.run("profile", "check", base.toString(), base.toString(), "--metrics", "fps");
    assertThat(metric.code()).isEqualTo(2);
    assertThat(metric.err()).contains("unknown gate metric 'fps'");
    CliTest.Result noise =
        CliTest.run("profile", "check", base.toString(), base.toString(), "--process-noise", "-1");
    assertThat(noise.code()).isEqualTo(2);
    assertThat(noise.err().strip()).startsWith("--process-noise must be a fraction within [0, 1)");
    // an old-format baseline (no blocks): one line that says how to re-record, nothing written
    Path old =
        Files.writeString(
            dir.resolve("old.json"),
            Files.readString(base).replaceAll(", \"blocks\": \\{[^}]*}", ""));
    CliTest.Result stale =
        CliTest.run(
            "profile",
            "check",
            old.toString(),
            base.toString(),
            "--out",
            dir.resolve("stale").toString());
    assertThat(stale.code()).isEqualTo(2);
    assertThat(stale.err().strip())
        .startsWith("the baseline " + old + " has no timing blocks")
        .contains("record it again")
        .doesNotContain("\n");
    assertThat(dir.resolve("stale")).doesNotExist();
  }

  /**
   * A baseline recorded after the profile it judges: the arguments are probably swapped, and the
   * output says so.
   */
  @Test
  void swappedArgumentsAreNamed() throws Exception {
    Path older = stamped(profile("older.json", 20, 320, 1), "2026-12-01T10:00:00Z");
    Path newer = stamped(profile("newer.json", 20, 320, 2), "2026-12-02T10:00:00Z");
    CliTest.Result swapped = CliTest.run("profile", "check", newer.toString(), older.toString());
    assertThat(swapped.code()).isZero();
    assertThat(swapped.out().lines().findFirst().orElseThrow())
        .startsWith("warning: the baseline " + newer)
        .contains(
            "is newer than the current profile " + older, "are <baseline> and <current> swapped?");
    CliTest.Result json =
        CliTest.run("profile", "check", newer.toString(), older.toString(), "--json");
    assertThat(json.err()).contains("swapped?");
    assertThat(Json.MAPPER.readTree(json.out()).get("verdict").asText()).isNotEmpty();
    CliTest.Result inOrder = CliTest.run("profile", "check", older.toString(), newer.toString());
    assertThat(inOrder.out()).doesNotContain("swapped");
  }

  private static Path stamped(Path profile, String at) throws Exception {
    com.fasterxml.jackson.databind.node.ObjectNode p =
        (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(profile.toFile());
    p.put("recorded_at", at);
    return Files.writeString(profile, Json.indented(p));
  }
}
