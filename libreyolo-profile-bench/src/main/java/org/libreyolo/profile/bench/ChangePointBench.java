package org.libreyolo.profile.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.libreyolo.profile.history.ChangePoint;
import org.libreyolo.profile.history.ChangePoints;

/**
 * The change-point detector on a seeded suite of synthetic series (docs/history.md, "The detector
 * study"): A/A noise, single steps of 3-10%, two steps, isolated outliers and outlier pairs, a
 * bimodal runner (a quarter of runs 12% slower), and a slow drift. A true step counts as found
 * when a change point lies within one run of it; every other change point is false. The published
 * method (E-divisive with Student's t on plain means and a segment of two runs, as Otava runs it,
 * reimplemented here) is measured beside ours on the same series.
 */
final class ChangePointBench {
  /** Noise of one run, as a fraction of the level: a run of 10 forks on the gate study's 2-core VM (docs/history.md). */
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

  static List<Score> score(List<Case> suite, ChangePoints.Options options) {
    java.util.Map<String, int[]> totals = new java.util.LinkedHashMap<>();
    for (Case c : suite) {
      List<ChangePoint> found = ChangePoints.detect(c.values(), options);
      int[] t = totals.computeIfAbsent(c.kind(), k -> new int[5]);
      t[0]++;
      t[1] += c.values().length;
      t[2] += c.steps().size();
      for (int step : c.steps()) {
        if (found.stream().anyMatch(p -> Math.abs(p.index() - step) <= 1)) {
          t[3]++;
        }
      }
      for (ChangePoint p : found) {
        if (c.steps().stream().noneMatch(step -> Math.abs(p.index() - step) <= 1)) {
          t[4]++;
        }
      }
    }
    List<Score> out = new ArrayList<>();
    totals.forEach((k, t) -> out.add(new Score(k, t[0], t[1], t[2], t[3], t[4])));
    return out;
  }

  /** The suite's table: ours and the published method, per kind, and the whole 10,000-run timing. */
  static void run(Table table, long seed, int perKind) {
    List<Case> suite = suite(seed, perKind);
    ChangePoints.Options ours = ChangePoints.Options.defaults();
    ChangePoints.Options published = new ChangePoints.Options(ours.window(), ours.pValue(), 0, 2, 0);
    List<Score> a = score(suite, ours);
    List<Score> b = score(suite, published);
    int steps = 0;
    int foundOurs = 0;
    int foundPub = 0;
    int falseOurs = 0;
    int falsePub = 0;
    int runs = 0;
    for (int i = 0; i < a.size(); i++) {
      Score o = a.get(i);
      Score p = b.get(i);
      table.row("change points: " + o.kind() + " (" + o.series() + " series, " + o.runs() + " runs)",
          describe(o) + " | published: " + describe(p), o.steps() > 0 ? "found >= 85%" : "<= 1 false / 1000 runs");
      steps += o.steps();
      foundOurs += o.found();
      foundPub += p.found();
      falseOurs += o.falsePoints();
      falsePub += p.falsePoints();
      runs += o.runs();
    }
    table.row("change points: whole suite", String.format(Locale.ROOT,
        "ours %d/%d steps found (%.0f%%), %.2f false / 1000 runs | published %d/%d (%.0f%%), %.2f false / 1000 runs",
        foundOurs, steps, 100.0 * foundOurs / steps, 1000.0 * falseOurs / runs, foundPub, steps, 100.0 * foundPub / steps,
        1000.0 * falsePub / runs), ">= 85%, <= 1 / 1000, fewer false than published");
    double[] big = noise(new SplittableRandom(seed + 1), 10_000);
    for (int k = 5_000; k < big.length; k++) {
      big[k] *= 1.05;
    }
    ChangePoints.detect(big, ours); // JIT warm
    long t0 = System.nanoTime();
    List<ChangePoint> bigFound = ChangePoints.detect(big, ours);
    double ms = (System.nanoTime() - t0) / 1e6;
    table.row("change points: 10,000-run series, detector alone", String.format(Locale.ROOT, "%.0f ms, %d change point(s)",
        ms, bigFound.size()), "whole process <= 1.0 s (profile history changes)");
  }

  private static String describe(Score s) {
    return s.steps() > 0
        ? String.format(Locale.ROOT, "%d/%d found (%.0f%%), %d false", s.found(), s.steps(), 100 * s.recall(), s.falsePoints())
        : String.format(Locale.ROOT, "%d false (%.2f / 1000 runs)", s.falsePoints(), s.falsePer1000());
  }
}
