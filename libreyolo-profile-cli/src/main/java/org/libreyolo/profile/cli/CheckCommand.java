package org.libreyolo.profile.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.reader.ReaderViews;
import org.libreyolo.profile.report.CheckFiles;
import org.libreyolo.profile.report.Format;
import org.libreyolo.profile.result.Profile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code libreyolo profile check <baseline> <current>}: the build gate for any CI; exit 4 on a
 * regression.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description =
        "Gate a profile on a baseline: PASS, IMPROVED, INCONCLUSIVE (exit 0) or REGRESSION (exit 4).")
public final class CheckCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "<baseline>", description = "the recorded baseline profile")
  Path baseline;

  @Parameters(index = "1", paramLabel = "<current>", description = "the profile to judge")
  Path current;

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

  @Option(
      names = "--metrics",
      split = ",",
      defaultValue = Defaults.Gate.METRICS,
      description = "gated metrics (default: ${DEFAULT-VALUE})")
  List<String> metrics;

  @Option(
      names = "--process-noise",
      defaultValue = Defaults.Gate.PROCESS_NOISE,
      description =
          "this machine's run-to-run noise between processes (sd of a run's mean log block time, 0.05 ="
              + " 5%%), measured by libreyolo-profile-bench/bench/run --only gate (default: ${DEFAULT-VALUE})")
  double processNoise;

  @Option(
      names = "--job-noise",
      defaultValue = Defaults.Gate.JOB_NOISE,
      description =
          "the noise between jobs that a run's forks cannot see (0.02 = 2%%), measured by bench --only gate"
              + " (default: ${DEFAULT-VALUE})")
  double jobNoise;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "also write check-result.json, check-summary.md, check-report.html and check-bencher.json there")
  Path out;

  @Option(names = "--fail-on-inconclusive", description = "exit 4 on INCONCLUSIVE too")
  boolean failOnInconclusive;

  @Option(names = "--json", description = "print check-result.json's content")
  boolean json;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description =
          "text, json, markdown (check-summary.md's content) or bmf (Bencher Metric Format);"
              + " --json is --format json")
  String format;

  @Override
  public Integer call() {
    GateOptions options = GateOptions.given(alpha, maxRegression, metrics, processNoise, jobNoise);
    Format chosen = Formats.chosen(format, json, Format.Subject.CHECK);
    PrintWriter stdout = spec.commandLine().getOut();
    Profile base = ReaderViews.load(baseline);
    Profile now = ReaderViews.load(current);
    Gate.Result result = GateRun.judge(base, baseline, now, current, options);
    CheckFiles.Outcome outcome =
        out == null ? null : CheckFiles.write(result, base, baseline, now, current, out);
    CheckFiles.Judged judged = new CheckFiles.Judged(result, base, baseline, now, current);
    if (chosen == Format.TEXT) {
      // with --out: the verdict's lines and where the report went
      (outcome != null ? outcome.lines() : judged.lines()).forEach(stdout::println);
    } else {
      // a machine format stays parseable: its warnings go to stderr
      judged.warnings().forEach(spec.commandLine().getErr()::println);
      stdout.println(chosen.check(judged));
    }
    return GateRun.fails(result.verdict(), failOnInconclusive) ? GateRun.REGRESSION_EXIT_CODE : 0;
  }
}
