package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.report.DiffReport;
import org.libreyolo.profile.result.Json;

/**
 * {@code profile diff} on real runs of real models (docs/diff.md): TorchScript pairs made to differ
 * in one known way, each measured once, traced, at a small size: what the diff names from the work,
 * shapes and calls it counts. The model file keeps one path, as a pull request changes it. How the
 * diff judges time across fresh JVMs (an A/A names nothing, the named rows explain the change) is
 * {@link DiffStudyTest}'s.
 */
class DiffCommandTest {
  @TempDir static Path dir;

  private static final List<String> MODELS =
      List.of("layers_narrow", "layers_wide", "blocks", "blocks_sigmoid");

  @BeforeAll
  static void measure() throws Exception {
    Path model = dir.resolve("model.torchscript");
    for (String name : MODELS) {
      infer(dir, model, name, name, "1", "128", "10");
    }
  }

  /** One {@code profile infer} of a fixture model copied to {@code model}, into {@code project}. */
  static void infer(
      Path dir, Path model, String name, String project, String forks, String imgsz, String runs)
      throws Exception {
    Files.copy(
        Path.of("..", "libreyolo-profile-core/src/test/resources/fixtures/torchscript")
            .resolve(name + ".torchscript"),
        model,
        StandardCopyOption.REPLACE_EXISTING);
    CliTest.Result r =
        CliTest.run(
            "profile",
            "infer",
            "--forks",
            forks,
            "--weights",
            model.toString(),
            "--threads",
            "1",
            "--imgsz",
            imgsz,
            "--warmup",
            "3",
            "--runs",
            runs,
            "--quiet",
            "--project",
            dir.resolve(project).toString());
    assertThat(r.code()).as(r.err()).isZero();
  }

  static String profile(Path dir, String project) {
    return dir.resolve(project).resolve("infer/profile.json").toString();
  }

  private static String profile(String project) {
    return profile(dir, project);
  }

  private static JsonNode diffJson(String before, String after) throws Exception {
    CliTest.Result r = CliTest.run("profile", "diff", profile(before), profile(after), "--json");
    assertThat(r.code()).as(r.err()).isZero();
    return Json.MAPPER.readTree(r.out());
  }

  /**
   * One layer four times wider, the same op sequence: that layer's convolution comes first (its
   * work changed), with its multiply-adds and input shapes before and after.
   */
  @Test
  void aWiderLayerIsNamedFirstWithItsWork() throws Exception {
    JsonNode d = diffJson("layers_narrow", "layers_wide");
    assertThat(d.path("level").asText()).isEqualTo("op calls");
    JsonNode first = d.path("contributors").get(0);
    assertThat(d.path("named").get(0)).isEqualTo(first);
    assertThat(first.path("name").asText())
        .as(d.toString())
        .startsWith("aten::mkldnn_convolution #3");
    assertThat(first.path("above_noise").asBoolean()).isTrue();
    assertThat(first.path("shape_after").asText()).contains("[256,64,3,3]");
    assertThat(first.path("macs_after").asLong())
        .isEqualTo(16 * first.path("macs_before").asLong());
    assertThat(d.path("changed").asBoolean()).isTrue();
    CliTest.Result text =
        CliTest.run(
            "profile", "diff", profile("layers_narrow"), profile("layers_wide"), "--top", "3");
    assertThat(text.out()).contains("MACs 9.44M -> 150.99M"); // how much it explains: the study's
  }

