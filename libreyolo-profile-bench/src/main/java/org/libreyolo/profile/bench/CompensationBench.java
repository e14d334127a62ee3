package org.libreyolo.profile.bench;

import ai.djl.ndarray.NDManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.internal.analysis.StepSpans;
import org.libreyolo.profile.internal.capture.CaptureOptions;
import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.internal.capture.Span;
import org.libreyolo.profile.internal.measure.PhaseClock;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.train.TrainSession;

/**
 * Does compensating the profiler's cost give back the untraced times? Untraced and traced steps
 * alternate in one process (the order flips every round; each session's first step is untimed); per
 * step and per phase, the median untraced Java time is set against the median traced span as
 * recorded and as compensated (docs/profiler-cost.md).
 */
public final class CompensationBench {
  private CompensationBench() {}

  /**
   * One step part: untraced, traced as recorded, with the per-op charge only, and fully compensated
   * (per-op charge, then phases scaled to the untraced times of the previous untraced session,
   * never the ones compared against): medians in ms.
   */
  public record Row(
      String part, double untracedMs, double recordedMs, double perOpMs, double compensatedMs) {
    public double recordedRatio() {
      return recordedMs / untracedMs;
    }

    public double perOpRatio() {
      return perOpMs / untracedMs;
    }

    public double compensatedRatio() {
      return compensatedMs / untracedMs;
    }
  }

  /** Untraced times of one step, by part ("step" and each phase). */
  private interface Step {
    Map<String, Double> run(CaptureSession session);
  }

  /** Train steps without the loader's wait (it depends on how far the workers ran ahead). */
  public static List<Row> training(TrainSession session, int warmup, int rounds, int steps)
      throws IOException {
    for (int i = 0; i < warmup; i++) {
      session.step();
    }
    return measure(
        rounds,
        steps,
        s -> {
          PhaseClock.Lap t = session.timedStep(s);
          Map<String, Double> parts = new LinkedHashMap<>();
          parts.put("step", t.totalMs() - t.phaseMs().getOrDefault(TrainSession.DATALOAD, 0.0));
          for (String phase : TrainSession.PHASES) {
            parts.put(phase, t.phaseMs().getOrDefault(phase, 0.0));
          }
          return parts;
        },
        true);
  }

  /** One forward per step, as the infer producer's forward stage. */
  public static List<Row> forward(
      DetectionPipeline predictor, DetectionPipeline.Batch batch, int warmup, int rounds, int steps)
      throws IOException {
    Step forward =
        s -> {
          try (NDManager sub = predictor.detector().manager().newSubManager()) {
            long t0 = System.nanoTime();
            try (Span span = s.phase("forward")) {
              predictor.forward(sub, batch);
            }
            double ms = (System.nanoTime() - t0) / 1e6;
            return new LinkedHashMap<>(Map.of("step", ms, "forward", ms));
          }
        };
    CaptureSession off = CaptureSession.start(CaptureOptions.off());
    for (int i = 0; i < warmup; i++) {
      forward.run(off);
    }
    return measure(rounds, steps, forward, false);
  }

  private static List<Row> measure(int rounds, int steps, Step step, boolean withoutDataload)
      throws IOException {
    Map<String, List<Double>> untraced = new LinkedHashMap<>();
    Map<String, List<Double>> recorded = new LinkedHashMap<>();
    Map<String, List<Double>> perOp = new LinkedHashMap<>();
    Map<String, List<Double>> compensated = new LinkedHashMap<>();
    Map<String, Double> calibration = null; // mean phase ms of the last untraced session
    Path dir = Files.createTempDirectory("libreyolo-compensation");
    try {
      for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < 2; k++) {
          boolean traced = (r + k) % 2 == 1;
          Path file = dir.resolve("t" + r + ".json");
          Map<String, Double> sessionSums = new LinkedHashMap<>();
          try (CaptureSession session =
              CaptureSession.start(
                  traced ? new CaptureOptions(true, 0, false, file) : CaptureOptions.off())) {
            for (int s = 0; s <= steps; s++) {
              session.nextStep();
              Map<String, Double> parts = step.run(session);
              if (!traced && s > 0) {
                parts.forEach(
                    (part, ms) -> untraced.computeIfAbsent(part, x -> new ArrayList<>()).add(ms));
                parts.forEach((part, ms) -> sessionSums.merge(part, ms / steps, Double::sum));
              }
            }
            session.stop();
          }
          if (!traced) {
            sessionSums.remove("step");
            calibration = sessionSums;
          } else if (calibration != null) {
            collect(StepSpans.recorded(file), recorded, withoutDataload);
            collect(StepSpans.compensated(file, Map.of()), perOp, withoutDataload);
            collect(StepSpans.compensated(file, calibration), compensated, withoutDataload);
          }
          Files.deleteIfExists(file);
        }
      }
    } finally {
      Files.deleteIfExists(dir);
    }
    List<Row> rows = new ArrayList<>();
    for (String part : untraced.keySet()) {
      if (recorded.containsKey(part)) {
        rows.add(
            new Row(
                part,
                Medians.of(untraced.get(part)),
                Medians.of(recorded.get(part)),
                Medians.of(perOp.get(part)),
                Medians.of(compensated.get(part))));
      }
    }
    return rows;
  }

  /** Every step but the session's first (untimed in the untraced arm too). */
  private static void collect(
      StepSpans spans, Map<String, List<Double>> into, boolean withoutDataload) {
    double[] dataload = spans.phaseMs().get("dataload");
    for (int s = 1; s < spans.stepMs().length; s++) {
      double step = spans.stepMs()[s] - (withoutDataload && dataload != null ? dataload[s] : 0);
      into.computeIfAbsent("step", x -> new ArrayList<>()).add(step);
      for (Map.Entry<String, double[]> e : spans.phaseMs().entrySet()) {
        if (!e.getKey().equals("dataload")) {
          into.computeIfAbsent(e.getKey(), x -> new ArrayList<>()).add(e.getValue()[s]);
        }
      }
    }
  }
}
