package org.libreyolo.profile.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.libreyolo.profile.internal.analysis.Traces;

/**
 * The CLI's bad-input matrix: every row asserts the documented exit code, a one-line message on
 * stderr (no stack trace), nothing on stdout, and no output directory left behind. Placeholders:
 * MISSING, EMPTY (0-byte file), DIR, TRUNC, BADGZ, HUGE, NANTRACE, DEEP, WRONGSCHEMA, EMPTYTRACE,
 * NOMARKERS, TRACE, CORRUPTJPG, EMPTYDIR, BADYAML, BADLABEL, ESCAPE, BADNPZ, NOINPUT, HELLO (JSON,
 * neither profile nor trace), WEBP, OUT (an output root that must not appear). A message starting
 * with ^ must start the line.
 */
class BadInputMatrixTest {
  @TempDir static Path dir;

  @BeforeAll
  static void files() throws Exception {
    Files.createFile(dir.resolve("empty.json"));
    Files.createDirectories(dir.resolve("adir"));
    Files.writeString(dir.resolve("trunc.json"), "{\"traceEvents\": [{\"ph\": \"X\", \"ts\": 1");
    Files.write(dir.resolve("badgz.json.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0, 1, 2, 3});
    Files.writeString(
        dir.resolve("huge.json"),
        "{\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\","
            + " \"ts\": 1e400, \"dur\": 99999999999999999999999}]}");
    Files.writeString(
        dir.resolve("nan.json"), "{\"traceEvents\": [{\"ph\": \"X\", \"ts\": NaN, \"dur\": 1}]}");
    Files.writeString(dir.resolve("deep.json"), "[".repeat(5000));
    Files.writeString(
        dir.resolve("wrongschema.json"), "{\"schema\": \"something/else\", \"traceEvents\": 5}");
    Files.writeString(dir.resolve("emptytrace.json"), "{\"traceEvents\": []}");
    Files.writeString(dir.resolve("hello.json"), "{\"hello\": 1}");
    String v1 = "{\"schema\": \"libreyolo.profile.analysis/v1\", ";
    Files.writeString(dir.resolve("strstep.json"), v1 + "\"step_ms\": \"fast\"}");
    Files.writeString(dir.resolve("negstep.json"), v1 + "\"step_ms\": 4, \"img_per_s\": -5.0}");
    Files.writeString(
        dir.resolve("v9.json"), "{\"schema\": \"libreyolo.profile.analysis/v9\", \"step_ms\": 4}");
    Files.write(
        dir.resolve("plot.png"),
        new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13});
    // a valid 1x1 lossless WebP
    Files.write(
        dir.resolve("one.webp"),
        java.util.Base64.getDecoder().decode("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="));
    Traces markerless = new Traces();
    markerless.x("kernel", "ampere_sgemm", 10, 5);
    markerless.write(dir.resolve("nomarkers.json"));
    Traces.traceB().write(dir.resolve("trace.json"));
    Files.writeString(dir.resolve("corrupt.jpg"), "not a jpeg");
    Files.createDirectories(dir.resolve("emptydir"));
    Files.writeString(dir.resolve("bad.yaml"), "path: [unclosed\n");
    Path ds = dir.resolve("ds");
    Files.createDirectories(ds.resolve("images/train"));
    Files.createDirectories(ds.resolve("labels/train"));
    Files.copy(
        BadInputMatrixTest.class.getResourceAsStream("/org/libreyolo/profile/sample/coffee.jpg"),
        ds.resolve("images/train/a.jpg"));
    Files.writeString(ds.resolve("labels/train/a.txt"), "0 0.5 0.5 0.2\n");
    Files.writeString(ds.resolve("data.yaml"), "path: .\ntrain: images/train\nnames: [a]\n");
    Files.writeString(dir.resolve("escape.yaml"), "path: .\ntrain: ../../..\nnames: [a]\n");
    Files.writeString(dir.resolve("bad.npz"), "PK not really");
    org.libreyolo.profile.internal.io.AtomicFiles.write(
        dir.resolve("noinput.npz"),
        out ->
            org.libreyolo.profile.internal.io.Npz.writeFloat32(
                out,
                java.util.Map.of(
                    "other",
                    new org.libreyolo.profile.internal.io.Npz.FloatArray(
                        new float[1], new long[] {1}))));
    try (var in =
        BadInputMatrixTest.class.getResourceAsStream("/org/libreyolo/profile/sample/coffee.jpg")) {
      Files.write(dir.resolve("trunc.jpg"), in.readNBytes(2000)); // a JPEG cut short
    }
    String metrics = ", \"metrics\": {\"step_ms\": 4}";
    Files.writeString(dir.resolve("nullstep.json"), v1 + "\"step_ms\": null" + metrics + "}");
    Files.writeString(dir.resolve("nostep.json"), v1 + "\"img_per_s\": 250" + metrics + "}");
    Files.writeString(dir.resolve("intphases.json"), v1 + "\"step_ms\": 4, \"phases\": [1, 2, 3]}");
    Files.writeString(dir.resolve("strjava.json"), v1 + "\"step_ms\": 4, \"java_samples\": \"x\"}");
    Files.writeString(
        dir.resolve("strlatency.json"),
        v1 + "\"step_ms\": 4, \"samples\": {\"latency_ms\": [\"a\", \"b\"]}}");
    Files.writeString(
        dir.resolve("strblocks.json"), v1 + "\"step_ms\": 4, \"samples\": {\"blocks\": \"x\"}}");
    try (OutputStream out =
        new GZIPOutputStream(Files.newOutputStream(dir.resolve("ok.json.gz")))) {
      out.write(Files.readAllBytes(dir.resolve("trace.json")));
    }
  }

  static String[] args(String line) {
    List<String> out = new ArrayList<>();
    for (String a : line.trim().split("\\s+")) {
      out.add(
          switch (a) {
            case "MISSING" -> dir.resolve("missing.json").toString();
            case "EMPTY" -> dir.resolve("empty.json").toString();
            case "DIR" -> dir.resolve("adir").toString();
            case "TRUNC" -> dir.resolve("trunc.json").toString();
            case "BADGZ" -> dir.resolve("badgz.json.gz").toString();
            case "HUGE" -> dir.resolve("huge.json").toString();
            case "NANTRACE" -> dir.resolve("nan.json").toString();
            case "DEEP" -> dir.resolve("deep.json").toString();
            case "WRONGSCHEMA" -> dir.resolve("wrongschema.json").toString();
            case "EMPTYTRACE" -> dir.resolve("emptytrace.json").toString();
            case "NOMARKERS" -> dir.resolve("nomarkers.json").toString();
            case "TRACE" -> dir.resolve("trace.json").toString();
            case "GZTRACE" -> dir.resolve("ok.json.gz").toString();
            case "CORRUPTJPG" -> dir.resolve("corrupt.jpg").toString();
            case "EMPTYDIR" -> dir.resolve("emptydir").toString();
            case "BADYAML" -> dir.resolve("bad.yaml").toString();
            case "BADLABEL" -> dir.resolve("ds/data.yaml").toString();
            case "ESCAPE" -> dir.resolve("escape.yaml").toString();
            case "BADNPZ" -> dir.resolve("bad.npz").toString();
            case "NOINPUT" -> dir.resolve("noinput.npz").toString();
            case "OUT" -> dir.resolve("out").toString();
            case "HELLO" -> dir.resolve("hello.json").toString();
            case "STRSTEP" -> dir.resolve("strstep.json").toString();
            case "NEGSTEP" -> dir.resolve("negstep.json").toString();
            case "V9" -> dir.resolve("v9.json").toString();
            case "PNG" -> dir.resolve("plot.png").toString();
            case "WEBP" -> dir.resolve("one.webp").toString();
            case "TRUNCJPG" -> dir.resolve("trunc.jpg").toString();
            case "NULLSTEP" -> dir.resolve("nullstep.json").toString();
            case "NOSTEP" -> dir.resolve("nostep.json").toString();
            case "INTPHASES" -> dir.resolve("intphases.json").toString();
            case "STRJAVA" -> dir.resolve("strjava.json").toString();
            case "STRLATENCY" -> dir.resolve("strlatency.json").toString();
            case "STRBLOCKS" -> dir.resolve("strblocks.json").toString();
            case "EMPTYARG" -> "";
            default -> a;
          });
    }
    return out.toArray(String[]::new);
  }

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        // readers: paths
        "profile summary MISSING | 2 | not found:",
        "profile summary DIR | 2 | is a directory",
        "profile get MISSING kernels_per_step | 2 | not found:",
        "profile kernels DIR | 2 | is a directory",
        "profile compare TRACE MISSING | 2 | not found:",
        "profile what-if MISSING --remove-launches 1 | 2 | not found:",
        "profile report MISSING | 2 | not found:",
        // readers: unparsable or odd traces
        "profile summary EMPTY | 1 | failed to analyse",
        "profile summary TRUNC | 1 | failed to analyse",
        "profile summary BADGZ | 1 | failed to analyse",
        "profile summary NANTRACE | 1 | failed to analyse",
        "profile summary DEEP | 1 | failed to analyse",
        "profile get HUGE kernels_per_step | 3 | holds no usable events",
        "profile get WRONGSCHEMA bound | 1 | neither a profile (an object with \"schema\"",
        "profile get EMPTYTRACE bound | 3 | no profile: ",
        "profile summary EMPTYTRACE | 3 | holds no usable events a profile is made of",
        "profile summary HELLO | 1 | failed to analyse",
        "profile get HELLO step_ms | 1 | nor a trace (a JSON array of events, or an object with a \"traceEvents\" array)",
        "profile get NOMARKERS kernels_per_step | 0 | ",
        "profile get GZTRACE kernels_per_step | 0 | ",
        // readers: unknown names and bad options
        "profile get TRACE no_such_metric | 2 | unknown metric 'no_such_metric'",
        "profile kernels TRACE --phase nope | 2 | unknown phase 'nope'. available: forward, backward",
        "profile ops TRACE --phase nope | 2 | unknown phase 'nope'",
        "profile kernels TRACE --grep [ | 2 | invalid --grep regex",
        "profile kernels TRACE --top x | 2 | Invalid value for option '--top'",
        "profile kernels TRACE --top -3 | 2 | --top must be >= 0 (rows to show), got -3",
        "profile ops TRACE --top -3 | 2 | --top must be >= 0",
        "profile kernels TRACE --sort foo | 2 | --sort must be one of time, count, name; got 'foo'",
        "profile what-if TRACE --remove-launches -5 | 2 | --remove-launches must be >= 0",
        "profile report TRACE --out /proc/libreyolo-x.html | 2 | ^cannot write /proc/libreyolo-x.html: ",
        "profile report TRACE --out DIR | 2 | it is a directory; name a file in it",
        // readers: profiles edited or damaged, files that are not JSON
        "profile summary STRSTEP | 1 | key \"step_ms\" must be a non-negative number, got \"fast\"",
        "profile get NEGSTEP step_ms | 1 | key \"img_per_s\" must be a non-negative number, got -5.0",
        "profile summary V9 | 1 | is schema 'libreyolo.profile.analysis/v9', this version reads libreyolo.profile.analysis/v1",
        "profile summary PNG | 1 | is a PNG image, not JSON",
        "profile summary NULLSTEP | 1 | key \"step_ms\" is null while \"metrics.step_ms\" is 4",
        "profile summary NOSTEP | 1 | key \"step_ms\" is missing while \"metrics.step_ms\" is 4",
        "profile summary INTPHASES | 1 | key \"phases[0]\" must be an object, got 1",
        "profile summary STRJAVA | 1 | key \"java_samples\" must be an object, got \"x\"",
        "profile java STRJAVA | 1 | key \"java_samples\" must be an object",
        "profile summary STRLATENCY | 1 | key \"samples.latency_ms[0]\" must be a number, got \"a\"",
        "profile check STRBLOCKS STRBLOCKS | 1 | key \"samples.blocks\" must be an object, got \"x\"",
        "profile diff TRACE TRACE --top -1 | 2 | --top must be >= 0 (rows to show), got -1",
        "profile summary TRACE trace=x | 2 | has no --trace; its arguments are",
        "profile what-if TRACE | 2 | specify --remove-category or --remove-launches",
        "profile what-if TRACE --remove-category tensor | 2 | no category matching 'tensor'",
        "profile what-if TRACE --remove-launches 1000000000 | 2 | ^--remove-launches must be at most the profile's ",
        "profile kernels TRACE --category nosuch | 2 | ^no category matching 'nosuch'. have: ",
        "profile what-if TRACE --remove-launches many | 2 | Invalid value for option '--remove-launches'",
        "profile compare TRACE TRACE --alpha 2 | 2 | --alpha must be a significance level within (0, 1), got 2: 2 means 200%: did you mean 0.02?",
        "profile ab --device cpu --baseline-weights BADNPZ --max-regression 5 --project OUT | 2 | --max-regression must be a fraction (0.05 = 5%) within (0, 1), got 5: 5 means 500%",
        "profile history check TRACE --series s --max-regression 20 --history jdbc:sqlite:/proc/nope/h.db | 2 | --max-regression must be a fraction (0.05 = 5%) within (0, 1), got 20: 20 means 2000%: did you mean 0.2?",
        "profile ab --device cpu --baseline-weights BADNPZ --alpha 0 --project OUT | 2 | --alpha must be a significance level within (0, 1), got 0",
        // infer: flags
        "profile infer --device cpu --runs 0 --project OUT | 2 | --runs must be >= 2",
        "profile infer --device cpu --runs -5 --project OUT | 2 | --runs must be >= 2",
        "profile infer --device cpu --warmup -1 --project OUT | 2 | --warmup must be >= 0",
        "profile infer --device cpu --repeat -1 --project OUT | 2 | --repeat must be >= 1",
        "profile infer --device cpu --forks 1 --repeat 0 --project OUT | 2 | --repeat must be >= 1 (trials in this process)",
        "profile infer --device cpu --imgsz 100000 --project OUT | 2 | needs 114440 MiB per forward, more than the 2,048 MiB",
        "profile infer --device cpu --threads 1000 --project OUT | 2 | ^--threads must be within 1..",
        "profile infer --device cpu --batch 0 --project OUT | 2 | --batch must be >= 1",
        "profile infer --device cpu --imgsz 31 --project OUT | 2 | --imgsz must be a positive multiple of 32",
        "profile infer --device cpu --imgsz 0 --project OUT | 2 | --imgsz must be a positive multiple of 32, got 0 (the model's native size is 640",
        "profile infer --device cpu --project /proc/nope/OUT | 2 | ^cannot write under --project /proc/nope/OUT: ",
        "profile infer --device cpu --conf -0.1 --project OUT | 2 | --conf must be within [0, 1]",
        "profile infer --device cpu --iou 1.1 --project OUT | 2 | --iou must be within [0, 1]",
        "profile infer --device cpu --max-det 0 --project OUT | 2 | --max-det must be >= 1",
        "profile infer --device cpu --threads 0 --project OUT | 2 | --threads must be within 1..",
        "profile infer --device 0 --project OUT | 2 | no CUDA device/engine is available",
        "profile infer --device cuda:1 --project OUT | 2 | ^no CUDA device/engine is available",
        "profile infer --device cuda:7 --forks 3 --project OUT | 2 | ^no CUDA device/engine is available for --device 7",
        "profile infer --device tpu --project OUT | 2 | unknown --device 'tpu'",
        "profile infer --device cpu --half --amp-dtype bf16 --project OUT | 2 | --half needs a CUDA device",
        "profile infer --device cpu --amp-dtype bfloat17 --project OUT | 2 | amp_dtype must be one of",
        "profile infer --device cpu --amp-dtype bfloat16 --project OUT | 2 | ^--amp-dtype bfloat16 is not available with DJL 0.36",
        "profile infer MISSING --device cpu --project OUT | 2 | (no such file or directory)",
        "profile infer EMPTYDIR --device cpu --project OUT | 2 | (no jpg, png, bmp or tif file there)",
        "profile infer WEBP --device cpu --project OUT | 2 | a WebP image, which the JVM's image readers do not decode",
        "profile infer CORRUPTJPG --device cpu --project OUT | 2 | cannot decode image",
        "profile infer TRUNCJPG --device cpu --project OUT | 2 | the file ends early (truncated",
        "profile infer --device cpu --project EMPTYARG | 2 | ^--project is empty: name a folder",
        "profile infer --device cpu --input-shape 0x3x224x224 --project OUT | 2 | --input-shape needs positive sizes, got 0x3x224x224",
        "profile infer --device cpu --input-shape 1x3x-5x224 --project OUT | 2 | --input-shape needs positive sizes, got 1x3x-5x224",
        "profile infer --device cpu --weights nope.npz --project OUT | 2 | weights file not found: nope.npz",
        "profile infer --device cpu --weights BADNPZ --project OUT | 2 | not a valid .npz archive",
        "profile infer --device cpu --size x --project OUT | 2 | unknown --size 'x'",
        "profile infer --device cpu weights=LibreYOLO9t.pt --project OUT | 2 | --weights LibreYOLO9t.pt",
        // run: data and flags
        "profile run BADYAML --device cpu --project OUT | 2 | malformed data YAML",
        "profile run BADLABEL --device cpu --batch 1 --project OUT | 2 | malformed label at",
        "profile run ESCAPE --device cpu --project OUT | 2 | escapes the dataset root",
        "profile run coco128 --device cpu --project OUT | 2 | shapes128",
        "profile run MISSING --device cpu --project OUT | 2 | data YAML not found",
        "profile run shapes8 --device cpu --steps 0 --project OUT | 2 | --steps must be >= 2",
        "profile run shapes8 --device cpu --workers -1 --project OUT | 2 | --workers must be >= 0",
        "profile run shapes8 --device cpu --batch -3 --project OUT | 2 | --batch must be >= 1, or -1",
        "profile run shapes8 --device 0 --project OUT | 2 | no CUDA device/engine is available",
        "profile run shapes8 --device cpu --warmup -1 --project OUT | 2 | --warmup must be >= 0",
        "profile run shapes8 --device cpu --repeat -1 --project OUT | 2 | --repeat must be >= 1",
        "profile run shapes8 --device cpu --imgsz 48 --project OUT | 2 | --imgsz must be a positive multiple of 32",
        "profile run shapes8 --device cpu --imgsz 0 --project OUT | 2 | --imgsz must be a positive multiple of 32",
        "profile run shapes8 --device cpu --threads 0 --project OUT | 2 | --threads must be within 1..",
        "profile run shapes0 --device cpu --project OUT | 2 | shapes<N> takes 1 <= N <= 100000",
        "profile run shapes8 --device cpu --steps x --project OUT | 2 | Invalid value for option '--steps'",
        // predict and model
        "predict NOINPUT --device cpu | 2 | has no 'input' array",
        "predict BADNPZ --device cpu | 2 | not a valid .npz archive",
        "model info --nc 0 | 2 | --nc must be >= 1",
        "model info --imgsz 100 | 2 | --imgsz must be a positive multiple of 32",
      })
  void exitCodeOneLineNoTraceNoPartialOutput(String command, int code, String message)
      throws Exception {
    CliTest.Result r = CliTest.run(args(command));
    assertThat(r.code()).as("exit code of %s (stderr: %s)", command, r.err()).isEqualTo(code);
    if (code != 0) {
      String m = message == null ? "" : message;
      if (m.startsWith("^")) { // the line starts so: not wrapped in another error (a fork's, say)
        assertThat(r.err()).startsWith(m.substring(1));
      } else {
        assertThat(r.err()).contains(m);
      }
      assertThat(r.err()).hasLineCount(1).doesNotContain("\tat ", "Exception");
      assertThat(r.out()).isEmpty();
    }
    assertThat(dir.resolve("out")).as("no partial output").doesNotExist();
  }
}
