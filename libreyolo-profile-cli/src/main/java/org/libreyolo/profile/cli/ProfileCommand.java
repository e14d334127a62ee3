package org.libreyolo.profile.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code libreyolo profile}: prints its subcommands when called bare. */
@Command(
    name = "profile",
    mixinStandardHelpOptions = true,
    description = "Profile LibreYOLO9 inference and read the profiles.",
    subcommands = {
      RunCommand.class,
      InferCommand.class,
      ReaderCommands.Summary.class,
      ReaderCommands.Get.class,
      ReaderCommands.Phases.class,
      ReaderCommands.Kernels.class,
      ReaderCommands.Ops.class,
      ReaderCommands.Compare.class,
      ReaderCommands.WhatIfCommand.class,
      ReportCommand.class,
      CheckCommand.class,
      AbCommand.class,
      HistoryCommand.class
    })
public final class ProfileCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
