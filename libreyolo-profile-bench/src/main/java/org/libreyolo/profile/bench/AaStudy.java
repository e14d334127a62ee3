package org.libreyolo.profile.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.libreyolo.profile.compare.Gate;
import org.libreyolo.profile.compare.GateOptions;
import org.libreyolo.profile.compare.Verdict;
import org.libreyolo.profile.engine.DeviceSpec;
import org.libreyolo.profile.pipeline.NmsOptions;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.produce.InferProfiler;
import org.libreyolo.profile.result.InferResult;
import org.libreyolo.profile.measure.Progress;
import org.libreyolo.profile.result.Profile;

/**
 * A/A study of the gate: the same inference profiled twice, k times; every REGRESSION is a false
 * alarm. Reports the false-alarm rate at the default settings and the median MDE.
 */
public final class AaStudy {
  private AaStudy() {}

  public record Result(int pairs, int falseAlarms, int inconclusive, double medianMde) {}

  public static Result run(int pairs, int imgsz, int runs, int threads) throws java.io.IOException {
    Path dir = Files.createTempDirectory("libreyolo-aa");
    int alarms = 0;
    int inconclusive = 0;
    List<Double> mdes = new ArrayList<>();
    for (int k = 0; k < pairs; k++) {
      Profile a = measure(dir.resolve("a" + k), imgsz, runs, threads);
      Profile b = measure(dir.resolve("b" + k), imgsz, runs, threads);
      Gate.Result r = Gate.check(a, b, GateOptions.defaults());
      if (r.verdict() == Verdict.REGRESSION) {
        alarms++;
      }
      if (r.verdict() == Verdict.INCONCLUSIVE) {
        inconclusive++;
      }
      if (r.mde() != null) {
        mdes.add(r.mde());
      }
    }
    return new Result(pairs, alarms, inconclusive,
        Medians.of(mdes.stream().mapToDouble(Double::doubleValue).toArray()));
  }

  private static Profile measure(Path project, int imgsz, int runs, int threads) {
    InferResult r = InferProfiler.run(new InferOptions(null, null, null, 1, imgsz, false, "float16", 5, runs, 1,
        NmsOptions.DEFAULT, DeviceSpec.CPU, threads, false, project), Progress.NONE);
    return r.profile();
  }
}
