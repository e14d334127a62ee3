package org.libreyolo.profile.bench;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.util.List;
import java.util.SplittableRandom;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.pipeline.Candidates;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.pipeline.Nms;

/** Stage medians of the predict pipeline and NMS cost by candidate count. */
public final class PipelineBench {
  private PipelineBench() {}

  /** Median stage times in ms. */
  public record Stages(double preprocessMs, double forwardMs, double postprocessMs, int runs) {
    public double prePostOverForward() {
      return (preprocessMs + postprocessMs) / forwardMs;
    }
  }

  public static Stages stages(
      DetectionPipeline predictor, List<RgbImage> batch, int warmup, int runs) {
    double[] pre = new double[runs];
    double[] fwd = new double[runs];
    double[] post = new double[runs];
    for (int i = 0; i < warmup + runs; i++) {
      long t0 = System.nanoTime();
      DetectionPipeline.Batch prepared = predictor.preprocess(batch);
      long t1 = System.nanoTime();
      try (NDManager sub = predictor.detector().manager().newSubManager()) {
        NDArray predictions = predictor.forward(sub, prepared).get(0);
        long t2 = System.nanoTime();
        predictor.postprocess(predictions, prepared);
        long t3 = System.nanoTime();
        if (i >= warmup) {
          pre[i - warmup] = (t1 - t0) / 1e6;
          fwd[i - warmup] = (t2 - t1) / 1e6;
          post[i - warmup] = (t3 - t2) / 1e6;
        }
      }
    }
    return new Stages(Medians.of(pre), Medians.of(fwd), Medians.of(post), runs);
  }

  /**
   * Median ms of one class-aware NMS over {@code n} candidates: boxes clustered around 50 objects
   * (as a detector's outputs are), 10 classes, IoU 0.45, max_det 300.
   */
  public static double nms(int n, int runs) {
    SplittableRandom random = new SplittableRandom(42);
    Candidates c = new Candidates(n);
    float[][] objects = new float[50][];
    for (int k = 0; k < objects.length; k++) {
      float w = 20 + (float) random.nextDouble(200);
      float h = 20 + (float) random.nextDouble(200);
      float x = (float) random.nextDouble(640 - w);
      float y = (float) random.nextDouble(640 - h);
      objects[k] = new float[] {x, y, w, h};
    }
    for (int i = 0; i < n; i++) {
      float[] o = objects[random.nextInt(objects.length)];
      float jx = (float) random.nextGaussian() * o[2] * 0.1f;
      float jy = (float) random.nextGaussian() * o[3] * 0.1f;
      c.add(
          o[0] + jx,
          o[1] + jy,
          o[0] + o[2] + jx,
          o[1] + o[3] + jy,
          (float) random.nextDouble(0.01, 1),
          random.nextInt(10));
    }
    double[] times = new double[runs];
    for (int i = 0; i < runs + 5; i++) {
      long t0 = System.nanoTime();
      Nms.select(c, 0.45f, 300);
      if (i >= 5) {
        times[i - 5] = (System.nanoTime() - t0) / 1e6;
      }
    }
    return Medians.of(times);
  }
}
