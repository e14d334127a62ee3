package org.libreyolo.profile.cli;

import java.io.PrintWriter;
import org.libreyolo.profile.report.PredictionReport;
import org.libreyolo.profile.yolo.ModelFacts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code libreyolo model ...}: facts about the built-in architectures. */
@Command(
    name = "model",
    mixinStandardHelpOptions = true,
    description = "Model facts.",
    subcommands = {ModelCommand.Info.class})
public final class ModelCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code libreyolo model info}: size, parameters, GFLOPs and output shape. */
  @Command(
      name = "info",
      mixinStandardHelpOptions = true,
      description = "Print size, parameter count, GFLOPs (2 x conv MACs) and output shape.")
  public static final class Info implements Runnable {
    @Spec CommandSpec spec;

    @Option(
        names = "--size",
        defaultValue = "t",
        description = "t, s, m or c (default: ${DEFAULT-VALUE})")
    String size;

    @Option(
        names = "--nc",
        defaultValue = "80",
        description = "number of classes (default: ${DEFAULT-VALUE})")
    int nc;

    @Option(
        names = "--imgsz",
        defaultValue = "640",
        description = "input size (default: ${DEFAULT-VALUE})")
    int imgsz;

    @Option(names = "--json", description = "print as JSON")
    boolean json;

    @Override
    public void run() {
      ModelFacts f = ModelFacts.of(size, nc, imgsz);
      PrintWriter out = spec.commandLine().getOut();
      if (json) {
        out.println(PredictionReport.json(f));
      } else {
        PredictionReport.text(f).forEach(out::println);
      }
    }
  }
}
