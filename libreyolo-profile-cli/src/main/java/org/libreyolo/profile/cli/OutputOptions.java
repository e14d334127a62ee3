package org.libreyolo.profile.cli;

import java.nio.file.Path;
import org.libreyolo.profile.Defaults;
import picocli.CommandLine.Option;

/** {@code --project} and {@code --json}: where a producer writes and how it prints its result. */
public final class OutputOptions {
  @Option(
      names = "--project",
      defaultValue = Defaults.PROJECT,
      description = "output root (default: ${DEFAULT-VALUE})")
  Path project;

  @Option(names = "--json", description = "print the result as JSON")
  boolean json;
}
