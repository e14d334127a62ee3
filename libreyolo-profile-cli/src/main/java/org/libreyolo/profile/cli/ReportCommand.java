package org.libreyolo.profile.cli;

import java.nio.file.Path;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.reader.Reports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code libreyolo profile report <profile> [<other>]}: a self-contained HTML report. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = "Write a self-contained HTML report of one profile, or of a comparison of two.")
public final class ReportCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "<profile>",
      description = "profile.json or trace (the 'before' with two)")
  Path profile;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "<other>",
      description = "second profile: compare against the first")
  Path other;

  @Option(
      names = "--out",
      paramLabel = "FILE.html",
      description = "output file (default: report.html or compare.html next to the input)")
  Path out;

  @Option(
      names = "--alpha",
      defaultValue = Defaults.Readers.COMPARE_ALPHA,
      description = "significance level for the statistics (default: ${DEFAULT-VALUE})")
  double alpha;

  @Override
  public void run() {
    Path written =
        other == null
            ? Reports.single(profile, out)
            : Reports.comparison(profile, other, out, alpha);
    spec.commandLine().getOut().println("report: " + written);
  }
}
