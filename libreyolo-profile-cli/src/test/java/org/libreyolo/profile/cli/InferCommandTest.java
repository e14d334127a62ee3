package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.libreyolo.profile.result.Json;

class InferCommandTest {
  @TempDir Path dir;

  @Test
  void textOutputFollowsTheReferenceAndTheProfileReadsBack() {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "infer",
            "--forks",
            "1",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "64",
            "--warmup",
            "1",
            "--runs",
            "4",
            "--project",
            dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    // the line that says the stages' sum exceeds the latency mean comes only where it does
    String[] lines =
        r.out()
            .lines()
            .filter(l -> !l.startsWith("         the stages together"))
            .toArray(String[]::new);
    assertThat(lines).hasSize(6);
    // ours, before the reference's five lines: random weights are never taken for pretrained ones
    assertThat(lines[0])
        .isEqualTo(
            "model    LibreYOLO9t.pt (random-init: seeded random weights, not pretrained)  |  input"
                + " 1x3x64x64  |  task detect");
    lines = java.util.Arrays.copyOfRange(lines, 1, lines.length);
    assertThat(lines[0])
        .matches(
            "latency  p50 [0-9.]+ ms \\| p90 [0-9.]+ ms \\| p99 [0-9.]+ ms  \\|  [0-9.]+ img/s"
                + " \\(batch / mean [0-9.]+ ms\\)");
    assertThat(lines[1])
        .matches(
            "stages   preprocess [0-9.]+ ms \\| forward [0-9.]+ ms \\| postprocess/NMS [0-9.]+ ms"
                + " \\(means\\)");
    assertThat(lines[2])
        .startsWith(">> COMPUTE: forward dominates the step (")
        .endsWith(" ms) \u2014 CPU-bound");
    Path profile = dir.resolve("infer").resolve("profile.json");
    assertThat(lines[3]).isEqualTo("profile: " + profile);
    assertThat(lines[4]).isEqualTo("next:    libreyolo profile summary " + profile);
    CliTest.Result summary = CliTest.run("profile", "summary", profile.toString());
    assertThat(summary.code()).isZero();
    assertThat(summary.out())
        .contains("(2 samples)", "CPU busy", "leaf op", "model LibreYOLO9t.pt (random-init");
  }

