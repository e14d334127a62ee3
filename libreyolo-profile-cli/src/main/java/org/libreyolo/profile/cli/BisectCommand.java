package org.libreyolo.profile.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.BisectResult;
import org.libreyolo.profile.gate.VersionVerdicts;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.Bisect;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.report.BisectReport;
import org.libreyolo.profile.result.Json;
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

  @Option(
      names = "--warmup",
      defaultValue = Defaults.Ab.WARMUP,
      description = "warmup iterations per arm (default: ${DEFAULT-VALUE})")
  int warmup;

  @Option(
      names = "--pairs",
      defaultValue = Defaults.Ab.PAIRS,
      description = "pairs of blocks per step (default: ${DEFAULT-VALUE})")
  int pairs;

  @Option(
      names = "--block-runs",
      defaultValue = Defaults.Ab.BLOCK_RUNS,
      description = "iterations per block (default: ${DEFAULT-VALUE})")
  int blockRuns;

  @Option(
      names = "--alpha",
      defaultValue = Defaults.Ab.ALPHA,
      description = "each step's interval is at 1 - alpha (default: ${DEFAULT-VALUE})")
  double alpha;

  @Option(
      names = "--max-regression",
      defaultValue = Defaults.Ab.MAX_REGRESSION,
      description = "the slowdown that counts, 0.02 = 2%% (default: ${DEFAULT-VALUE})")
  double maxRegression;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    Bisect.checkVersions(weights);
    Path folder = Bisect.freshFolder(output.project);
    BisectResult r =
        Bisect.run(
            weights,
            List.of(),
            (step, older, newer, tests) -> {
              InferOptions infer =
                  input
                      .apply(InferOptions.builder())
                      .source(source)
                      .weights(newer)
                      .size(size)
                      .warmup(warmup)
                      .nms(nms.options())
                      .device(engine.spec())
                      .threads(engine.threads)
                      .trace(false)
                      .project(Bisect.stepFolder(folder, step, older, newer))
                      .build();
              AbResult ab =
                  AbProfiler.run(
                      new AbProfiler.Options(infer, older, pairs, blockRuns, alpha, maxRegression),
                      output.progress(spec));
              return List.of(
                  new VersionVerdicts.Outcome(
                      "predict",
                      null,
                      ab.verdict().verdict(),
                      null,
                      ab.verdict(),
                      "in one process",
                      ab.verdict().why()));
            },
            line -> {
              if (!output.quiet) {
                spec.commandLine().getErr().println(line);
              }
            });
    Path file = Bisect.write(r, folder);
    if (output.json) {
      spec.commandLine().getOut().println(Json.indented(BisectReport.json(r)));
    } else {
      BisectReport.lines(r).forEach(spec.commandLine().getOut()::println);
      spec.commandLine().getOut().println("details: " + file);
    }
    return 0;
  }
}
