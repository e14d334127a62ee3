package org.libreyolo.profile.cli;

import org.libreyolo.profile.analysis.ProfileLoader;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.python.PyJson;
import org.libreyolo.profile.lens.Lenses;
import org.libreyolo.profile.lens.WhatIf;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.report.TextReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The reader subcommands: parse options, call a lens, render. */
final class ReaderCommands {
  private ReaderCommands() {}

  @Command(name = "summary", mixinStandardHelpOptions = true, description = "One-screen summary of a profile or trace.")
  static final class Summary extends ReaderCommand {
    @Override
    public void run() {
      Profile p = load();
      if (json) {
        out().println(PyJson.indented(Lenses.summary(p)));
      } else {
        print(TextReport.summary(p));
      }
    }
  }

  @Command(name = "get", mixinStandardHelpOptions = true, description = "One metric (no field: list the metrics).")
  static final class Get extends ReaderCommand {
    @Parameters(index = "1", arity = "0..1", paramLabel = "<field>", description = "metric name")
    String field;

    @Override
    public void run() {
      Profile p = load();
      if (field == null || field.isEmpty()) {
        List<String> names = Lenses.metricNames(p);
        if (json) {
          out().println(PyJson.compact(PyJson.MAPPER.valueToTree(names)));
        } else {
          print(TextReport.metricList(names));
        }
        return;
      }
      var value = Lenses.metric(p, field, trace.toString());
      if (json) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.set(field, value);
        out().println(PyJson.compact(o));
      } else {
        out().println(PyJson.str(value));
      }
    }
  }

  @Command(name = "phases", mixinStandardHelpOptions = true, description = "Per-phase time, kernels (or CPU ops) and ops per step.")
  static final class Phases extends ReaderCommand {
    @Override
    public void run() {
      ObjectNode view = Lenses.phases(load());
      if (json) {
        out().println(PyJson.indented(view));
      } else {
        print(TextReport.phases(view));
      }
    }
  }

  @Command(name = "kernels", mixinStandardHelpOptions = true, description = "Kernel rows (CPU profiles: leaf-op self times).")
  static final class Kernels extends ReaderCommand {
    @Option(names = "--top", defaultValue = "20", description = "rows to show (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--category", description = "case-insensitive substring of the category")
    String category;

    @Option(names = "--grep", paramLabel = "REGEX", description = "case-insensitive regex on the raw or friendly name")
    String grep;

    @Option(names = "--tensorcore", description = "only Tensor-Core kernels")
    boolean tensorcore;

    @Option(names = "--sort", defaultValue = "time", description = "time, count or name (default: ${DEFAULT-VALUE})")
    String sort;

    @Option(names = "--phase", description = "rows of one phase")
    String phase;

    @Override
    public void run() {
      ObjectNode view = Lenses.kernels(load(),
          new Lenses.KernelQuery(top, category, grep, tensorcore, sort, phase));
      if (json) {
        out().println(PyJson.indented(view));
      } else {
        print(TextReport.kernels(view));
      }
    }
  }

  @Command(name = "ops", mixinStandardHelpOptions = true, description = "Framework op rows by CPU share.")
  static final class Ops extends ReaderCommand {
    @Option(names = "--top", defaultValue = "20", description = "rows to show (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--phase", description = "rows of one phase")
    String phase;

    @Override
    public void run() {
      ObjectNode view = Lenses.ops(load(), top, phase);
      if (json) {
        out().println(PyJson.indented(view));
      } else {
        print(TextReport.ops(view));
      }
    }
  }

  @Command(name = "what-if", mixinStandardHelpOptions = true, description = "Rough projection of removing a kernel category or launches.")
  static final class WhatIfCommand extends ReaderCommand {
    @Option(names = "--remove-category", paramLabel = "S", description = "case-insensitive substring of a category")
    String removeCategory;

    @Option(names = "--remove-launches", paramLabel = "N", description = "launches to remove per step")
    Integer removeLaunches;

    @Override
    public void run() {
      WhatIf.Projection view = WhatIf.project(load(), removeCategory, removeLaunches);
      if (json) {
        out().println(PyJson.indented(view.json()));
      } else {
        print(TextReport.whatIf(view));
      }
    }
  }

  @Command(name = "compare", mixinStandardHelpOptions = true,
      description = "Compare two profiles: the reference 2*SE rule, then Welch/Mann-Whitney/bootstrap statistics on raw samples.")
  static final class Compare implements Runnable {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<before>")
    Path before;

    @Parameters(index = "1", paramLabel = "<after>")
    Path after;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Option(names = "--alpha", defaultValue = "0.05", description = "significance level for the statistics block (default: ${DEFAULT-VALUE})")
    double alpha;

    @Override
    public void run() {
      if (!(alpha > 0 && alpha < 1)) {
        throw org.libreyolo.profile.LibreYoloException.badInput("--alpha must be within (0, 1), got " + alpha);
      }
      Profile a = ProfileLoader.load(before);
      Profile b = ProfileLoader.load(after);
      ObjectNode view = Comparison.compare(a, b, before.toString(), after.toString(), alpha);
      if (json) {
        spec.commandLine().getOut().println(PyJson.indented(view));
      } else {
        TextReport.compare(view).forEach(spec.commandLine().getOut()::println);
      }
    }
  }
}
