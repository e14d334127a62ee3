package org.libreyolo.profile.cli;

import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code libreyolo profile}: prints its subcommands when called bare. */
@Command(
    name = "profile",
    mixinStandardHelpOptions = true,
    description = "Profile LibreYOLO9 inference and read the profiles.")
public final class ProfileCommand implements Runnable {
  /**
   * The subcommands, in the order help lists them. Added by {@link Main#commandLine}: all of them,
   * or only the one a command line names, so a reader's start builds one command model, not 13.
   */
  static final List<Class<?>> SUBCOMMANDS =
      List.of(
          RunCommand.class,
          InferCommand.class,
          ReaderCommands.Summary.class,
          ReaderCommands.Get.class,
          ReaderCommands.Phases.class,
          ReaderCommands.Kernels.class,
          ReaderCommands.Ops.class,
          ReaderCommands.Java.class,
          ReaderCommands.Compare.class,
          ReaderCommands.Diff.class,
          ReaderCommands.WhatIfCommand.class,
          ReportCommand.class,
          CheckCommand.class,
          AbCommand.class,
          BisectCommand.class,
          HistoryCommand.class);

  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