  @Test
  void javaSamplesOfTheMeasuredRunsAreReadByPhase() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "infer",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "128",
            "--warmup",
            "1",
            "--runs",
            "30",
            "--project",
            dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    Path profile = dir.resolve("infer").resolve("profile.json");
    JsonNode samples = Json.MAPPER.readTree(profile.toFile()).path("java_samples");
    assertThat(samples.path("source").asText()).isEqualTo("jfr");
    // the phase that holds the most samples (forward, unless a busy machine's sampler missed it)
    String phase = null;
    for (var e : samples.path("phases").properties()) {
      if (phase == null
          || e.getValue().path("samples").asInt()
              > samples.path("phases").path(phase).path("samples").asInt()) {
        phase = e.getKey();
      }
    }
    assertThat(phase).as("a phase with Java samples: %s", samples).isNotNull();
    CliTest.Result java = CliTest.run("profile", "java", profile.toString(), "--phase", phase);
    assertThat(java.code()).as(java.err()).isZero();
    assertThat(java.out()).startsWith("java samples by self (top Java frame): ");
    assertThat(java.out().lines().skip(1).findFirst().orElse("")).startsWith(phase + " ");
    CliTest.Result unknown = CliTest.run("profile", "java", profile.toString(), "--phase", "nms");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown phase 'nms'. available: ");
    // a trace has no Java samples: exit 3, one line
    CliTest.Result trace =
        CliTest.run(
            "profile", "java", dir.resolve("infer").resolve("profile_trace.json").toString());
    assertThat(trace.code()).isEqualTo(3);
    assertThat(trace.err().strip()).startsWith("no Java samples in ").doesNotContain("\n");
  }

  @Test
  void jsonOutputHasTheReferenceKeysInOrder() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "infer",
            "--forks",
            "1",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "64",
            "--warmup",
            "0",
            "--runs",
            "2",
            "--repeat",
            "2",
            "--no-trace",
            "--project",
            dir.toString(),
            "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = Json.MAPPER.readTree(r.out());
    List<String> keys = new ArrayList<>();
    j.fieldNames().forEachRemaining(keys::add);
    assertThat(keys)
        .containsExactly(
            "profile",
            "mode",
            "img_per_s",
            "img_per_s_std",
            "img_per_s_n",
            "latency_p50_ms",
            "latency_p90_ms",
            "latency_p99_ms",
            "bound",
            "stages_ms",
            "model",
            "weights",
            "task",
            "input_shape");
    assertThat(j.get("weights").asText()).isEqualTo("random-init");
    assertThat(j.get("profile").asText()).isEqualTo(dir.resolve("infer_repeat.json").toString());
    assertThat(j.get("img_per_s_n").asInt()).isEqualTo(2);
    assertThat(j.get("img_per_s_std").isNumber()).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "--runs 0 | --runs must be >= 2",
        "--runs 1 | --runs must be >= 2",
        "--warmup -1 | --warmup must be >= 0",
        "--repeat -2 | --repeat must be >= 1",
        "--half | --half needs a CUDA device; on CPU the profile runs in float32",
        "--amp-dtype int4 | amp_dtype must be one of: bf16, bfloat16, float16, fp16; got 'int4'",
        "--imgsz 33 | --imgsz must be a positive multiple of 32",
        "--conf 7 | --conf must be within [0, 1]",
        "--threads 0 | --threads must be within 1..",
        "--task segment | --task must be auto, detect or none, got 'segment'",
        "--input-shape 1x224x224 | --input-shape must be NxCxHxW such as 1x3x224x224",
        "--input-shape 1x1x224x224 | --input-shape must have 3 channels",
        "--forks 0 | --forks must be within 1..100, got 0",
        "--forks 101 | --forks must be within 1..100, got 101",
        "--forks 3 --repeat 2 | --repeat 2 and --forks 3 both repeat the measurement",
      })
  void badFlagsExitTwoBeforeAnyWork(String flags, String message) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "profile", "infer", "--device", "cpu", "--project", dir.resolve("p").toString()));
    args.addAll(List.of(flags.trim().split(" ")));
    CliTest.Result r = CliTest.run(args.toArray(String[]::new));
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains(message).hasLineCount(1);
    assertThat(dir.resolve("p")).doesNotExist();
  }

  @Test
  void cudaDeviceWithoutCudaFailsBeforeWritingAnything() {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "infer",
            "--forks",
            "1",
            "--device",
            "0",
            "--project",
            dir.resolve("p").toString());
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("no CUDA device/engine is available", "--device cpu");
    assertThat(dir.resolve("p")).doesNotExist();
  }

  /**
   * No {@code --device}: {@code auto}, the CPU on this build, recorded as the device it decided on.
   */
  @Test
  void autoDeviceIsTheDefaultDecidedAndRecorded() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "infer",
            "--forks",
            "1",
            "--threads",
            "1",
            "--imgsz",
            "64",
            "--warmup",
            "1",
            "--runs",
            "4",
            "--no-trace",
            "--project",
            dir.resolve("auto").toString());
    assertThat(r.code()).as(r.err()).isZero();
    com.fasterxml.jackson.databind.JsonNode p =
        org.libreyolo.profile.result.Json.MAPPER.readTree(
            dir.resolve("auto/infer/profile.json").toFile());
    assertThat(p.get("device").asText()).isEqualTo("cpu");
    assertThat(p.get("config").get("device").asText()).isEqualTo("cpu");
  }

  static final String CLASSIFIER =
      "libreyolo-profile-core/src/test/resources/fixtures/torchscript/";

  /**
   * The user's own model: a TorchScript classifier ([1, 10] output) is profiled as a plain model
   * and says so.
   */
  @Test
  void aClassifierTorchScriptIsProfiledWithoutPostprocess() throws Exception {
    Path model = fixture("global_pool_classifier.torchscript");
    CliTest.Result r =
        CliTest.run(
            "profile",
            "infer",
            "--forks",
            "1",
            "--weights",
            model.toString(),
            "--threads",
            "1",
            "--imgsz",
            "96",
            "--warmup",
            "1",
            "--runs",
            "4",
            "--no-trace",
            "--project",
            dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains(
            "task none: not a YOLO detection output, profiled without postprocess",
            "no postprocess (a plain model)");
    JsonNode p = Json.MAPPER.readTree(dir.resolve("infer/profile.json").toFile());
    assertThat(p.get("config").get("task").asText()).isEqualTo("none");
    assertThat(p.get("stages_ms").has("postprocess")).isFalse();
    assertThat(p.get("samples").get("latency_ms")).hasSize(2);
  }

  /**
   * A model exported at a fixed size: one line naming the model, the shape and the engine's
   * message; --input-shape fits it.
   */
  @Test
  void aFixedSizeModelAtAnotherSizeIsOneLineAndInputShapeFitsIt() {
    Path model = fixture("fixed224_classifier.torchscript");
    CliTest.Result wrong =
        CliTest.run(
            "profile",
            "infer",
            "--weights",
            model.toString(),
            "--threads",
            "1",
            "--imgsz",
            "256",
            "--runs",
            "2",
            "--project",
            dir.resolve("wrong").toString());
    assertThat(wrong.code()).isEqualTo(2);
    assertThat(wrong.err())
        .hasLineCount(1)
        .contains(
            "model " + model,
            "does not run at input 1x3x256x256",
            "mat1 and mat2 shapes cannot be multiplied",
            "--input-shape");
    assertThat(dir.resolve("wrong")).doesNotExist();
    CliTest.Result detect =
        CliTest.run(
            "profile",
            "infer",
            "--forks",
            "1",
            "--weights",
            model.toString(),
            "--threads",
            "1",
            "--input-shape",
            "1x3x224x224",
            "--task",
            "detect",
            "--runs",
            "2",
            "--project",
            dir.resolve("d").toString());
    assertThat(detect.code()).isEqualTo(2);
    assertThat(detect.err())
        .hasLineCount(1)
        .contains("--task detect needs a YOLO detection output", "[1, 10]");
    CliTest.Result fits =
        CliTest.run(
            "profile",
            "infer",
            "--forks",
            "1",
            "--weights",
            model.toString(),
            "--threads",
            "1",
            "--input-shape",
            "1x3x224x224",
            "--warmup",
            "1",
            "--runs",
            "2",
            "--no-trace",
            "--project",
            dir.resolve("fits").toString());
    assertThat(fits.code()).as(fits.err()).isZero();
    assertThat(fits.out()).contains("input 1x3x224x224");
  }

  /**
   * The user's own TorchScript model gets the exact work counter: twice the convolution channels,
   * the same op sequence, is a counters REGRESSION naming the MACs, whatever the timing says.
   */
  @Test
  void aTorchScriptModelWithMoreConvolutionWorkIsACountersRegression() throws Exception {
    Path model =
        dir.resolve("model.torchscript"); // one file, changed by a pull request: the same workload
    for (String version : List.of("global_pool_classifier", "wide_pool_classifier")) {
      java.nio.file.Files.copy(
          fixture(version + ".torchscript"),
          model,
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      CliTest.Result r =
          CliTest.run(
              "profile",
              "infer",
              "--forks",
              "1",
              "--weights",
              model.toString(),
              "--threads",
              "1",
              "--imgsz",
              "64",
              "--warmup",
              "1",
              "--runs",
              "16",
              "--project",
              dir.resolve(version).toString());
      assertThat(r.code()).as(r.err()).isZero();
    }
    Path narrow = dir.resolve("global_pool_classifier/infer/profile.json");
    JsonNode work = Json.MAPPER.readTree(narrow.toFile()).get("work");
    assertThat(work.get("conv_macs_stride1_per_step").asLong()).isEqualTo(64L * 64 * 8 * 3 * 3 * 3);
    assertThat(work.get("matmul_macs_per_step").asLong()).isEqualTo(8L * 10);
    CliTest.Result check =
        CliTest.run(
            "profile",
            "check",
            narrow.toString(),
            dir.resolve("wide_pool_classifier/infer/profile.json").toString());
    assertThat(check.code()).as(check.out()).isEqualTo(4);
    assertThat(check.out())
        .contains(
            "work: convolution MACs (stride 1) +100.0%/step",
            "memory: tensor bytes allocated +", "counters: REGRESSION", "verdict: REGRESSION");
    JsonNode memory = Json.MAPPER.readTree(narrow.toFile()).get("tensor_memory");
    // the convolution's output alone: 8 channels of 32x32 floats (stride 2 at 64 px)
    assertThat(memory.get("allocated_bytes_per_step").asLong()).isGreaterThan(8L * 32 * 32 * 4);
  }

  /**
   * A TorchScript model's profile records its engine, libtorch, threads and parameter count as the
   * built-in network's does, so the gate sees a thread change between two runs of the same file.
   */
  @Test
  void aTorchScriptProfileRecordsItsEnvironmentAndCheckSeesAThreadChange() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Runtime.getRuntime().availableProcessors() >= 2, "needs 2 cores");
    Path model = fixture("global_pool_classifier.torchscript");
    for (String threads : List.of("1", "2")) {
      CliTest.Result r =
          CliTest.run(
              "profile",
              "infer",
              "--forks",
              "1",
              "--weights",
              model.toString(),
              "--threads",
              threads,
              "--imgsz",
              "64",
              "--warmup",
              "1",
              "--runs",
              "16",
              "--no-trace",
              "--project",
              dir.resolve("t" + threads).toString());
      assertThat(r.code()).as(r.err()).isZero();
    }
    JsonNode env =
        Json.MAPPER.readTree(dir.resolve("t1/infer/profile.json").toFile()).get("environment");
    assertThat(env.get("engine").asText()).startsWith("DJL ").endsWith("/ PyTorch");
    assertThat(env.get("libtorch").asText()).matches("\\d+\\.\\d+\\.\\d+.*");
    assertThat(env.get("threads").asInt()).isEqualTo(1);
    assertThat(env.get("model_params").asLong())
        .isEqualTo(8L * 3 * 3 * 3 + 8 + 8 * 10 + 10); // conv + linear
    CliTest.Result check =
        CliTest.run(
            "profile",
            "check",
            dir.resolve("t1/infer/profile.json").toString(),
            dir.resolve("t2/infer/profile.json").toString());
    assertThat(check.out())
        .contains("threads 1 -> 2")
        .doesNotContain("engine")
        .doesNotContain("model_params");
  }

  /** {@code --no-trace} records no trace; the default (and {@code --trace}) records one. */
  @Test
  void noTraceRecordsNoTraceAndTheDefaultDoes() throws Exception {
    for (String flag : List.of("--no-trace", "--trace")) {
      Path project = dir.resolve(flag.substring(2));
      CliTest.Result r =
          CliTest.run(
              "profile",
              "infer",
              "--threads",
              "1",
              "--imgsz",
              "64",
              "--warmup",
              "0",
              "--runs",
              "2",
              flag,
              "--project",
              project.toString());
      assertThat(r.code()).as(r.err()).isZero();
      boolean traced = flag.equals("--trace");
      assertThat(java.nio.file.Files.exists(project.resolve("infer/profile_trace.json")))
          .as(flag)
          .isEqualTo(traced);
      assertThat(
              Json.MAPPER
                  .readTree(project.resolve("infer/profile.json").toFile())
                  .get("trace")
                  .isNull())
          .as(flag)
          .isEqualTo(!traced);
    }
  }

  /**
   * Forks: fresh JVMs one after another, merged into one profile whose forks the gate reads as its
   * unit.
   */
  @Test
  @Tag("slow")
  void forksMeasureInFreshJvmsAndMergeIntoOneProfile() throws Exception {
    CliTest.Result r =
        CliTest.run(
            "profile",
            "infer",
            "--forks",
            "2",
            "--device",
            "cpu",
            "--threads",
            "1",
            "--imgsz",
            "64",
            "--warmup",
            "1",
            "--runs",
            "10",
            "--project",
            dir.toString());
    assertThat(r.code()).as(r.err()).isZero();
    Path file = dir.resolve("infer/profile.json");
    JsonNode p = Json.MAPPER.readTree(file.toFile());
    assertThat(p.get("config").get("forks").asInt()).isEqualTo(2);
    assertThat(p.get("samples").get("forks")).hasSize(2);
    assertThat(p.get("samples").get("latency_ms"))
        .hasSize(10); // 5 latency iterations per fork, pooled
    assertThat(p.get("samples").get("blocks").get("step_ms")).hasSize(4);
    assertThat(p.get("trace").asText())
        .isEqualTo(dir.resolve("infer/profile_trace.json").toString());
    assertThat(dir.resolve("infer/profile_trace.json")).isRegularFile();
    assertThat(p.get("samples").get("forks").get(0).get("environment").get("cpu").asText())
        .isNotEmpty();
    CliTest.Result self = CliTest.run("profile", "check", file.toString(), file.toString());
    assertThat(self.code()).as(self.out()).isZero();
    assertThat(self.out())
        .contains("2/2 forks", "Welch's t over the forks (2 and 2 processes)", "timing: ");
    // the history stores the run with its forks: one value per fork of the gate's unit
    String history = "jdbc:sqlite:" + dir.resolve("history.db");
    CliTest.Result rec =
        CliTest.run(
            "profile",
            "history",
            "record",
            file.toString(),
            "--series",
            "infer",
            "--commit",
            "abc",
            "--branch",
            "main",
            "--history",
            history);
    assertThat(rec.code()).as(rec.err()).isZero();
    assertThat(rec.out()).contains("recorded infer (2 forks, commit abc, branch main)");
    // the same file again would count one measurement as two runs: refused, unless --again
    CliTest.Result twice =
        CliTest.run(
            "profile",
            "history",
            "record",
            file.toString(),
            "--series",
            "infer",
            "--commit",
            "abc",
            "--branch",
            "main",
            "--history",
            history);
    assertThat(twice.code()).isEqualTo(2);
    assertThat(twice.err())
        .hasLineCount(1)
        .contains("holds this profile already", "--again records it anyway");
    CliTest.Result list = CliTest.run("profile", "history", "list", "--json", "--history", history);
    JsonNode series = Json.MAPPER.readTree(list.out()).get("series").get(0);
    assertThat(series.get("runs").asInt()).isEqualTo(1);
    assertThat(series.get("metrics").toString()).contains("step_vs_canary", "step_ms", "img_per_s");
    assertThat(series.get("testbed").get("imgsz").asText()).isEqualTo("64");
    // what export writes, import reads back without options (the hashes are attributes)
    Path csv = dir.resolve("infer.csv");
    CliTest.Result export =
        CliTest.run(
            "profile",
            "history",
            "export",
            "--series",
            "infer",
            "--out",
            csv.toString(),
            "--history",
            history);
    assertThat(export.code()).as(export.err()).isZero();
    assertThat(Files.readString(csv)).contains("profile_sha256");
    CliTest.Result back =
        CliTest.run(
            "profile",
            "history",
            "import",
            csv.toString(),
            "--series",
            "back",
            "--history",
            "jdbc:sqlite:" + dir.resolve("copy.db"));
    assertThat(back.code()).as(back.err()).isZero();
    assertThat(back.out()).contains("imported 1 runs");
    // one run of history cannot judge: the check says so and what to use instead
    CliTest.Result hc = historyCheck(file, history, "infer");
    assertThat(hc.code()).as(hc.err()).isZero();
    assertThat(hc.out())
        .contains(
            "history: not used, main has 1 runs of infer@",
            "needs 10",
            "verdict: INCONCLUSIVE (no history to judge by");
    CliTest.Result md = historyCheck(file, history, "infer", "--format", "markdown");
    assertThat(md.code()).as(md.err()).isZero();
    assertThat(md.out())
        .startsWith("### libreyolo-profile history check: not judged")
        .contains("History not used: main has 1 runs of infer@");
    CliTest.Result bmf = historyCheck(file, history, "infer", "--format", "bmf");
    assertThat(bmf.code()).isEqualTo(2);
    assertThat(bmf.err().strip())
        .isEqualTo(
            "--format bmf does not render a check against history: use text, json or markdown");
    // a series the history has never seen: said with the names it has, not a silent INCONCLUSIVE
    CliTest.Result typo = historyCheck(file, history, "infre");
    assertThat(typo.code()).as(typo.err()).isZero();
    assertThat(typo.out())
        .contains("no series 'infre' in the history", "(it has infer)", "check the name otherwise");
  }

  /** {@code profile history check} of a profile against a series, with more arguments. */
  private static CliTest.Result historyCheck(
      Path profile, String history, String series, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "profile",
                "history",
                "check",
                profile.toString(),
                "--series",
                series,
                "--history",
                history));
    args.addAll(List.of(more));
    return CliTest.run(args.toArray(String[]::new));
  }

  private static Path fixture(String name) {
    return Path.of("..").resolve(CLASSIFIER).resolve(name).toAbsolutePath().normalize();
  }
}
