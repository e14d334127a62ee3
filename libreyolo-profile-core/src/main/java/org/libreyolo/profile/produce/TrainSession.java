package org.libreyolo.profile.produce;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.GradientCollector;
import java.util.List;
import org.libreyolo.profile.capture.CaptureSession;
import org.libreyolo.profile.capture.Span;
import org.libreyolo.profile.data.DetectionDataset;
import org.libreyolo.profile.data.TrainLoader;
import org.libreyolo.profile.model.Yolo9Detector;
import org.libreyolo.profile.model.Yolo9Size;
import org.libreyolo.profile.train.Ema;
import org.libreyolo.profile.train.NesterovSgd;
import org.libreyolo.profile.train.Yolo9Loss;
import org.libreyolo.profile.weights.RandomInit;
import org.libreyolo.profile.weights.WeightsSource;

/**
 * Everything one training run holds (model, loader, optimizer, EMA, schedule) and one training
 * step with its phases: dataload, to_device, forward (with the loss), backward, optimizer.
 */
public final class TrainSession implements AutoCloseable {
  public static final List<String> PHASES = List.of("to_device", "forward", "backward", "optimizer");

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

  /** Phase times of one iteration: total (with the fetch), dataload, and the four compute phases. */
  public record StepTimes(double total, double dataload, double[] phases) {}

  public TrainSession(DetectionDataset dataset, Yolo9Size size, int batch, int imgsz, int workers, Device device,
      long epochs) {
    this.detector = new Yolo9Detector(size, dataset.names().size(), device, WeightsSource.RANDOM_INIT);
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

  public StepTimes step(CaptureSession session) {
    float lr = NesterovSgd.learningRate(iteration++, warmupIterations, totalIterations);
    double[] phases = new double[PHASES.size()];
    long t0 = System.nanoTime();
    TrainLoader.Batch batch;
    try (Span s = session.phase("dataload")) {
      batch = loader.next();
    }
    long t1 = System.nanoTime();
    double[] loss;
    try (NDManager sub = detector.manager().newSubManager()) {
      long a = System.nanoTime();
      NDArray x;
      try (Span s = session.phase("to_device")) {
        x = sub.create(batch.images(), new Shape(batch.size(), 3, batch.imgsz(), batch.imgsz()), DataType.FLOAT32);
      }
      phases[0] = ms(a);
      try (GradientCollector collector = Engine.getInstance().newGradientCollector()) {
        a = System.nanoTime();
        Yolo9Loss.Terms terms;
        try (Span s = session.phase("forward")) {
          NDList raw = detector.forwardTraining(x);
          terms = Yolo9Loss.compute(raw, batch.targets(), TrainLoader.MAX_TARGETS, batch.imgsz(), batch.imgsz());
        }
        phases[1] = ms(a);
        a = System.nanoTime();
        try (Span s = session.phase("backward")) {
          collector.backward(terms.total());
        }
        phases[2] = ms(a);
        loss = new double[] {terms.box(), terms.dfl(), terms.cls(), terms.box() + terms.dfl() + terms.cls()};
      }
      a = System.nanoTime();
      boolean applied;
      try (Span s = session.phase("optimizer")) {
        applied = sgd.stepIfFinite(loss[3], lr, sub);
      }
      phases[3] = ms(a);
      if (applied) {
        lastLoss = loss;
        ema.update(); // outside every phase, as upstream: lands in "unphased"
      } else {
        skippedSteps++;
      }
    }
    return new StepTimes(ms(t0), (t1 - t0) / 1e6, phases);
  }

  private static double ms(long since) {
    return (System.nanoTime() - since) / 1e6;
  }

  @Override
  public void close() {
    loader.close();
    state.close();
    detector.close();
  }
}
