package org.libreyolo.profile.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.history.ChangePoints;
import org.libreyolo.profile.history.HistoryCommands;
import org.libreyolo.profile.history.HistoryGate;
import org.libreyolo.profile.reader.ReaderViews;
import org.libreyolo.profile.report.Format;
import org.libreyolo.profile.report.HistoryViews;
import org.libreyolo.profile.result.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code libreyolo profile history}: the run history's subcommands (docs/history.md). */
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    description =
        "Store runs (SQLite by default, PostgreSQL for many runners), find change points, Otava's CSV in and out.",
    subcommands = {
      HistoryCommand.Record.class,
      HistoryCommand.Import.class,
      HistoryCommand.Export.class,
      HistoryCommand.ListSeries.class,
      HistoryCommand.Changes.class,
      HistoryCommand.Check.class,
      HistoryCommand.Report.class
    })
public final class HistoryCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The store every subcommand opens. */
  static final class Store {
    @Option(
        names = "--history",
        paramLabel = "URL",
        description =
            "jdbc:sqlite:FILE or jdbc:postgresql://HOST:PORT/DB (default: jdbc:sqlite:~/"
                + Defaults.History.FILE
                + ")")
    String url;
  }

  /** Prints a view: its JSON with {@code json}, else its lines. */
  static int print(CommandSpec spec, HistoryViews.View view, boolean json) {
    PrintWriter out = spec.commandLine().getOut();
    if (json && view.json() != null) {
      out.println(Json.indented(view.json()));
    } else {
      view.lines().forEach(out::println);
    }
    return 0;
  }

  @Command(
      name = "record",
      mixinStandardHelpOptions = true,
      description = "Store a profile as one run of a series.")
  static final class Record implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Store store;

    @Parameters(index = "0", paramLabel = "<profile.json>", description = "the profile to store")
    Path profile;

    @Option(
        names = "--series",
        required = true,
        description = "the series' name, e.g. infer or the step's name")
    String series;

    @Option(
        names = "--commit",
        description = "the commit measured (default: the CI's variables, else git)")
    String commit;

    @Option(names = "--branch", description = "its branch (default: the CI's variables, else git)")
    String branch;

    @Option(names = "--time", description = "when it ran, ISO-8601 (default: now)")
    Instant time;

    @Option(
        names = "--again",
        description = "record a profile the series holds already (refused by default)")
    boolean again;

    @Override
    public Integer call() {
      return print(
          spec,
          HistoryViews.recorded(
              HistoryCommands.record(
                  store.url, ReaderViews.load(profile), series, commit, branch, time, again)),
          false);
    }
  }

  @Command(
      name = "import",
      mixinStandardHelpOptions = true,
      description = "Read Otava's CSV into a series (all rows or none).")
  static final class Import implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Store store;

    @Parameters(
        index = "0",
        paramLabel = "<file.csv>",
        description = "a CSV with a time column, attributes and metrics")
    Path csv;

    @Option(names = "--series", required = true, description = "the series to import into")
    String series;

    @Option(
        names = "--attributes",
        split = ",",
        defaultValue = Defaults.History.ATTRIBUTES,
        description = "columns that are text attributes, not metrics (default: ${DEFAULT-VALUE})")
    List<String> attributes;

    @Override
    public Integer call() {
      Set<String> attrs = new TreeSet<>(attributes);
      return print(
          spec,
          HistoryViews.imported(HistoryCommands.importCsv(store.url, csv, series, attrs)),
          false);
    }
  }

  @Command(
      name = "export",
      mixinStandardHelpOptions = true,
      description = "Write a series as Otava's CSV.")
  static final class Export implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Store store;

    @Option(names = "--series", required = true, description = "the series (NAME, or NAME@TESTBED)")
    String series;

    @Option(names = "--out", paramLabel = "FILE", description = "write there (default: stdout)")
    Path out;

    @Override
    public Integer call() {
      return print(
          spec, HistoryViews.exported(HistoryCommands.export(store.url, series, out)), false);
    }
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "List the series with their run counts.")
  static final class ListSeries implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Store store;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() {
      return print(spec, HistoryViews.listing(HistoryCommands.list(store.url)), json);
    }
  }

  @Command(
      name = "changes",
      mixinStandardHelpOptions = true,
      description = "Print the change points of a series' metric.")
  static final class Changes implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Store store;

    @Option(names = "--series", required = true, description = "the series (NAME, or NAME@TESTBED)")
    String series;

    @Option(
        names = "--metric",
        description = "the metric (default: step_vs_canary, or the series' only metric)")
    String metric;

    @Option(names = "--branch", description = "only this branch's runs (default: every run)")
    String branch;

    @Option(
        names = "--window",
        defaultValue = Defaults.History.WINDOW,
        description = "runs either side a test reads (default: ${DEFAULT-VALUE})")
    int window;

    @Option(
        names = "--p-value",
        defaultValue = Defaults.History.P_VALUE,
        description = "significance per change point (default: ${DEFAULT-VALUE})")
    double pValue;

    @Option(
        names = "--min-magnitude",
        defaultValue = Defaults.History.MIN_MAGNITUDE,
        description = "smallest change reported, 0.02 = 2% (default: ${DEFAULT-VALUE})")
    double minMagnitude;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() {
      ChangePoints.Options options = ChangePoints.Options.of(window, pValue, minMagnitude);
      return print(
          spec,
          HistoryViews.changes(HistoryCommands.changes(store.url, series, metric, branch, options)),
          json);
    }
  }

  @Command(
      name = "check",
      mixinStandardHelpOptions = true,
      description =
          "Gate a profile on its series' history: PASS, IMPROVED, INCONCLUSIVE (exit 0) or REGRESSION (exit 4).")
  static final class Check implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Store store;

    @Parameters(index = "0", paramLabel = "<profile.json>", description = "the profile to judge")
    Path profile;

    @Option(
        names = "--series",
        required = true,
        description = "the series it belongs to (its testbed is the profile's)")
    String series;

    @Option(
        names = "--branch",
        defaultValue = Defaults.History.BRANCH,
        description = "the history's branch (default: ${DEFAULT-VALUE})")
    String branch;

    @Option(
        names = "--runs",
        defaultValue = Defaults.History.GATE_RUNS,
        description = "history runs at the current level, at most (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(
        names = "--alpha",
        defaultValue = Defaults.Gate.ALPHA,
        description = "significance level (default: ${DEFAULT-VALUE})")
    double alpha;

    @Option(
        names = "--max-regression",
        defaultValue = Defaults.Gate.MAX_REGRESSION,
        description = "the relative change that counts, 0.05 = 5%% (default: ${DEFAULT-VALUE})")
    double maxRegression;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Option(
        names = "--format",
        paramLabel = "FORMAT",
        description =
            "text, json or markdown (a job summary or a pull request's comment); --json is"
                + " --format json")
    String format;

    @Override
    public Integer call() {
      Format chosen = Formats.chosen(format, json, Format.Subject.HISTORY); // before the store
      GateOptions options = GateOptions.builder().alpha(alpha).maxRegression(maxRegression).build();
      HistoryGate.Result r =
          HistoryCommands.check(
              store.url, ReaderViews.load(profile), series, branch, runs, options);
      spec.commandLine().getOut().println(chosen.history(r));
      return r.verdict() == Verdict.REGRESSION ? GateRun.REGRESSION_EXIT_CODE : 0;
    }
  }

  @Command(
      name = "report",
      mixinStandardHelpOptions = true,
      description =
          "Write a series as an HTML page: its runs and forks plotted, the levels and change points.")
  static final class Report implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin Store store;

    @Option(names = "--series", required = true, description = "the series (NAME, or NAME@TESTBED)")
    String series;

    @Option(
        names = "--metric",
        description = "the metric (default: step_vs_canary, or the series' only metric)")
    String metric;

    @Option(
        names = "--out",
        required = true,
        paramLabel = "FILE",
        description = "the HTML file to write")
    Path out;

    @Override
    public Integer call() {
      return print(
          spec,
          HistoryViews.report(
              HistoryCommands.seriesRuns(
                  store.url, series, metric, ChangePoints.Options.defaults()),
              out),
          false);
    }
  }
}
