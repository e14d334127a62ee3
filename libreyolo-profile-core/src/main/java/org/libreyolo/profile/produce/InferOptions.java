package org.libreyolo.profile.produce;

import java.nio.file.Path;
import java.util.Locale;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.engine.DeviceSpec;
import org.libreyolo.profile.pipeline.NmsOptions;
import org.libreyolo.profile.pipeline.DetectionPipeline;

/**
 * Everything {@code profile infer} takes, validated up front (before any model or engine work):
 * the reference's flags and defaults plus {@code threads}.
 */
public record InferOptions(
    Path source, String weights, String size, int batch, int imgsz, boolean half, String ampDtype,
    int warmup, int runs, int repeat, NmsOptions nms, DeviceSpec device, int threads, boolean trace,
    Path project) {

  public static final String DEFAULT_PROJECT = "runs/profile";

  public InferOptions {
    if (batch < 1) {
      throw LibreYoloException.badInput("--batch must be >= 1, got " + batch);
    }
    if (imgsz != 0) {
      DetectionPipeline.checkSize("size", imgsz);
    }
    if (warmup < 0) {
      throw LibreYoloException.badInput("--warmup must be >= 0, got " + warmup);
    }
    if (runs <= 0) {
      throw LibreYoloException.badInput("--runs must be >= 1, got " + runs + " (at least 2 are measured)");
    }
    if (repeat < 0) {
      throw LibreYoloException.badInput("--repeat must be >= 0, got " + repeat);
    }
    if (threads < 1) {
      throw LibreYoloException.badInput("--threads must be >= 1, got " + threads);
    }
    ampDtype = normalizeAmpDtype(ampDtype);
    if (half && !device.cuda()) {
      throw LibreYoloException.badInput("--half needs a CUDA device; on CPU the profile runs in float32");
    }
    if (half && ampDtype.equals("bfloat16")) {
      // DJL 0.36 aborts the JVM on any BF16 array: refuse before touching the engine
      throw LibreYoloException.badInput("--amp-dtype bfloat16 is not available with DJL 0.36 (BF16 arrays abort"
          + " the engine); use --amp-dtype float16");
    }
  }

  /** The reference's normalisation: float16/fp16 and bfloat16/bf16, case- and space-insensitive. */
  public static String normalizeAmpDtype(String value) {
    String v = value == null ? "float16" : value.trim().toLowerCase(Locale.ROOT);
    return switch (v) {
      case "float16", "fp16" -> "float16";
      case "bfloat16", "bf16" -> "bfloat16";
      default -> throw LibreYoloException.badInput(
          "amp_dtype must be one of: bf16, bfloat16, float16, fp16; got '" + value + "'");
    };
  }

  /** Measured iterations: the reference clamps runs to at least 2. */
  int measuredRuns() {
    return Math.max(2, runs);
  }

  /** {@code --imgsz 0} means the model's native size, 640 for every LibreYOLO9. */
  int inputSize() {
    return imgsz == 0 ? 640 : imgsz;
  }

  int trials() {
    return Math.max(1, repeat);
  }
}
