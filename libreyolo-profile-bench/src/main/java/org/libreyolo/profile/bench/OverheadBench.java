package org.libreyolo.profile.bench;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.ToDoubleFunction;
import org.libreyolo.profile.internal.capture.CaptureOptions;
import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.internal.capture.Span;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;

/**
 * Forward and train-step time with and without the operator profiler, interleaved in short rounds
 * in one process so that machine drift hits every arm alike.
 */
public final class OverheadBench {
  private OverheadBench() {}

  /**
   * Medians of the three interleaved arms: no profiler; the profiler as in the analysis window (no
   * shapes, see {@link CaptureOptions#COLD_STEPS}); the profiler recording shapes, as on the cold
   * steps.
   */
  public record Result(
      double plainMs,
      double profiledMs,
      double shapesMs,
      double ratio,
      double shapesRatio,
      int rounds) {}

  private static CaptureOptions arm(int arm, Path file) {
    return new CaptureOptions(true, arm == 1 ? 0 : Integer.MAX_VALUE, false, file);
  }

  /** {@code rounds} rounds of {@code steps} forwards per arm. */
  public static Result forward(
      DetectionPipeline predictor, DetectionPipeline.Batch batch, int warmup, int rounds, int steps)
      throws IOException {
    for (int i = 0; i < warmup; i++) {
      timedForward(predictor, batch, CaptureSession.start(CaptureOptions.off()));
    }
    return interleave(rounds, steps, session -> timedForward(predictor, batch, session));
  }

  /** {@code rounds} rounds of {@code steps} train steps per arm. */
  public static Result trainStep(
      org.libreyolo.profile.internal.train.TrainSession session, int warmup, int rounds, int steps)
      throws IOException {
    for (int i = 0; i < warmup; i++) {
      session.step();
    }
    // the loader's wait is left out: it depends on how far the workers got ahead, not on the
    // profiler
    return interleave(
        rounds,
        steps,
        on -> {
          var t = session.timedStep(on);
          return t.totalMs()
              - t.phaseMs()
                  .getOrDefault(org.libreyolo.profile.internal.train.TrainSession.DATALOAD, 0.0);
        });
  }

  /**
   * Per round one untimed and {@code steps} timed steps of each arm, the arm order rotating from
   * round to round (ABC, BCA, CAB) so that no arm always follows a profiler stop (which writes the
   * trace for a second or two and lets the loader run ahead) or always runs first.
   */
  private static Result interleave(int rounds, int steps, ToDoubleFunction<CaptureSession> measured)
      throws IOException {
    Path dir = Files.createTempDirectory("libreyolo-overhead");
    double[][] ms = new double[3][rounds * steps];
    double[][] ratios = new double[2][rounds];
    try {
      for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < 3; k++) {
          int arm = (r + k) % 3;
          Path file = dir.resolve("t" + r + "-" + arm + ".json");
          try (CaptureSession session =
              CaptureSession.start(arm == 0 ? CaptureOptions.off() : arm(arm, file))) {
            session.nextStep();
            measured.applyAsDouble(
                session); // the first step after a start pays one-off costs: not timed
            for (int s = 0; s < steps; s++) {
              session.nextStep();
              ms[arm][r * steps + s] = measured.applyAsDouble(session);
            }
            session.stop();
          }
          Files.deleteIfExists(file);
        }
        double plain = Medians.of(Arrays.copyOfRange(ms[0], r * steps, (r + 1) * steps));
        for (int arm = 1; arm <= 2; arm++) {
          ratios[arm - 1][r] =
              Medians.of(Arrays.copyOfRange(ms[arm], r * steps, (r + 1) * steps)) / plain;
        }
      }
    } finally {
      Files.deleteIfExists(dir);
    }
    // the ratio within each round, then the median over rounds: the machine's speed drifts
    // (2-3x over minutes on a shared VM), a round is short enough for it to hold still
    return new Result(
        Medians.of(ms[0]),
        Medians.of(ms[1]),
        Medians.of(ms[2]),
        Medians.of(ratios[0]),
        Medians.of(ratios[1]),
        rounds);
  }

  /**
   * The profiler's cost per recorded op, from the cheapest op there is (an in-place add on one
   * element) timed without and with the profiler: {µs per op plain, µs per op profiled}.
   */
  public static double[] perOpMicros(NDManager manager, int ops) throws IOException {
    Path file = Files.createTempFile("libreyolo-per-op", ".json");
    try (NDManager sub = manager.newSubManager()) {
      NDArray a = sub.ones(new Shape(1));
      NDArray b = sub.ones(new Shape(1));
      double[] plain = new double[3];
      double[] profiled = new double[3];
      for (int r = 0; r < 3; r++) {
        plain[r] = addMicros(a, b, ops);
        try (CaptureSession on = CaptureSession.start(new CaptureOptions(true, 0, false, file))) {
          profiled[r] = addMicros(a, b, ops);
          on.stop();
        }
      }
      return new double[] {Medians.of(plain), Medians.of(profiled)};
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static double addMicros(NDArray a, NDArray b, int ops) {
    long t0 = System.nanoTime();
    for (int i = 0; i < ops; i++) {
      a.addi(b);
    }
    return (System.nanoTime() - t0) / 1e3 / ops;
  }

  private static double timedForward(
      DetectionPipeline predictor, DetectionPipeline.Batch batch, CaptureSession session) {
    try (NDManager sub = predictor.detector().manager().newSubManager()) {
      long t0 = System.nanoTime();
      try (Span s = session.phase("forward")) {
        predictor.forward(sub, batch);
      }
      return (System.nanoTime() - t0) / 1e6;
    }
  }
}
