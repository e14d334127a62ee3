package org.libreyolo.profile.cli;

import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.options.KernelQuery;
import org.libreyolo.profile.reader.ReaderViews;
import org.libreyolo.profile.report.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The reader subcommands: parse options, ask core's {@link ReaderViews} for the view, print it. */
final class ReaderCommands {
  /** {@code --top} and {@code --phase}, as every row-listing reader takes them. */
  static final class RowOptions {
    @Option(
        names = "--top",
        defaultValue = Defaults.Readers.TOP,
        description = "rows to show (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--phase", description = "rows of one phase")
    String phase;
  }

  /** The two positional profiles (or traces) and {@code --json} of the readers that compare. */
  static final class TwoProfiles {
    @Parameters(index = "0", paramLabel = "<before>")
    Path before;

    @Parameters(index = "1", paramLabel = "<after>")
    Path after;

    @Option(names = "--json", description = "print JSON")
    boolean json;
  }

  private ReaderCommands() {}

  @Command(
      name = "summary",
      mixinStandardHelpOptions = true,
      description = "One-screen summary of a profile or trace.")
  static final class Summary extends ReaderCommand {
    @Option(
        names = "--format",
        paramLabel = "FORMAT",
        description = "text, json or bmf (Bencher Metric Format); --json is --format json")
    String format;

    @Override
    ReaderViews.View view() {
      return ReaderViews.summary(trace);
    }

    @Override
    List<String> output() {
      return format == null
          ? super.output()
          : List.of(
              Formats.chosen(format, json, Format.Subject.PROFILE)
                  .profile(ReaderViews.load(trace)));
    }
  }

  @Command(
      name = "get",
      mixinStandardHelpOptions = true,
      description = "One metric (no field: list the metrics).")
  static final class Get extends ReaderCommand {
    @Parameters(index = "1", arity = "0..1", paramLabel = "<field>", description = "metric name")
    String field;

    @Override
    ReaderViews.View view() {
      return ReaderViews.get(trace, field);
    }
  }

  @Command(
      name = "phases",
      mixinStandardHelpOptions = true,
      description = "Per-phase time, kernels (or CPU ops) and ops per step.")
  static final class Phases extends ReaderCommand {
    @Override
    ReaderViews.View view() {
      return ReaderViews.phases(trace);
    }
  }

  @Command(
      name = "kernels",
      mixinStandardHelpOptions = true,
      description = "Kernel rows (CPU profiles: leaf-op self times).")
  static final class Kernels extends ReaderCommand {
    @Mixin RowOptions rows;

    @Option(names = "--category", description = "case-insensitive substring of the category")
    String category;

    @Option(
        names = "--grep",
        paramLabel = "REGEX",
        description = "case-insensitive regex on the raw or friendly name")
    String grep;

    @Option(names = "--tensorcore", description = "only Tensor-Core kernels")
    boolean tensorcore;

    @Option(
        names = "--sort",
        defaultValue = Defaults.Readers.SORT,
        description = "time, count or name (default: ${DEFAULT-VALUE})")
    String sort;

    @Override
    ReaderViews.View view() {
      return ReaderViews.kernels(
          trace, new KernelQuery(rows.top, category, grep, tensorcore, sort, rows.phase));
    }
  }

  @Command(
      name = "ops",
      mixinStandardHelpOptions = true,
      description = "Framework op rows by CPU share.")
  static final class Ops extends ReaderCommand {
    @Mixin RowOptions rows;

    @Override
    ReaderViews.View view() {
      return ReaderViews.ops(trace, rows.top, rows.phase);
    }
  }

  @Command(
      name = "java",
      mixinStandardHelpOptions = true,
      description = "Java methods per phase, from the Java samples of the measured runs.")
  static final class Java extends ReaderCommand {
    @Mixin RowOptions rows;

    @Option(
        names = "--total",
        description = "rank by samples on the stack (default: as the top Java frame)")
    boolean total;

    @Override
    ReaderViews.View view() {
      return ReaderViews.java(trace, rows.top, rows.phase, total);
    }
  }

  @Command(
      name = "what-if",
      mixinStandardHelpOptions = true,
      description = "Rough projection of removing a kernel category or launches.")
  static final class WhatIfCommand extends ReaderCommand {
    @Option(
        names = "--remove-category",
        paramLabel = "S",
        description = "case-insensitive substring of a category")
    String removeCategory;

    @Option(
        names = "--remove-launches",
        paramLabel = "N",
        description = "launches to remove per step")
    Integer removeLaunches;

    @Override
    ReaderViews.View view() {
      return ReaderViews.whatIf(trace, removeCategory, removeLaunches);
    }
  }

  @Command(
      name = "compare",
      mixinStandardHelpOptions = true,
      description =
          "Compare two profiles: the reference 2*SE rule, then Welch/Mann-Whitney/bootstrap statistics on raw samples.")
  static final class Compare implements Runnable {
    @Spec CommandSpec spec;

    @Mixin TwoProfiles files;

    @Option(
        names = "--alpha",
        defaultValue = Defaults.Readers.COMPARE_ALPHA,
        description = "significance level for the statistics block (default: ${DEFAULT-VALUE})")
    double alpha;

    @Option(
        names = "--format",
        paramLabel = "FORMAT",
        description =
            "text, json or markdown (a job summary or a pull request's comment);"
                + " --json is --format json")
    String format;

    @Override
    public void run() {
      Format chosen = Formats.chosen(format, files.json, Format.Subject.COMPARE);
      spec.commandLine()
          .getOut()
          .println(chosen.compare(ReaderViews.comparison(files.before, files.after, alpha)));
    }
  }

  @Command(
      name = "diff",
      mixinStandardHelpOptions = true,
      description =
          "What changed between two profiles, and how much of the step's change each change explains.")
  static final class Diff implements Runnable {
    @Spec CommandSpec spec;

    @Mixin TwoProfiles files;

    @Mixin RowOptions rows;

    @Option(
        names = "--format",
        paramLabel = "FORMAT",
        description =
            "text, json or markdown (a pull request's comment: the rows that explain the change);"
                + " --json is --format json")
    String format;

    @Override
    public void run() {
      Format chosen = Formats.chosen(format, files.json, Format.Subject.DIFF);
      spec.commandLine()
          .getOut()
          .println(
              chosen.diff(
                  ReaderViews.diffOf(files.before, files.after, rows.phase, rows.top), rows.top));
    }
  }
}
