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
 * profiles whose op calls they keep (and, for a profile that predates that, read from every fork's
 * trace), alone and inside the gate; and what keeping them costs a LibreYOLO9t profile.
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
      // the same profiles without their op calls: the diff reads them from the forks' traces
      Profile oldNarrow = withoutOpCalls(narrow, project.resolve("a"));
      Profile oldWide = withoutOpCalls(wide, project.resolve("b"));
      // interleaved, so neither figure has the JIT's warm-up to itself
      double[] diff = new double[reps];
      double[] fromTraces = new double[reps];
      double[] gate = new double[reps];
      for (int i = 0; i < reps; i++) {
        diff[i] = ms(() -> ProfileDiff.of(narrow, wide, null, null));
        fromTraces[i] = ms(() -> ProfileDiff.of(oldNarrow, oldWide, null, null));
        gate[i] = ms(() -> Gate.check(narrow, wide, GateOptions.defaults()));
      }
      table.row(
          "diff: two 3-fork CPU profiles, the op calls they keep, ms (median of " + reps + ")",
          Table.f(Medians.of(diff), 1),
          "");
      table.row(
          "  the same without op_calls, read from their 6 traces, ms",
          Table.f(Medians.of(fromTraces), 1),
          "");
      table.row("  the gate on them, diff included, ms", Table.f(Medians.of(gate), 1), "");
      Path y9 = project.resolve("y9");
      InferProfiler.run(
          InferOptions.builder()
              .imgsz(256)
              .device(DeviceSpec.parse("cpu"))
              .threads(1)
              .warmup(5)
              .runs(20)
              .trace(true)
              .project(y9)
              .build(),
          Progress.NONE);
      Path file = y9.resolve("infer/profile.json");
      Profile one = ProfileLoader.load(file);
      int calls = one.opCalls().processes().get(0).calls().size();
      long kept = org.libreyolo.profile.result.Json.compact(one.stored("op_calls")).length();
      table.row(
          "LibreYOLO9t at 256, one traced process: profile.json KB / of it op_calls KB ("
              + calls
              + " calls)",
          Table.f(Files.size(file) / 1024.0, 0) + " / " + Table.f(kept / 1024.0, 0),
          "");
      table.row(
          "  reading that profile.json, ms (median of " + reps + ")",
          Table.f(median(reps, () -> ProfileLoader.load(file)), 1),
          "");
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

  /** A profile as one recorded before profiles kept their op calls, read from its own file. */
  private static Profile withoutOpCalls(Profile p, Path project) {
    return p.with(j -> j.remove("op_calls")).readFrom(project.resolve("infer/profile.json"));
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
