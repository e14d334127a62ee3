package org.libreyolo.profile.cli;

import java.nio.file.Path;
import org.libreyolo.profile.report.ReaderViews;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Shared by the readers: one positional profile-or-trace and {@code --json}; one print path. */
abstract class ReaderCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "<trace>",
      description = "profile.json or a Chrome/Kineto trace (.json or .json.gz)")
  Path trace;

  @Option(names = "--json", description = "print JSON")
  boolean json;

  @Override
  public final void run() {
    view().lines(json).forEach(spec.commandLine().getOut()::println);
  }

  abstract ReaderViews.View view();
}
