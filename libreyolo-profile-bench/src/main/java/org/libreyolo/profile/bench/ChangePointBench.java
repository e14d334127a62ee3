package org.libreyolo.profile.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.libreyolo.profile.history.ChangePoint;
import org.libreyolo.profile.history.ChangePoints;

/**
 * The change-point detector on a seeded suite of synthetic series (docs/history.md, "The detector
 * study"): A/A noise, single steps of 3-10%, two steps, isolated outliers and outlier pairs, a
 * bimodal runner (a quarter of runs 12% slower), and a slow drift. A true step counts as found when
 * a change point lies within one run of it; every other change point is false. Apache Otava's own
 * detector (given a source checkout of it) and the published method re-implemented on our code
 * (E-divisive with Student's t on plain means and a segment of two runs) are measured beside ours
 * on the same series.
 */
final class ChangePointBench {
  /**
   * Noise of one run, as a fraction of the level: a run of 10 forks on the gate study's 2-core VM
   * (docs/history.md).
   */
  static final double NOISE = 0.02;

  private ChangePointBench() {}

  /** One generated series and where its true steps are. */
  record Case(String kind, double[] values, List<Integer> steps) {}

  /** Totals of one detector over one kind of series. */
  record Score(String kind, int series, int runs, int steps, int found, int falsePoints) {
    double recall() {
      return steps == 0 ? Double.NaN : (double) found / steps;
    }

    double falsePer1000() {
      return 1000.0 * falsePoints / runs;
    }
  }

