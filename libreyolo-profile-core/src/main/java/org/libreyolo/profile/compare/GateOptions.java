package org.libreyolo.profile.compare;

import java.util.List;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;

/**
 * How the gate decides: significance level, the practical threshold (relative change that
 * matters) and the gated metrics ({@code img_per_s}, {@code latency_p50_ms}).
 */
public record GateOptions(double alpha, double maxRegression, List<String> metrics) {
  public static final List<String> SUPPORTED = List.of("img_per_s", "latency_p50_ms");

  public GateOptions {
    checkAlpha(alpha);
    if (!(maxRegression >= 0 && maxRegression < 10)) {
      throw LibreYoloException.badInput("--max-regression must be a fraction >= 0 (0.05 = 5%), got " + maxRegression);
    }
    for (String m : metrics) {
      if (!SUPPORTED.contains(m)) {
        throw LibreYoloException.badInput("unknown gate metric '" + m + "': use " + String.join(", ", SUPPORTED));
      }
    }
    metrics = List.copyOf(metrics);
  }

  public static GateOptions defaults() {
    return new GateOptions(Defaults.Gate.ALPHA_VALUE, Defaults.Gate.MAX_REGRESSION_VALUE, SUPPORTED);
  }

  /** A significance level: within (0, 1). The one check of every surface's {@code alpha}. */
  public static void checkAlpha(double alpha) {
    if (!(alpha > 0 && alpha < 1)) {
      throw LibreYoloException.badInput("--alpha must be within (0, 1), got " + alpha);
    }
  }
}
