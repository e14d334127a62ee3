package org.libreyolo.profile.cli;

import java.nio.file.Path;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.options.Progress;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code --project}, {@code --json} and {@code --quiet}: where a producer writes, how it prints its
 * result, whether it reports progress.
 */
public final class OutputOptions {
  @Option(
      names = "--project",
      defaultValue = Defaults.PROJECT,
      description = "output root (default: ${DEFAULT-VALUE})")
  Path project;

  @Option(names = "--json", description = "print the result as JSON")
  boolean json;

  @Option(
      names = {"-q", "--quiet"},
      description =
          "no progress on stderr (a bar on a terminal, a line per stage or fork on a log)")
  boolean quiet;

  /** The progress this command reports on stderr. */
  Progress progress(CommandSpec spec) {
    return ProgressBar.on(spec.commandLine().getErr(), quiet);
  }
}
