package org.libreyolo.profile.internal.analysis;

import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * The reference's inference verdict (docs/reference-behaviour.md, "Verdicts") from the synced stage
 * means, the trace's utilisation (null when unknown) and whether the device is CUDA.
 */
public record InferenceVerdict(String bound, String why) {
  private static final String DASH = " \u2014 ";

  public static InferenceVerdict of(
      double pre, double fwd, double post, Double util, boolean cuda) {
    double step = pre + fwd + post;
    if (step <= 0) {
      return new InferenceVerdict("inference", "insufficient timing to classify");
    }
    if (post >= fwd && post / step >= 0.35) {
      return new InferenceVerdict(
          "nms / postprocess",
          "postprocess (NMS) is ~"
              + pct(post / step)
              + "% of the step ("
              + PyRound.format(post, 2)
              + " ms)"
              + DASH
              + "try lower max_det, higher conf, fewer classes, or an NMS-free / end-to-end model");
    }
    if (pre >= fwd && pre / step >= 0.35) {
      return new InferenceVerdict(
          ProfileSchema.PREPROCESS,
          "preprocess is ~"
              + pct(pre / step)
              + "% of the step ("
              + PyRound.format(pre, 2)
              + " ms)"
              + DASH
              + "CPU resize/letterbox dominates; try a larger batch, faster decode, or GPU preprocessing");
    }
    String forward = "forward dominates the step (" + PyRound.format(fwd, 2) + " ms)";
    if (!cuda) {
      return new InferenceVerdict("compute", forward + DASH + "CPU-bound");
    }
    if (util != null && util < 0.8) {
      return new InferenceVerdict(
          "host / launch",
          "forward dominates but the GPU is only ~"
              + pct(util)
              + "% busy"
              + DASH
              + "small model / tiny kernels; try a larger batch or a bigger model");
    }
    return new InferenceVerdict(
        "compute", forward + (util != null ? "; GPU ~" + pct(util) + "% busy" : ""));
  }

  private static String pct(double fraction) {
    return PyRound.format(fraction * 100, 0);
  }
}
