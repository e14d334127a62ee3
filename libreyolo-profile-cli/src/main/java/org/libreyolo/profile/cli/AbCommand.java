package org.libreyolo.profile.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.report.AbReport;
import org.libreyolo.profile.report.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code libreyolo profile ab [source] --baseline-weights A --weights B}: in-job A/B, exit 4 on a
 * regression.
 */
@Command(
    name = "ab",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "Compare two weights (or TorchScript exports) in one process, in alternating blocks: exit 4 when B is slower.")
public final class AbCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "<source>",
      description = "image file or directory (default: the bundled sample image)")
  Path source;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description = "text, json or bmf (Bencher Metric Format); --json is --format json")
  String format;

  @Option(
      names = "--baseline-weights",
      paramLabel = "A",
      required = true,
      description = "the baseline (A)")
  String baselineWeights;

  @Mixin ModelOptions model;
  @Mixin NmsFlags nms;
  @Mixin EngineOptions engine;

  @Mixin InputOptions input;

  @Mixin AbFlags ab;

  @Option(
      names = "--no-trace",
      description =
          "do not trace each arm after the pairs (the trace says what changed between them, and where)")
  boolean noTrace;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    InferOptions infer =
        input
            .apply(InferOptions.builder())
            .source(source)
            .weights(model.weights)
            .size(model.size)
            .warmup(ab.warmup)
            .nms(nms.options())
            .device(engine.spec())
            .threads(engine.threads)
            .trace(!noTrace)
            .project(output.project)
            .build();
    Format chosen =
        Formats.chosen(
            format, output.json, Format.Subject.AB); // refused before anything is measured
    AbResult r =
        AbProfiler.run(ab.options(infer, baselineWeights), output.progress(spec), AbReport::write);
    spec.commandLine().getOut().println(chosen.ab(r));
    return r.verdict().verdict() == Verdict.REGRESSION ? GateRun.REGRESSION_EXIT_CODE : 0;
  }
}
