package org.libreyolo.profile.bench;

import ai.djl.ndarray.NDManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.ToDoubleFunction;
import org.libreyolo.profile.capture.CaptureOptions;
import org.libreyolo.profile.capture.CaptureSession;
import org.libreyolo.profile.capture.Span;
import org.libreyolo.profile.pipeline.Predictor;

/**
 * Forward and train-step time with and without the operator profiler, interleaved (ABC ABC ...)
 * in one process so that machine drift hits every arm alike.
 */
public final class OverheadBench {
  private OverheadBench() {}

  /**
   * Medians of the three interleaved arms: no profiler; the profiler as in the analysis window
   * (no shapes, see {@link CaptureOptions#COLD_STEPS}); the profiler recording shapes, as on the
   * cold steps.
   */
  public record Result(double plainMs, double profiledMs, double shapesMs, int rounds) {
    public double ratio() {
      return profiledMs / plainMs;
    }

    public double shapesRatio() {
      return shapesMs / plainMs;
    }
  }

  private static CaptureOptions arm(int arm, Path file) {
    return new CaptureOptions(true, arm == 1 ? 0 : Integer.MAX_VALUE, false, file);
  }

  /** {@code rounds} rounds of {@code steps} forwards per arm. */
  public static Result forward(Predictor predictor, Predictor.Batch batch, int warmup, int rounds, int steps)
      throws IOException {
    for (int i = 0; i < warmup; i++) {
      timedForward(predictor, batch, CaptureSession.start(CaptureOptions.off()));
    }
    return interleave(rounds, steps, session -> timedForward(predictor, batch, session));
  }

  /** {@code rounds} rounds of {@code steps} train steps per arm. */
  public static Result trainStep(org.libreyolo.profile.produce.TrainSession session, int warmup, int rounds, int steps)
      throws IOException {
    CaptureSession off = CaptureSession.start(CaptureOptions.off());
    for (int i = 0; i < warmup; i++) {
      session.step(off);
    }
    return interleave(rounds, steps, on -> session.step(on).total());
  }

  /** Per round: {@code steps} unprofiled, then profiled, then profiled with shapes. */
  private static Result interleave(int rounds, int steps, ToDoubleFunction<CaptureSession> measured) throws IOException {
    Path dir = Files.createTempDirectory("libreyolo-overhead");
    double[][] ms = new double[3][rounds * steps];
    try {
      for (int r = 0; r < rounds; r++) {
        CaptureSession off = CaptureSession.start(CaptureOptions.off());
        for (int s = 0; s < steps; s++) {
          ms[0][r * steps + s] = measured.applyAsDouble(off);
        }
        for (int arm = 1; arm <= 2; arm++) {
          Path file = dir.resolve("t" + r + "-" + arm + ".json");
          try (CaptureSession on = CaptureSession.start(arm(arm, file))) {
            for (int s = 0; s < steps; s++) {
              on.nextStep();
              ms[arm][r * steps + s] = measured.applyAsDouble(on);
            }
            on.stop();
          }
          Files.deleteIfExists(file);
        }
      }
    } finally {
      Files.deleteIfExists(dir);
    }
    return new Result(Medians.of(ms[0]), Medians.of(ms[1]), Medians.of(ms[2]), rounds);
  }

  private static double timedForward(Predictor predictor, Predictor.Batch batch, CaptureSession session) {
    try (NDManager sub = predictor.detector().manager().newSubManager()) {
      long t0 = System.nanoTime();
      try (Span s = session.phase("forward")) {
        predictor.forward(sub, batch);
      }
      return (System.nanoTime() - t0) / 1e6;
    }
  }
}
