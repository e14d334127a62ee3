package org.libreyolo.profile.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.produce.StepOptions;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Profile;

/**
 * The tail gate ({@code latency_p90_ms}) as CI uses it: every run its own JVM, every other one
 * beside a busy process, a baseline run judged against a current one with the gate's defaults and
 * both latency metrics. The step is plain Java whose every fifth iteration does {@code tail} times
 * the work (a stall every few calls: each 5-iteration block holds one); A/A pairs keep it at
 * {@value #TAIL_A}, the slower pairs raise it to {@value #TAIL_B} (the tail +33%, the median
 * unchanged). A/A REGRESSIONs of either metric are false alarms; the p90 row must catch the tail,
 * the p50 row must not call it.
 */
final class TailStudy {
  static final int PAIRS = 10;

  static final double TAIL_A = 1.5;

  static final double TAIL_B = 2.0;

  /** Rounds of arithmetic per ordinary iteration: about 1 ms. */
  static final long ROUNDS = 1_000_000L;

  private TailStudy() {}

  /**
   * A child JVM: the step with the tail factor {@code args[1]}, its profile under {@code args[0]}.
   */
  public static void main(String[] args) {
    double tail = Double.parseDouble(args[1]);
    StepOptions o =
        StepOptions.builder("tail", "TailStudy")
            .warmup(20)
            .runs(100)
            .trace(false)
            .javaSamples(false)
            .outputDirectory(Path.of(args[0]))
            .build();
    CustomStepProfiler.run(
        o, (phases, index) -> Work.rounds(index % 5 == 4 ? Math.round(ROUNDS * tail) : ROUNDS));
  }

  static void run(Table table) throws IOException {
    Path dir = Files.createTempDirectory("libreyolo-tail-study");
    GateOptions options =
        GateOptions.builder()
            .metrics(List.of(Metric.LATENCY_P50_MS.key(), Metric.LATENCY_P90_MS.key()))
            .build();
    int[][] aa = new int[2][3];
    int[][] slower = new int[2][3];
    List<Double> aaChange = new ArrayList<>();
    List<Double> tailChange = new ArrayList<>();
    List<Double> medianChange = new ArrayList<>();
    int k = 0;
    for (int pair = 0; pair < 2 * PAIRS; pair++) {
      boolean slow = pair % 2 == 1;
      Profile base = measure(dir.resolve("r" + k), TAIL_A, k++ % 2 == 1);
      Profile now = measure(dir.resolve("r" + k), slow ? TAIL_B : TAIL_A, k++ % 2 == 1);
      Gate.Result r = Gate.check(base, now, options);
      for (int m = 0; m < 2; m++) {
        Gate.Row row = r.rows().get(m);
        StudyStatistics.count(slow ? slower[m] : aa[m], row.verdict());
        if (row.change() != null && slow) {
          (m == 0 ? medianChange : tailChange).add(row.change());
        } else if (row.change() != null && m == 1) {
          aaChange.add(row.change());
        }
      }
    }
    String[] names = {Metric.LATENCY_P50_MS.key(), Metric.LATENCY_P90_MS.key()};
    for (int m = 0; m < 2; m++) {
      table.row(
          names[m] + ", A/A: " + PAIRS + " pairs of JVMs (half beside a busy one)",
          verdicts(aa[m]),
          "0 REGRESSION");
    }
    table.row("  p90 A/A change, median", Table.f(100 * Medians.of(aaChange), 1) + "%", "");
    List<List<Double>> changes = List.of(medianChange, tailChange);
    String[] targets = {"0 REGRESSION", PAIRS + " REGRESSION"};
    for (int m = 0; m < 2; m++) {
      table.row(
          names[m] + ", tail +33%: " + PAIRS + " pairs",
          verdicts(slower[m])
              + " (median change "
              + Table.f(100 * Medians.of(changes.get(m)), 1)
              + "%)",
          targets[m]);
    }
  }

  /** {@code 0 REGRESSION, 10 INCONCLUSIVE, 0 PASS} */
  private static String verdicts(int[] c) {
    return c[0] + " REGRESSION, " + c[1] + " INCONCLUSIVE, " + c[2] + " PASS";
  }

  private static Profile measure(Path out, double tail, boolean busy) throws IOException {
    return GateStudy.childProfile(TailStudy.class, out, Double.toString(tail), busy);
  }
}
