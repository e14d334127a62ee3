package org.libreyolo.profile.cli;

import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.reader.ReaderViews;
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
    output().forEach(spec.commandLine().getOut()::println);
  }

  /** {@return the lines to print: the view's text, or its JSON with {@code --json}} */
  List<String> output() {
    return view().lines(json);
  }

  abstract ReaderViews.View view();
}