  /** One more op in each of three blocks: the op is listed as added, three calls per step. */
  @Test
  void anAddedOpIsListedWithItsCount() throws Exception {
    CliTest.Result r = CliTest.run("profile", "diff", profile("blocks"), profile("blocks_sigmoid"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("added aten::sigmoid x3 per step");
    JsonNode sigmoid = null;
    for (JsonNode op : diffJson("blocks", "blocks_sigmoid").path("ops")) {
      if (op.path("name").asText().equals("aten::sigmoid")) {
        sigmoid = op;
      }
    }
    assertThat(sigmoid).isNotNull();
    assertThat(sigmoid.path("status").asText()).isEqualTo("added");
    assertThat(sigmoid.path("count_after").asLong()).isEqualTo(3);
  }

  /**
   * {@code --format markdown} is the pull request's comment ({@code DiffMarkdown}); a format that
   * does not render a diff is refused in one line, before either profile is read.
   */
  @Test
  void aDiffInMarkdownIsThePullRequestsCommentAndBmfIsRefused() throws Exception {
    CliTest.Result md =
        CliTest.run(
            "profile",
            "diff",
            profile("layers_narrow"),
            profile("layers_wide"),
            "--format",
            "markdown");
    assertThat(md.code()).as(md.err()).isZero();
    assertThat(md.out()).contains("|").contains("aten::mkldnn_convolution");
    CliTest.Result bad =
        CliTest.run("profile", "diff", "missing-a.json", "missing-b.json", "--format", "bmf");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err().strip())
        .isEqualTo("--format bmf does not render a diff: use text, json or markdown");
  }

  /** {@code --phase} narrows every table to that phase; an unknown phase is one line, exit 2. */
  @Test
  void aPhaseNarrowsTheDiffAndAnUnknownOneIsBadInput() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile", "diff", profile("blocks"), profile("blocks_sigmoid"), "--phase", "forward");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("forward ");
    CliTest.Result bad =
        CliTest.run(
            "profile", "diff", profile("blocks"), profile("blocks_sigmoid"), "--phase", "nms");
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err().strip())
        .contains("phase 'nms': neither profile has that phase")
        .doesNotContain("\n");
  }

  /**
   * A profile keeps its op calls: the same two profiles give the same diff from another working
   * directory (a fresh JVM started there, the paths absolute), and after their folders were copied
   * elsewhere with their traces gone.
   */
  @Test
  void theSameTwoProfilesGiveTheSameDiffWhereverTheyAre() throws Exception {
    String here =
        CliTest.run("profile", "diff", profile("layers_narrow"), profile("layers_wide"), "--json")
            .out();
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "-Dai.djl.offline=true",
                Main.class.getName(),
                "profile",
                "diff",
                Path.of(profile("layers_narrow")).toAbsolutePath().toString(),
                Path.of(profile("layers_wide")).toAbsolutePath().toString(),
                "--json")
            .directory(elsewhere.toFile())
            .redirectErrorStream(false)
            .start();
    String there = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).isZero();
    assertThat(there).isEqualTo(here);

    Path moved = dir.resolve("moved");
    for (String run : List.of("layers_narrow", "layers_wide")) {
      copyTree(dir.resolve(run), moved.resolve(run));
      try (var files = Files.walk(moved.resolve(run))) {
        for (Path trace :
            files.filter(f -> f.getFileName().toString().equals("profile_trace.json")).toList()) {
          Files.delete(trace);
        }
      }
    }
    String after =
        CliTest.run(
                "profile",
                "diff",
                moved.resolve("layers_narrow/infer/profile.json").toString(),
                moved.resolve("layers_wide/infer/profile.json").toString(),
                "--json")
            .out();
    assertThat(after).isEqualTo(here);
    assertThat(Json.MAPPER.readTree(here).path("named").get(0).path("name").asText())
        .startsWith("aten::mkldnn_convolution #3");
  }

  /**
   * A profile that keeps no op calls (recorded before profiles kept them) and whose trace is not
   * beside it: said in one line, and its rows are the profile's own (kernels by name), never
   * another file's.
   */
  @Test
  void aTraceThatIsNotBesideItsProfileIsSaidInOneLine() throws Exception {
    Path old = dir.resolve("old/infer");
    Files.createDirectories(old);
    com.fasterxml.jackson.databind.node.ObjectNode json =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            Json.MAPPER.readTree(Path.of(profile("layers_narrow")).toFile());
    json.remove("op_calls");
    // the path as a producer run from a checkout stores it: relative to where it ran
    json.put("trace", "runs/profile/base/infer/profile_trace.json");
    Files.writeString(old.resolve("profile.json"), Json.compact(json));
    CliTest.Result r =
        CliTest.run(
            "profile", "diff", old.resolve("profile.json").toString(), profile("layers_wide"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("note: before: the trace runs/profile/base/infer/profile_trace.json")
        .contains("is not beside " + old.resolve("profile.json"))
        .contains("kernels (own time");
  }

  /** A profile diffed with itself: nothing changed beyond noise, every row folded. */
  @Test
  void aProfileDiffedWithItselfChangedNothing() throws Exception {
    CliTest.Result r =
        CliTest.run("profile", "diff", profile("layers_narrow"), profile("layers_narrow"));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().lines().findFirst().orElse(""))
        .endsWith(": " + DiffReport.NOTHING_TO_EXPLAIN);
    assertThat(r.out()).contains("none beyond its noise; ").doesNotContain("(largest");
    JsonNode d = diffJson("layers_narrow", "layers_narrow");
    assertThat(d.path("named")).isEmpty();
  }

  private static void copyTree(Path from, Path to) throws java.io.IOException {
    try (var files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
