package org.libreyolo.profile.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.produce.InferProfiler;
import org.libreyolo.profile.report.InferReport;
import org.libreyolo.profile.result.InferResult;
import org.libreyolo.profile.result.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code libreyolo profile infer [source]}: the inference profiler. */
@Command(
    name = "infer",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "Profile inference: latency percentiles, throughput and the preprocess/forward/postprocess split.")
public final class InferCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "<source>",
      description = "image file or directory (default: the bundled sample image)")
  Path source;

  @Mixin ModelOptions model;
  @Mixin NmsFlags nms;
  @Mixin EngineOptions engine;

  @Mixin InputOptions input;

  @Option(
      names = "--half",
      negatable = true,
      defaultValue = Defaults.Infer.HALF,
      description = "CUDA autocast forward (default: off)")
  boolean half;

  @Option(
      names = "--amp-dtype",
      defaultValue = Defaults.Infer.AMP_DTYPE,
      description = "float16/fp16 or bfloat16/bf16 (default: ${DEFAULT-VALUE})")
  String ampDtype;

  @Option(
      names = "--warmup",
      defaultValue = Defaults.Infer.WARMUP,
      description = "warmup iterations (default: ${DEFAULT-VALUE})")
  int warmup;

  @Option(
      names = "--runs",
      description =
          "measured iterations per process (default: "
              + Defaults.Infer.RUNS
              + " with --forks 1, "
              + Defaults.Infer.RUNS_PER_FORK
              + " per fork)")
  Integer runs;

  @Option(
      names = "--repeat",
      defaultValue = Defaults.Infer.REPEAT,
      description = "trials, each with a fresh model (default: ${DEFAULT-VALUE})")
  int repeat;

  @Option(
      names = "--forks",
      defaultValue = Defaults.Infer.CLI_FORKS,
      description =
          "processes to measure in, one after another, each a fresh JVM (1: this one) (default: ${DEFAULT-VALUE})")
  int forks;

  // picocli gives a negatable option's declared name the opposite of its default: with the default
  // on, the declared name must be the negative one, or --no-trace would keep tracing
  @Option(
      names = "--no-trace",
      negatable = true,
      defaultValue = Defaults.Infer.TRACE,
      description = "--no-trace: no Chrome trace (default: a trace of the last steps)")
  boolean trace;

  @Mixin OutputOptions output;

  @Override
  public void run() {
    InferOptions options =
        input
            .apply(InferOptions.builder())
            .source(source)
            .weights(model.weights)
            .size(model.size)
            .half(half)
            .ampDtype(ampDtype)
            .warmup(warmup)
            .runs(runs)
            .repeat(repeat)
            .forks(forks)
            .nms(nms.options())
            .device(engine.spec())
            .threads(engine.threads)
            .trace(trace)
            .project(output.project)
            .build();
    InferResult result = InferProfiler.run(options, output.progress(spec));
    print(result);
  }

  private void print(InferResult r) {
    PrintWriter out = spec.commandLine().getOut();
    if (output.json) {
      out.println(Json.indented(InferReport.json(r)));
    } else {
      InferReport.text(r, Main::summaryCommand).forEach(out::println);
      InferReport.notes(r)
          .forEach(
              n ->
                  spec.commandLine()
                      .getErr()
                      .println(
                          org.libreyolo.profile.Option.render(
                              n, org.libreyolo.profile.Option.Surface.CLI)));
    }
  }
}
