package org.libreyolo.profile.bench;

import ai.djl.ndarray.NDManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.libreyolo.profile.capture.CaptureOptions;
import org.libreyolo.profile.capture.CaptureSession;
import org.libreyolo.profile.capture.Span;
import org.libreyolo.profile.pipeline.Predictor;

/**
 * Forward time with and without the operator profiler, interleaved (ABAB) in one process so
 * that machine drift hits both sides alike.
 */
public final class OverheadBench {
  private OverheadBench() {}

  public record Result(double plainMs, double profiledMs, int rounds) {
    public double ratio() {
      return profiledMs / plainMs;
    }
  }

  /** {@code rounds} rounds of {@code steps} plain then {@code steps} profiled forwards. */
  public static Result forward(Predictor predictor, Predictor.Batch batch, int warmup, int rounds, int steps)
      throws IOException {
    for (int i = 0; i < warmup; i++) {
      timedForward(predictor, batch, CaptureSession.start(CaptureOptions.off()));
    }
    Path dir = Files.createTempDirectory("libreyolo-overhead");
    double[] plain = new double[rounds * steps];
    double[] profiled = new double[rounds * steps];
    try {
      for (int r = 0; r < rounds; r++) {
        CaptureSession off = CaptureSession.start(CaptureOptions.off());
        for (int s = 0; s < steps; s++) {
          plain[r * steps + s] = timedForward(predictor, batch, off);
        }
        try (CaptureSession on = CaptureSession.start(CaptureOptions.tracing(dir.resolve("t" + r + ".json")))) {
          for (int s = 0; s < steps; s++) {
            on.nextStep();
            profiled[r * steps + s] = timedForward(predictor, batch, on);
          }
          on.stop();
        }
        Files.deleteIfExists(dir.resolve("t" + r + ".json"));
      }
    } finally {
      Files.deleteIfExists(dir);
    }
    return new Result(Medians.of(plain), Medians.of(profiled), rounds);
  }

  /** Train steps with and without the operator profiler, interleaved in rounds. */
  public static Result trainStep(org.libreyolo.profile.produce.TrainSession session, int warmup, int rounds, int steps)
      throws IOException {
    CaptureSession off = CaptureSession.start(CaptureOptions.off());
    for (int i = 0; i < warmup; i++) {
      session.step(off);
    }
    Path dir = Files.createTempDirectory("libreyolo-overhead");
    double[] plain = new double[rounds * steps];
    double[] profiled = new double[rounds * steps];
    try {
      for (int r = 0; r < rounds; r++) {
        for (int s = 0; s < steps; s++) {
          plain[r * steps + s] = session.step(off).total();
        }
        try (CaptureSession on = CaptureSession.start(CaptureOptions.tracing(dir.resolve("t" + r + ".json")))) {
          for (int s = 0; s < steps; s++) {
            on.nextStep();
            profiled[r * steps + s] = session.step(on).total();
          }
          on.stop();
        }
        Files.deleteIfExists(dir.resolve("t" + r + ".json"));
      }
    } finally {
      Files.deleteIfExists(dir);
    }
    return new Result(Medians.of(plain), Medians.of(profiled), rounds);
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
