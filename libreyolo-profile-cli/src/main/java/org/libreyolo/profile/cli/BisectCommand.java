package org.libreyolo.profile.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.report.AbReport;
import org.libreyolo.profile.report.BisectReport;
import org.libreyolo.profile.report.Format;
import org.libreyolo.profile.versions.Bisect;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code libreyolo profile bisect W1 W2 ... Wn}: which of a series of weights (checkpoints,
 * exports) made inference slower, each step an in-job A/B of two of them ({@code profile ab}).
 */
@Command(
    name = "bisect",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "Find which of a series of weights (oldest first) made inference slower: a binary search, each step an A/B of two in one process.")
public final class BisectCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "2..*",
      paramLabel = "<weights>",
      description = "the weights in order, the good one first and the slower one last")
  List<String> weights;

  @Option(
      names = "--source",
      paramLabel = "PATH",
      description = "image file or directory (default: the bundled sample image)")
  Path source;

  @Option(
      names = "--size",
      description = "t, s, m or c (default: t, or the size in the weights name)")
  String size;

  @Mixin NmsFlags nms;
  @Mixin EngineOptions engine;
  @Mixin InputOptions input;

  @Mixin AbFlags ab;

  @Mixin OutputOptions output;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description = "text, json or markdown (bisect-summary.md's content); --json is --format json")
  String format;

  @Override
  public Integer call() {
    Format chosen = Formats.chosen(format, output.json, Format.Subject.BISECT); // before any A/B
    Path folder = Bisect.folder(output.project);
    BisectReport.Written w =
        Bisect.runInto(
            output.project,
            weights,
            List.of(),
            (number, older, newer, tests) -> {
              InferOptions infer =
                  input
                      .apply(InferOptions.builder())
                      .source(source)
                      .weights(newer)
                      .size(size)
                      .warmup(ab.warmup)
                      .nms(nms.options())
                      .device(engine.spec())
                      .threads(engine.threads)
                      .trace(false)
                      .project(Bisect.stepFolder(folder, number, older, newer))
                      .build();
              AbResult step =
                  AbProfiler.run(ab.options(infer, older), output.progress(spec), AbReport::write);
              return List.of(
                  new VersionVerdicts.Outcome(
                      "predict",
                      null,
                      step.verdict().verdict(),
                      null,
                      step.verdict(),
                      "in one process",
                      new VersionVerdicts.Reason(step.verdict().why())));
            },
            line -> {
              if (!output.quiet) {
                spec.commandLine().getErr().println(line);
              }
            },
            BisectReport::write);
    spec.commandLine().getOut().println(chosen.bisect(w.result()));
    if (chosen == Format.TEXT) {
      spec.commandLine().getOut().println("details: " + w.file());
    }
    return 0;
  }
}
