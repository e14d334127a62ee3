package org.libreyolo.profile.bench;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import java.util.List;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.measure.Measurement;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.produce.Engine;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.yolo.Yolo9;

/**
 * What a switch of the measuring loop costs the timing: Java samples (docs/measurement.md, "Java
 * samples": JDK Flight Recorder sampling off (A) and on (B)) and progress reporting (none (A), or a
 * terminal bar redrawn after every iteration (B), the most any surface reports). The same step in
 * one process, in alternating blocks (AB, BA, ...), each pair of blocks one log-ratio of block
 * medians, judged as the in-job A/B is ({@link PairedBlocks}, 95% interval, 2% threshold). Two
 * steps: plain Java (parse 20,000 ints from text, sort them) and LibreYOLO9t's predict at 256 px on
 * the engine.
 */
final class JavaSamplesBench {
  static final int PAIRS = 40;

  private JavaSamplesBench() {}

  /** The switch under test. */
  enum Switch {
    JAVA_SAMPLES("java samples"),
    PROGRESS("progress bar");

    final String label;

    Switch(String label) {
      this.label = label;
    }
  }

  static void run(Table table, int threads, Switch what) {
    String csv = csv(20_000);
    StepTimer.Iteration plain =
        (clock, index) -> {
          int[] values;
          try (var p = clock.phase("decode")) {
            values = decode(csv);
          }
          try (var p = clock.phase("post")) {
            java.util.Arrays.sort(values);
            sink = values[index % values.length];
          }
        };
    row(table, what, "plain-Java step (parse 20,000 ints, sort them)", plain, 200);
    Engine.boot(threads);
    try (Yolo9 yolo = Yolo9.randomInit("t", 256)) {
      List<Yolo9.Image> images = Yolo9.sampleImages().subList(0, 1);
      StepTimer.Iteration predict =
          (clock, index) -> {
            Yolo9.Input input;
            try (var p = clock.phase("preprocess")) {
              input = yolo.preprocess(images);
            }
            try (NDManager sub = yolo.newSubManager()) {
              NDList out;
              try (var p = clock.phase("forward")) {
                out = yolo.forward(sub, input);
              }
              try (var p = clock.phase("postprocess")) {
                yolo.postprocess(out, input);
              }
            }
          };
      row(table, what, "LibreYOLO9t predict @256 (engine)", predict, 20);
    }
  }

  static volatile double sink;

  /** Comma-separated pseudo-random ints: the plain step's input. */
  private static String csv(int n) {
    java.util.SplittableRandom r = new java.util.SplittableRandom(20261204L);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ",").append(r.nextInt(1_000_000));
    }
    return b.toString();
  }

  private static int[] decode(String csv) {
    String[] parts = csv.split(",");
    int[] out = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = Integer.parseInt(parts[i]);
    }
    return out;
  }

  private static void row(
      Table table, Switch which, String what, StepTimer.Iteration body, int runs) {
    StepTimer.run(new StepTimer.Plan(10, 5, null, 0, "runs", "", false), body, Progress.NONE);
    double[] logRatios = new double[PAIRS];
    double[] off = new double[PAIRS];
    double[] on = new double[PAIRS];
    int sampled = 0;
    for (int k = 0; k < PAIRS; k++) {
      boolean offFirst = k % 2 == 0;
      Measurement first = block(which, body, !offFirst, runs);
      Measurement second = block(which, body, offFirst, runs);
      Measurement a = offFirst ? first : second;
      Measurement b = offFirst ? second : first;
      off[k] = LatencyStats.median(a.totalMs());
      on[k] = LatencyStats.median(b.totalMs());
      logRatios[k] = Math.log(on[k] / off[k]);
      sampled += b.javaSamples() == null ? 0 : b.javaSamples().path(ProfileSchema.SAMPLES).asInt();
    }
    PairedBlocks v = PairedBlocks.of(logRatios, 0.05, 0.02);
    table.row(
        which.label
            + " on / off, "
            + what
            + ": change [95% CI], "
            + PAIRS
            + " pairs of "
            + runs
            + " runs",
        String.format(
            java.util.Locale.ROOT,
            "%+.2f%% [%+.2f%%, %+.2f%%] (%.3f vs %.3f ms%s)",
            100 * v.change(),
            100 * v.ciLow(),
            100 * v.ciHigh(),
            LatencyStats.median(on),
            LatencyStats.median(off),
            which == Switch.JAVA_SAMPLES ? "; " + sampled + " samples taken" : ""),
        "|change| <= 2%");
  }

  private static Measurement block(Switch which, StepTimer.Iteration body, boolean on, int runs) {
    boolean sampled = which == Switch.JAVA_SAMPLES && on;
    Progress progress = which == Switch.PROGRESS && on ? BAR : Progress.NONE;
    return StepTimer.run(new StepTimer.Plan(0, runs, null, 0, "runs", "", sampled), body, progress);
  }

  /** The CLI's terminal bar's work: a formatted line written after every iteration. */
  private static final Progress BAR =
      new Progress() {
        private final java.io.PrintWriter out =
            new java.io.PrintWriter(java.io.OutputStream.nullOutputStream());

        @Override
        public void update(String stage, int done, int total) {
          int filled = total <= 0 ? 0 : done * 24 / total;
          out.print(
              String.format(
                  java.util.Locale.ROOT,
                  "\r%-18s [%s%s] %d/%d  %.0f s ",
                  stage,
                  "#".repeat(filled),
                  ".".repeat(24 - filled),
                  done,
                  total,
                  System.nanoTime() / 1e9));
          out.flush();
        }
      };
}
