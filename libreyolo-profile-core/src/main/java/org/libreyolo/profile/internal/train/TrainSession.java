package org.libreyolo.profile.internal.train;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import java.util.List;
import org.libreyolo.profile.internal.capture.CaptureOptions;
import org.libreyolo.profile.internal.capture.CaptureSession;
import org.libreyolo.profile.internal.capture.Span;
import org.libreyolo.profile.internal.data.DetectionDataset;
import org.libreyolo.profile.internal.data.TrainLoader;
import org.libreyolo.profile.internal.measure.PhaseClock;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.weights.RandomInit;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * Everything one training run holds (model, loader, optimizer, EMA, schedule) and one training step
 * with its phases: dataload, to_device, forward (with the loss), backward, optimizer.
 */
public final class TrainSession implements AutoCloseable {
  /** The loader's wait, timed as a phase of its own (not part of the composition). */
  public static final String DATALOAD = ProfileSchema.DATALOAD;

  /** The compute phases of a step, in order: the composition of a training profile. */
  public static final List<String> PHASES =
      List.of(
          ProfileSchema.TO_DEVICE,
          ProfileSchema.FORWARD,
          ProfileSchema.BACKWARD,
          ProfileSchema.OPTIMIZER);

  private final Yolo9Detector detector;
  private final TrainLoader loader;
  private final NDManager state;
  private final NesterovSgd sgd;
  private final Ema ema;
  private final long warmupIterations;
  private final long totalIterations;
  private double[] lastLoss = new double[4];
  private long skippedSteps;
  private long iteration;

  public TrainSession(
      DetectionDataset dataset,
      Yolo9Size size,
      int batch,
      int imgsz,
      int workers,
      Device device,
      long epochs) {
    this.detector =
        new Yolo9Detector(size, dataset.names().size(), device, WeightsSource.RANDOM_INIT);
    TrainLoader l = null;
    try {
      l = new TrainLoader(dataset, batch, imgsz, workers, 0, true);
    } catch (RuntimeException e) {
      detector.close();
      throw e;
    }
    this.loader = l;
    this.state = detector.manager().newSubManager();
    RandomInit.apply(detector.net(), RandomInit.DEFAULT_SEED);
    var params = detector.net().namedParameters();
    this.sgd = new NesterovSgd(params, state);
    this.ema = new Ema(params, state);
    this.warmupIterations = 3L * loader.batchesPerEpoch();
    this.totalIterations = epochs * loader.batchesPerEpoch();
  }

  public Yolo9Detector detector() {
    return detector;
  }

  /** Box, DFL, class and total loss (weighted) of the last step whose loss was finite. */
  public double[] lastLoss() {
    return lastLoss.clone();
  }

  /** Steps whose loss was not finite: timed, but their update was skipped. */
  public long skippedSteps() {
    return skippedSteps;
  }

  public long emaUpdates() {
    return ema.updates();
  }

  /** One training step; {@code clock} times (and, when tracing, annotates) each phase. */
  public void step(PhaseClock clock) {
    float lr = NesterovSgd.learningRate(iteration++, warmupIterations, totalIterations);
    TrainLoader.Batch batch;
    try (Span s = clock.phase(DATALOAD)) {
      batch = loader.next();
    }
    try (NDManager sub = detector.manager().newSubManager()) {
      NDArray x;
      try (Span s = clock.phase(ProfileSchema.TO_DEVICE)) {
        x =
            sub.create(
                batch.images(),
                new Shape(batch.size(), 3, batch.imgsz(), batch.imgsz()),
                DataType.FLOAT32);
      }
      double[] loss;
      try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
        Yolo9Loss.Terms terms;
        try (Span s = clock.phase(ProfileSchema.FORWARD)) {
          NDList raw = detector.forwardTraining(x);
          terms =
              Yolo9Loss.compute(
                  raw, batch.targets(), TrainLoader.MAX_TARGETS, batch.imgsz(), batch.imgsz());
        }
        try (Span s = clock.phase(ProfileSchema.BACKWARD)) {
          collector.backward(terms.total());
        }
        loss =
            new double[] {
              terms.box(), terms.dfl(), terms.cls(), terms.box() + terms.dfl() + terms.cls()
            };
      }
      boolean applied;
      try (Span s = clock.phase(ProfileSchema.OPTIMIZER)) {
        applied = sgd.stepIfFinite(loss[3], lr, sub);
      }
      if (applied) {
        lastLoss = loss;
        ema.update(); // outside every phase, as upstream: lands in "unphased"
      } else {
        skippedSteps++;
      }
    }
  }

  /** One untimed step (warmup, soak). */
  public void step() {
    PhaseClock clock = new PhaseClock(CaptureSession.start(CaptureOptions.off()));
    clock.start();
    step(clock);
  }

  /**
   * One step timed on its own: the step's compute time (the loader's wait left out) and each phase.
   */
  public PhaseClock.Lap timedStep(CaptureSession session) {
    PhaseClock clock = new PhaseClock(session);
    clock.start();
    step(clock);
    return clock.stop();
  }

  @Override
  public void close() {
    loader.close();
    state.close();
    detector.close();
  }
}
