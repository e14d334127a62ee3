package org.libreyolo.profile.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code libreyolo}: prints its subcommands when called bare. */
@Command(
    name = "libreyolo",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "LibreYOLO9 on DJL: predict, model info and profiling.",
      "From a checkout, ./libreyolo bench prints the benchmark table (the bench module, beside the CLI)."
    },
    subcommands = {PredictCommand.class, ProfileCommand.class, ModelCommand.class})
public final class RootCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