  static List<Case> suite(long seed, int perKind) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Case> out = new ArrayList<>();
    for (int i = 0; i < perKind; i++) {
      out.add(new Case("A/A", noise(r, 1000), List.of()));
      for (double step : new double[] {0.03, 0.05, 0.10}) {
        int n = 400;
        int at = 100 + r.nextInt(200);
        double[] v = noise(r, n);
        for (int k = at; k < n; k++) {
          v[k] *= 1 + step;
        }
        out.add(new Case(String.format(Locale.ROOT, "step +%.0f%%", 100 * step), v, List.of(at)));
      }
      {
        int n = 600;
        int a = 100 + r.nextInt(150);
        int b = a + 100 + r.nextInt(150);
        double[] v = noise(r, n);
        for (int k = a; k < n; k++) {
          v[k] *= 1.05;
        }
        for (int k = b; k < n; k++) {
          v[k] *= 0.96;
        }
        out.add(new Case("two steps +5%, -4%", v, List.of(a, b)));
      }
      {
        double[] v = noise(r, 1000);
        for (int k = 0; k < 10; k++) { // ten outlying runs, half of them in pairs
          int at = 5 + r.nextInt(v.length - 10);
          v[at] *= 1.3;
          if (k % 2 == 1) {
            v[at + 1] *= 1.3;
          }
        }
        out.add(new Case("A/A + outliers (+30%, singles and pairs)", v, List.of()));
      }
      {
        double[] v = noise(r, 1000);
        for (int k = 0; k < v.length; k++) {
          if (r.nextDouble() < 0.25) {
            v[k] *= 1.12;
          }
        }
        out.add(new Case("bimodal runner (25% of runs +12%)", v, List.of()));
      }
      {
        double[] v = noise(r, 1000);
        for (int k = 0; k < v.length; k++) {
          v[k] *= 1 + 0.05 * k / v.length; // +5% over 1,000 runs, no step
        }
        out.add(new Case("drift +5% over 1,000 runs", v, List.of()));
      }
    }
    return out;
  }

  private static double[] noise(SplittableRandom r, int n) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = 100 * (1 + NOISE * gaussian(r));
    }
    return v;
  }

  private static double gaussian(SplittableRandom r) {
    double u = r.nextDouble();
    double w = r.nextDouble();
    return Math.sqrt(-2 * Math.log(u == 0 ? Double.MIN_VALUE : u)) * Math.cos(2 * Math.PI * w);
  }

  /** One detector's change points for every series of the suite, in suite order. */
  record Detector(String name, List<List<Integer>> found) {
    static Detector ours(String name, List<Case> suite, ChangePoints.Options options) {
      List<List<Integer>> found = new ArrayList<>();
      for (Case c : suite) {
        found.add(
            ChangePoints.detect(c.values(), options).stream().map(ChangePoint::index).toList());
      }
      return new Detector(name, found);
    }
  }

  static List<Score> score(List<Case> suite, Detector detector) {
    Map<String, int[]> totals = new LinkedHashMap<>();
    for (int i = 0; i < suite.size(); i++) {
      Case c = suite.get(i);
      List<Integer> found = detector.found().get(i);
      int[] t = totals.computeIfAbsent(c.kind(), k -> new int[5]);
      t[0]++;
      t[1] += c.values().length;
      t[2] += c.steps().size();
      for (int step : c.steps()) {
        if (found.stream().anyMatch(p -> Math.abs(p - step) <= 1)) {
          t[3]++;
        }
      }
      for (int p : found) {
        if (c.steps().stream().noneMatch(step -> Math.abs(p - step) <= 1)) {
          t[4]++;
        }
      }
    }
    List<Score> out = new ArrayList<>();
    totals.forEach((k, t) -> out.add(new Score(k, t[0], t[1], t[2], t[3], t[4])));
    return out;
  }

  /**
   * The suite's table: ours beside Apache Otava's own detector (when {@code otava}, a source
   * checkout of it, is given: run by libreyolo-profile-bench/bench/otava_detect.py with Otava's
   * defaults) and beside the published method re-implemented on our code; per kind, then the whole
   * suite; then the detector alone on a 10,000-run series.
   */
  static void run(Table table, long seed, int perKind, Path otava)
      throws IOException, InterruptedException {
    List<Case> suite = suite(seed, perKind);
    ChangePoints.Options ours = ChangePoints.Options.defaults();
    List<Detector> detectors = new ArrayList<>();
    detectors.add(Detector.ours("ours", suite, ours));
    if (otava != null) {
      detectors.add(otava(suite, otava));
    }
    detectors.add(
        Detector.ours(
            "published (re-implemented)",
            suite,
            new ChangePoints.Options(ours.window(), ours.pValue(), 0, 2, 0)));
    List<List<Score>> scores = detectors.stream().map(d -> score(suite, d)).toList();
    for (int i = 0; i < scores.get(0).size(); i++) {
      Score o = scores.get(0).get(i);
      StringBuilder value = new StringBuilder(describe(o));
      for (int d = 1; d < detectors.size(); d++) {
        value
            .append(" | ")
            .append(detectors.get(d).name())
            .append(": ")
            .append(describe(scores.get(d).get(i)));
      }
      table.row(
          "change points: " + o.kind() + " (" + o.series() + " series, " + o.runs() + " runs)",
          value.toString(),
          o.steps() > 0 ? "found >= 85%" : "<= 1 false / 1000 runs");
    }
    StringBuilder whole = new StringBuilder();
    for (int d = 0; d < detectors.size(); d++) {
      int steps = 0;
      int found = 0;
      int falsePoints = 0;
      int runs = 0;
      for (Score s : scores.get(d)) {
        steps += s.steps();
        found += s.found();
        falsePoints += s.falsePoints();
        runs += s.runs();
      }
      whole
          .append(d == 0 ? "" : " | ")
          .append(
              String.format(
                  Locale.ROOT,
                  "%s %d/%d steps found (%.1f%%), %d false (%.2f / 1000 runs)",
                  detectors.get(d).name(),
                  found,
                  steps,
                  100.0 * found / steps,
                  falsePoints,
                  1000.0 * falsePoints / runs));
    }
    table.row(
        "change points: whole suite",
        whole.toString(),
        ">= 85%, <= 1 / 1000, at least Otava's found, fewer false");
    table.row(
        "change points: ours' missed steps, nearest change point",
        misses(suite, detectors.get(0)),
        "");
    double[] big = noise(new SplittableRandom(seed + 1), 10_000);
    for (int k = 5_000; k < big.length; k++) {
      big[k] *= 1.05;
    }
    ChangePoints.detect(big, ours); // JIT warm
    long t0 = System.nanoTime();
    List<ChangePoint> bigFound = ChangePoints.detect(big, ours);
    double ms = (System.nanoTime() - t0) / 1e6;
    table.row(
        "change points: 10,000-run series, detector alone",
        String.format(Locale.ROOT, "%.0f ms, %d change point(s)", ms, bigFound.size()),
        "whole process <= 1.0 s (profile history changes)");
  }

  /**
   * How far each missed true step's nearest change point lies: a miss of location, or of detection.
   */
  private static String misses(List<Case> suite, Detector detector) {
    int[] off = new int[3]; // 2-3 runs, 4-10 runs, none within 10
    for (int i = 0; i < suite.size(); i++) {
      List<Integer> found = detector.found().get(i);
      for (int step : suite.get(i).steps()) {
        int d = found.stream().mapToInt(p -> Math.abs(p - step)).min().orElse(Integer.MAX_VALUE);
        if (d > 1) {
          off[d <= 3 ? 0 : d <= 10 ? 1 : 2]++;
        }
      }
    }
    return String.format(
        Locale.ROOT, "%d at 2-3 runs, %d at 4-10, %d none within 10", off[0], off[1], off[2]);
  }

  /** Otava's detector on every series of the suite, in one Python process. */
  private static Detector otava(List<Case> suite, Path otava)
      throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("libreyolo-otava");
    Path series = dir.resolve("series.tsv");
    Path found = dir.resolve("found.txt");
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(series))) {
      for (Case c : suite) {
        StringBuilder line =
            new StringBuilder(c.kind()).append('\t').append(c.steps()).append('\t');
        for (int i = 0; i < c.values().length; i++) {
          line.append(i == 0 ? "" : ",").append(c.values()[i]);
        }
        w.println(line);
      }
    }
    OtavaProcess.run(otava, "suite", series.toString(), found.toString());
    List<List<Integer>> out = new ArrayList<>();
    for (String line : Files.readAllLines(found)) {
      out.add(
          line.isBlank()
              ? List.of()
              : Arrays.stream(line.split(",")).map(Integer::valueOf).toList());
    }
    if (out.size() != suite.size()) {
      throw new IllegalStateException(
          "Otava answered for " + out.size() + " of " + suite.size() + " series");
    }
    return new Detector("Otava " + OtavaProcess.version(otava), out);
  }

  private static String describe(Score s) {
    return s.steps() > 0
        ? String.format(
            Locale.ROOT,
            "%d/%d found (%.0f%%), %d false",
            s.found(),
            s.steps(),
            100 * s.recall(),
            s.falsePoints())
        : String.format(
            Locale.ROOT, "%d false (%.2f / 1000 runs)", s.falsePoints(), s.falsePer1000());
  }
}
