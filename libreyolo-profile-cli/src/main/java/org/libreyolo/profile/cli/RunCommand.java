package org.libreyolo.profile.cli;

import java.io.PrintWriter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.produce.TrainOptions;
import org.libreyolo.profile.produce.TrainProfiler;
import org.libreyolo.profile.report.TrainReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code libreyolo profile run <data>}: a short profiled training. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "Profile a short training run: img/s, the data-loading stall, the phase composition and the verdict.")
public final class RunCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "<data>",
      description = "data YAML or dataset name (built-in: shapes128, shapes<N>)")
  String data;

  @Mixin ModelOptions model;

  @Option(
      names = "--batch",
      defaultValue = Defaults.Train.BATCH,
      description = "micro-batch; -1 auto-fits (default: ${DEFAULT-VALUE})")
  int batch;

  @Option(
      names = "--imgsz",
      defaultValue = Defaults.Train.IMGSZ,
      description = "input size (default: ${DEFAULT-VALUE})")
  int imgsz;

  @Option(
      names = "--workers",
      defaultValue = Defaults.Train.WORKERS,
      description = "data-loading threads (default: ${DEFAULT-VALUE})")
  int workers;

  /** Null when not given: the default applies, and no note is due. */
  @Option(
      names = "--amp",
      negatable = true,
      description = "AMP (recorded; not applied on DJL 0.36; default: on)")
  Boolean amp;

  @Option(
      names = "--steps",
      defaultValue = Defaults.Train.STEPS,
      description = "measured steps (default: ${DEFAULT-VALUE})")
  int steps;

  @Option(
      names = "--warmup",
      defaultValue = Defaults.Train.WARMUP,
      description = "warmup steps (default: ${DEFAULT-VALUE})")
  int warmup;

  @Option(
      names = "--repeat",
      defaultValue = Defaults.Train.REPEAT,
      description = "trials (default: ${DEFAULT-VALUE})")
  int repeat;

  @Mixin EngineOptions engine;

  @Mixin OutputOptions output;

  @Override
  public void run() {
    TrainOptions options =
        TrainOptions.builder()
            .data(data)
            .weights(model.weights)
            .size(model.size)
            .batch(batch)
            .imgsz(imgsz)
            .workers(workers)
            .amp(amp != null ? amp : Defaults.Train.AMP_VALUE)
            .steps(steps)
            .warmup(warmup)
            .repeat(repeat)
            .device(engine.spec())
            .threads(engine.threads)
            .project(output.project)
            .build();
    TrainProfiler.memoryWarning(options)
        .ifPresent(
            w ->
                spec.commandLine()
                    .getErr()
                    .println(
                        "warning: "
                            + org.libreyolo.profile.Option.render(
                                w, org.libreyolo.profile.Option.Surface.CLI)));
    // the note is for a user who asked for AMP, not for the reference's default of --amp
    boolean ampGiven = Boolean.TRUE.equals(amp);
    TrainReport report =
        TrainReport.of(
            TrainProfiler.run(options, output.progress(spec)), ampGiven, Main::summaryCommand);
    PrintWriter err = spec.commandLine().getErr();
    report
        .warnings()
        .forEach(
            w ->
                err.println(
                    org.libreyolo.profile.Option.render(
                        w, org.libreyolo.profile.Option.Surface.CLI)));
    if (!output.json) {
      report
          .notes()
          .forEach(
              n ->
                  err.println(
                      org.libreyolo.profile.Option.render(
                          n, org.libreyolo.profile.Option.Surface.CLI)));
    }
    report.lines(output.json).forEach(spec.commandLine().getOut()::println);
  }
}
