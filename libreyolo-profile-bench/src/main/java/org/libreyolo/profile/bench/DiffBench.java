package org.libreyolo.profile.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.gate.Gate;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.internal.io.Folders;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.produce.InferProfiler;
import org.libreyolo.profile.result.Profile;

/**
 * What the profile diff costs (docs/diff.md): on the two GPU training traces, and on two forked CPU
 * profiles whose op calls come from every fork's trace, alone and inside the gate.
 */
final class DiffBench {
  private DiffBench() {}

  static void run(Table table, int reps) throws java.io.IOException {
    Path traces = Checkout.path("libreyolo-profile-core/src/test/resources/fixtures/gpu-traces");
    long t0 = System.nanoTime();
    Profile a100 = ProfileLoader.load(traces.resolve("a100-train-control.json.gz"));
    Profile v100 = ProfileLoader.load(traces.resolve("v100-train-test.json.gz"));
    double loadMs = (System.nanoTime() - t0) / 1e6;
    table.row(
        "diff: reading the A100 and V100 traces (109k, 105k events), ms", Table.f(loadMs, 0), "");
    table.row(
        "diff: A100 vs V100, kernels, ms (median of " + reps + ")",
        Table.f(median(reps, () -> ProfileDiff.of(a100, v100, null, null)), 1),
        "");
    Path project = Files.createTempDirectory("libreyolo-bench-diff");
    try {
      Path models = Checkout.path("libreyolo-profile-core/src/test/resources/fixtures/torchscript");
      Profile narrow = forked(models.resolve("layers_narrow.torchscript"), project.resolve("a"));
      Profile wide = forked(models.resolve("layers_wide.torchscript"), project.resolve("b"));
      // interleaved, so neither figure has the JIT's warm-up to itself
      double[] diff = new double[reps];
      double[] gate = new double[reps];
      for (int i = 0; i < reps; i++) {
        diff[i] = ms(() -> ProfileDiff.of(narrow, wide, null, null));
        gate[i] = ms(() -> Gate.check(narrow, wide, GateOptions.defaults()));
      }
      table.row(
          "diff: two 3-fork CPU profiles, op calls from 6 traces, ms (median of " + reps + ")",
          Table.f(Medians.of(diff), 1),
          "");
      table.row("  the gate on them, diff included, ms", Table.f(Medians.of(gate), 1), "");
    } finally {
      Folders.delete(project);
    }
  }

  private static Profile forked(Path model, Path project) {
    return InferProfiler.run(
            InferOptions.builder()
                .weights(model.toString())
                .imgsz(256)
                .device(DeviceSpec.parse("cpu"))
                .threads(1)
                .warmup(10)
                .runs(30)
                .forks(3)
                .trace(true)
                .project(project)
                .build(),
            Progress.NONE)
        .profile();
  }

  private static double ms(Runnable work) {
    long t = System.nanoTime();
    work.run();
    return (System.nanoTime() - t) / 1e6;
  }

  private static double median(int reps, Runnable work) {
    double[] ms = new double[reps];
    for (int i = 0; i < reps; i++) {
      long t = System.nanoTime();
      work.run();
      ms[i] = (System.nanoTime() - t) / 1e6;
    }
    return Medians.of(ms);
  }
}
