package org.libreyolo.profile.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.produce.CustomStepProfiler;
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
    CustomStepProfiler.Options o =
        CustomStepProfiler.Options.builder("tail", "TailStudy")
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
        GateOptions.builder().metrics(List.of("latency_p50_ms", "latency_p90_ms")).build();
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
    String[] names = {"latency_p50_ms", "latency_p90_ms"};
    for (int m = 0; m < 2; m++) {
      table.row(
          names[m] + ", A/A: " + PAIRS + " pairs of JVMs (half beside a busy one)",
          aa[m][0] + " REGRESSION, " + aa[m][1] + " INCONCLUSIVE, " + aa[m][2] + " PASS",
          "0 REGRESSION");
    }
    table.row("  p90 A/A change, median", Table.f(100 * Medians.of(aaChange), 1) + "%", "");
    table.row(
        "latency_p50_ms, tail +33%: " + PAIRS + " pairs",
        slower[0][0]
            + " REGRESSION, "
            + slower[0][1]
            + " INCONCLUSIVE, "
            + slower[0][2]
            + " PASS (median change "
            + Table.f(100 * Medians.of(medianChange), 1)
            + "%)",
        "0 REGRESSION");
    table.row(
        "latency_p90_ms, tail +33%: " + PAIRS + " pairs",
        slower[1][0]
            + " REGRESSION, "
            + slower[1][1]
            + " INCONCLUSIVE, "
            + slower[1][2]
            + " PASS (median change "
            + Table.f(100 * Medians.of(tailChange), 1)
            + "%)",
        PAIRS + " REGRESSION");
  }

  private static Profile measure(Path out, double tail, boolean busy) throws IOException {
    return GateStudy.childProfile(TailStudy.class, out, Double.toString(tail), busy);
  }
}
