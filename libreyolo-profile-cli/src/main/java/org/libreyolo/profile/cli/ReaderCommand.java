package org.libreyolo.profile.cli;

import org.libreyolo.profile.analysis.ProfileLoader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.result.Profile;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Shared by the readers: one positional profile-or-trace and {@code --json}. */
abstract class ReaderCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "<trace>", description = "profile.json or a Chrome/Kineto trace (.json or .json.gz)")
  Path trace;

  @Option(names = "--json", description = "print JSON")
  boolean json;

  Profile load() {
    return ProfileLoader.load(trace);
  }

  PrintWriter out() {
    return spec.commandLine().getOut();
  }

  void print(List<String> lines) {
    lines.forEach(out()::println);
  }
}
