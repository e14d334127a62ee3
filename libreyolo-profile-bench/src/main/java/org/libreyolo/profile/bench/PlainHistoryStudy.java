package org.libreyolo.profile.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.history.History;
import org.libreyolo.profile.history.HistoryGate;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.produce.StepOptions;
import org.libreyolo.profile.result.Profile;

/**
 * The history gate on a plain-Java step, as CI uses it (docs/history.md, "Plain Java code"): every
 * build its own JVM measuring the step with the extension's defaults, every other one beside a busy
 * process; each build judged against the history of the builds before it, then recorded (a real
 * SQLite history). {@value #BUILDS} builds of the step, then {@value #SLOWER} builds of the same
 * step doing 30% more work: A/A REGRESSIONs are false alarms, the slower builds must all fail.
 */
final class PlainHistoryStudy {
  static final int BUILDS = 30;

  static final int SLOWER = 6;

  /** Rounds of arithmetic per iteration: about 2 ms. */
  static final long ROUNDS = 2_000_000L;

  private PlainHistoryStudy() {}

  /** A child JVM: the step at {@code args[1]} times the work, its profile under {@code args[0]}. */
  public static void main(String[] args) {
    long rounds = Math.round(ROUNDS * Double.parseDouble(args[1]));
    StepOptions o =
        StepOptions.builder("parse", "PlainHistoryStudy")
            .warmup(Defaults.Step.WARMUP)
            .runs(Defaults.Step.RUNS)
            .trace(false)
            .outputDirectory(Path.of(args[0]))
            .build();
    CustomStepProfiler.run(
        o,
        (phases, index) -> {
          Work.rounds(rounds);
        });
  }

  static void run(Table table) throws IOException {
    Path dir = Files.createTempDirectory("libreyolo-plain-history");
    String url = "jdbc:sqlite:" + dir.resolve("history.db");
    GateOptions options = GateOptions.defaults();
    int[] aa = new int[4];
    int[] slower = new int[4];
    List<String> slowerChanges = new ArrayList<>();
    List<String> flagged = new ArrayList<>();
    for (int i = 0; i < BUILDS + SLOWER; i++) {
      boolean slow = i >= BUILDS;
      Profile p = measure(dir.resolve("b" + i), slow ? 1.3 : 1.0, i % 2 == 1);
      try (History h = History.open(url)) {
        if (i >= Defaults.History.GATE_MIN_RUNS) {
          HistoryGate.Result r =
              HistoryGate.check(h, "plain", p, "main", Defaults.History.GATE_RUNS_VALUE, options);
          count(slow ? slower : aa, r.verdict());
          if (!slow && r.verdict() != Verdict.PASS) {
            flagged.add(
                "build "
                    + i
                    + (i % 2 == 1 ? " (busy)" : "")
                    + ": "
                    + String.join(" | ", org.libreyolo.profile.report.HistoryGateReport.lines(r)));
          }
          if (slow) {
            slowerChanges.add(
                (r.verdict() == null ? "not judged" : r.verdict().toString())
                    + " "
                    + (Double.isNaN(r.change()) ? "-" : Table.f(100 * r.change(), 1) + "%"));
          }
        }
        h.record(
            "plain", History.testbed(p), List.of(History.run(p, "c" + i, "main", Instant.now())));
      }
    }
    int judged = BUILDS - Defaults.History.GATE_MIN_RUNS;
    table.row(
        "plain-Java history, A/A: "
            + judged
            + " builds (separate JVMs, every other beside a busy one)",
        aa[0]
            + " REGRESSION, "
            + aa[1]
            + " INCONCLUSIVE, "
            + aa[2]
            + " PASS, "
            + aa[3]
            + " not judged (no level of "
            + Defaults.History.GATE_MIN_RUNS
            + " runs)",
        "0 REGRESSION");
    flagged.forEach(f -> table.row("  " + f, "", ""));
    table.row(
        "plain-Java history, +30% work: " + SLOWER + " builds in a row, each recorded",
        slower[0] + " REGRESSION (" + String.join(", ", slowerChanges) + ")",
        SLOWER + " REGRESSION");
  }

  private static void count(int[] counts, Verdict v) {
    counts[v == null ? 3 : v == Verdict.REGRESSION ? 0 : v == Verdict.INCONCLUSIVE ? 1 : 2]++;
  }

  private static Profile measure(Path out, double work, boolean busy) throws IOException {
    return GateStudy.childProfile(PlainHistoryStudy.class, out, Double.toString(work), busy);
  }
}
