package org.libreyolo.profile.produce;

import java.nio.file.Path;
import java.util.Locale;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.fork.Forks;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.InputShape;
import org.libreyolo.profile.options.NmsOptions;
import org.libreyolo.profile.options.Task;

/**
 * Everything {@code profile infer} takes, validated up front (before any model or engine work): the
 * reference's flags and defaults plus {@code threads}.
 *
 * @param source an image, a directory of images or a dataset, or null for the sample
 * @param weights the weights file or built-in name; null for the size's default
 * @param size the model size: t, s, m or c
 * @param batch images per forward or training step
 * @param imgsz the input height and width, a positive multiple of 32
 * @param half whether to run in float16
 * @param ampDtype the mixed-precision type: float16 or bfloat16
 * @param warmup discarded iterations before the measured ones, at least 0
 * @param runs measured iterations, per process (per fork when forked)
 * @param repeat trials in this process, at least 1
 * @param nms the postprocess thresholds
 * @param device the device, e.g. auto, cpu or cuda:0
 * @param threads intra-op threads, at least 1
 * @param trace whether to record a trace
 * @param project the output directory
 * @param task the postprocess task: auto, detect or none
 * @param inputShape the input shape NxCxHxW, or null for the square imgsz
 * @param forks processes to measure in, one after another: 1 measures in this JVM, more start that
 *     many fresh JVMs
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public record InferOptions(
    Path source,
    String weights,
    String size,
    int batch,
    int imgsz,
    boolean half,
    String ampDtype,
    int warmup,
    int runs,
    int repeat,
    NmsOptions nms,
    DeviceSpec device,
    int threads,
    boolean trace,
    Path project,
    Task task,
    InputShape inputShape,
    int forks) {

  /**
   * Detection (auto task) at the batch and square size given: the options before tasks and input
   * shapes.
   *
   * @param source an image, a directory of images or a dataset, or null for the sample
   * @param weights the weights file or built-in name; null for the size's default
   * @param size the model size: t, s, m or c
   * @param batch images per forward or training step
   * @param imgsz the input height and width, a positive multiple of 32
   * @param half whether to run in float16
   * @param ampDtype the mixed-precision type: float16 or bfloat16
   * @param warmup discarded iterations before the measured ones, at least 0
   * @param runs measured iterations
   * @param repeat trials in this process, at least 1
   * @param nms the postprocess thresholds
   * @param device the device, e.g. auto, cpu or cuda:0
   * @param threads intra-op threads, at least 1
   * @param trace whether to record a trace
   * @param project the output directory
   */
  public InferOptions(
      Path source,
      String weights,
      String size,
      int batch,
      int imgsz,
      boolean half,
      String ampDtype,
      int warmup,
      int runs,
      int repeat,
      NmsOptions nms,
      DeviceSpec device,
      int threads,
      boolean trace,
      Path project) {
    this(
        source, weights, size, batch, imgsz, half, ampDtype, warmup, runs, repeat, nms, device,
        threads, trace, project, Task.AUTO, null, 1);
  }

  /**
   * A builder with every default.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Options by name, starting from the shared defaults ({@link Defaults}); {@link #build()}
   * validates. Surfaces set what their user gave and nothing else.
   */
  public static final class Builder extends ModelRunBuilder<Builder> {
    private Path source;
    private boolean half = Defaults.Infer.HALF_VALUE;
    private String ampDtype = Defaults.Infer.AMP_DTYPE;
    private Integer runs;
    private int forks = Defaults.Infer.FORKS_VALUE;
    private NmsOptions nms = NmsOptions.DEFAULT;
    private boolean trace = Defaults.Infer.TRACE_VALUE;
    private Task task = Task.parse(Defaults.Infer.TASK);
    private InputShape inputShape;

    private Builder() {
      super(
          Defaults.Infer.BATCH_VALUE,
          Defaults.Infer.IMGSZ_VALUE,
          Defaults.Infer.WARMUP_VALUE,
          Defaults.Infer.REPEAT_VALUE);
    }

    /**
     * Sets an image, a directory of images or a dataset, or null for the sample.
     *
     * @param v an image, a directory of images or a dataset, or null for the sample
     * @return this builder
     */
    public Builder source(Path v) {
      source = v;
      return this;
    }

    /**
     * Sets whether to run in float16.
     *
     * @param v whether to run in float16
     * @return this builder
     */
    public Builder half(boolean v) {
      half = v;
      return this;
    }

    /**
     * Sets the mixed-precision type: float16 or bfloat16.
     *
     * @param v the mixed-precision type: float16 or bfloat16
     * @return this builder
     */
    public Builder ampDtype(String v) {
      ampDtype = v;
      return this;
    }

    /**
     * Sets measured iterations, per process; null: {@link Defaults.Infer#runs(int)} for the forks.
     *
     * @param v measured iterations per process, or null
     * @return this builder
     */
    public Builder runs(Integer v) {
      runs = v;
      return this;
    }

    /**
     * Sets the processes to measure in (JMH's forks): each a fresh JVM with its own warmup, blocks
     * and canary, one after another; 1 measures in this JVM.
     *
     * @param v forks, 1 to 100
     * @return this builder
     */
    public Builder forks(int v) {
      forks = v;
      return this;
    }

    /**
     * Sets the postprocess thresholds.
     *
     * @param v the postprocess thresholds
     * @return this builder
     */
    public Builder nms(NmsOptions v) {
      nms = v;
      return this;
    }

    /**
     * Sets whether to record a trace.
     *
     * @param v whether to record a trace (or the trace file)
     * @return this builder
     */
    public Builder trace(boolean v) {
      trace = v;
      return this;
    }

    /**
     * Sets the postprocess task: auto, detect or none.
     *
     * @param v the postprocess task: auto, detect or none
     * @return this builder
     */
    public Builder task(Task v) {
      task = v;
      return this;
    }

    /**
     * Null: {@code batch} and {@code imgsz} decide the input.
     *
     * @param v the input shape, or null
     * @return this builder
     */
    public Builder inputShape(InputShape v) {
      inputShape = v;
      return this;
    }

    /**
     * Checks the options: bad input fails here, before any work.
     *
     * @return the checked options
     */
    public InferOptions build() {
      return new InferOptions(
          source,
          weights,
          size,
          batch,
          imgsz,
          half,
          ampDtype,
          warmup,
          runs != null ? runs : Defaults.Infer.runs(forks),
          repeat,
          nms,
          device,
          threads != null ? threads : Engines.defaultThreads(),
          trace,
          project,
          task,
          inputShape,
          forks);
    }
  }

  public InferOptions {
    if (task == null) {
      task = Task.AUTO;
    }
    if (inputShape != null) {
      batch = inputShape.batch();
    }
    if (batch < 1) {
      throw LibreYoloException.badInput("{batch} must be >= 1, got " + batch);
    }
    if (imgsz == 0) {
      // the reference's 0 (the model's native size) measured 640 here without a word
      throw LibreYoloException.badInput(
          "{imgsz} must be a positive multiple of 32, got 0 (the model's native size is 640 for"
              + " every LibreYOLO9: give 640)");
    }
    DetectionPipeline.checkSize("size", imgsz);
    if (warmup < 0) {
      throw LibreYoloException.badInput("{warmup} must be >= 0, got " + warmup);
    }
    if (runs < 2) {
      // the reference silently measures 2 for --runs 1: refused here, so the profile records what
      // ran
      throw LibreYoloException.badInput(
          "{runs} must be >= 2 (half time the latency, half the stage split), got " + runs);
    }
    if (repeat < 1) { // the reference runs one trial for 0: refused, the profile records what ran
      // (docs/deviations.md)
      throw LibreYoloException.badInput(
          "{repeat} must be >= 1 (trials in this process), got " + repeat);
    }
    Engines.checkThreads(threads);
    Forks.check(forks);
    checkInputSize(input(inputShape, batch, imgsz));
    if (forks > 1 && repeat > 1) {
      throw LibreYoloException.badInput(
          "{repeat} "
              + repeat
              + " and {forks} "
              + forks
              + " both repeat the measurement:"
              + " forks (fresh processes) are the independent unit, use {forks} alone");
    }
    ampDtype = normalizeAmpDtype(ampDtype);
    if (half && !device.cuda()) { // auto counts as CUDA until decided; concrete() checks again
      throw LibreYoloException.badInput(
          "{half} needs a CUDA device; on CPU the profile runs in float32");
    }
    if (ampDtype.equals("bfloat16")) {
      // DJL 0.36 aborts the JVM on any BF16 array: refuse before touching the engine, and without
      // --half too (it would be recorded as the workload's precision, and measure float32)
      throw LibreYoloException.badInput(
          "{ampDtype} bfloat16 is not available with DJL 0.36 (BF16 arrays abort"
              + " the engine); use {ampDtype} float16");
    }
  }

  /** Largest input one forward takes: its float buffer must be addressable (2 GiB). */
  private static void checkInputSize(InputShape in) {
    long bytes = (long) in.batch() * 3 * in.height() * in.width() * Float.BYTES;
    if (bytes > Integer.MAX_VALUE) {
      throw LibreYoloException.badInput(
          "the input "
              + in
              + " needs "
              + bytes / (1L << 20)
              + " MiB per forward, more than"
              + " the 2,048 MiB one input buffer holds: lower {imgsz} or {batch}");
    }
  }

  /**
   * These options with {@code auto} decided (CUDA 0 when the engine sees a GPU, else the CPU):
   * producers call it once the engine is up, after every option was checked without it.
   *
   * @return the options with auto resolved
   */
  public InferOptions concrete() {
    return device.auto()
        ? new InferOptions(
            source,
            weights,
            size,
            batch,
            imgsz,
            half,
            ampDtype,
            warmup,
            runs,
            repeat,
            nms,
            Engines.concrete(device),
            threads,
            trace,
            project,
            task,
            inputShape,
            forks)
        : this;
  }

  /**
   * The reference's normalisation: float16/fp16 and bfloat16/bf16, case- and space-insensitive.
   *
   * @param value the value
   * @return the canonical name
   */
  public static String normalizeAmpDtype(String value) {
    String v = value == null ? "float16" : value.trim().toLowerCase(Locale.ROOT);
    return switch (v) {
      case "float16", "fp16" -> "float16";
      case "bfloat16", "bf16" -> "bfloat16";
      default ->
          throw LibreYoloException.badInput(
              "amp_dtype must be one of: bf16, bfloat16, float16, fp16; got '" + value + "'");
    };
  }

  /** The input's height. */
  int inputSize() {
    return input().height();
  }

  /** The network input fed: {@code --input-shape}, else the batch at the square size. */
  InputShape input() {
    return input(inputShape, batch, imgsz);
  }

  private static InputShape input(InputShape inputShape, int batch, int imgsz) {
    return inputShape != null ? inputShape : new InputShape(batch, imgsz, imgsz);
  }

  /** {@return the repeat's trials, at least one} */
  int trials() {
    return Math.max(1, repeat);
  }
}
