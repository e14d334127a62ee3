package org.libreyolo.profile;

/**
 * Every default the surfaces share, in one place: picocli's {@code defaultValue}, Maven's
 * {@code @Parameter(defaultValue)} and {@code @ProfiledStep}'s attributes all reference these
 * constants, so the CLI, the plugin and the extension cannot drift apart. Text constants exist
 * because annotation attributes take strings; each is derived from its typed value.
 */
public final class Defaults {
  private Defaults() {}

  /**
   * The device default of every surface: CUDA 0 when the engine sees a GPU, else the CPU. The
   * reference defaults to {@code 0} (CUDA); a build runs on whatever machine CI gives it, and one
   * default for the CLI, the plugin and the tests (docs/deviations.md).
   */
  public static final String DEVICE = "auto";
  /** CLI output root; the Maven plugin writes under {@code ${project.build.directory}/libreyolo-profile}. */
  public static final String PROJECT = "runs/profile";
  /** Maven and JUnit output folder name under the build directory. */
  public static final String OUTPUT_FOLDER = "libreyolo-profile";

  /** {@code profile infer} (the reference's defaults). */
  public static final class Infer {
    private Infer() {}

    public static final String BATCH = "1";
    public static final String IMGSZ = "640";
    public static final String HALF = "false";
    public static final String AMP_DTYPE = "float16";
    public static final String WARMUP = "20";
    public static final String RUNS = "100";
    public static final String REPEAT = "1";
    public static final String CONF = "0.25";
    public static final String IOU = "0.45";
    public static final String MAX_DET = "300";
    public static final String TRACE = "true";
    /** Decide from the model's output layout: detection for a YOLO head, a plain model otherwise. */
    public static final String TASK = "auto";
  }

  /** {@code profile run} (the reference's defaults). */
  public static final class Train {
    private Train() {}

    public static final String DATA = "shapes128";
    public static final String BATCH = "16";
    public static final String IMGSZ = "640";
    public static final String WORKERS = "8";
    public static final String AMP = "true";
    public static final String STEPS = "20";
    public static final String WARMUP = "5";
    public static final String REPEAT = "1";
  }

  /**
   * In-job A/B ({@code profile ab}). Many short pairs beat few long ones on a noisy machine: at
   * imgsz 256, 1 thread, A/A runs gave 95% intervals of +-2.5-5% with 30 pairs of 10 iterations
   * and +-1.2-1.5% with 150 pairs of 2 (+-2% under a CPU hog), in about 20 s (docs/statistics.md).
   */
  public static final class Ab {
    private Ab() {}

    public static final String PAIRS = "150";
    public static final String BLOCK_RUNS = "2";
    public static final String WARMUP = "10";
    /** The interval is two-sided at 1 - alpha. */
    public static final String ALPHA = "0.05";
    /** In-job A/B resolves small changes: a 2% slowdown counts. */
    public static final String MAX_REGRESSION = "0.02";
  }

  /** The readers. */
  public static final class Readers {
    private Readers() {}

    public static final String TOP = "20";
    public static final String SORT = "time";
    /** Significance level of compare's statistics block and of comparison reports. */
    public static final String COMPARE_ALPHA = "0.05";
  }

  /** The baseline gate (Maven {@code check}, JUnit). */
  public static final class Gate {
    private Gate() {}

    public static final double ALPHA_VALUE = 0.01;
    public static final String ALPHA = "" + ALPHA_VALUE;
    public static final double MAX_REGRESSION_VALUE = 0.05;
    public static final String MAX_REGRESSION = "" + MAX_REGRESSION_VALUE;
    public static final String METRICS = "img_per_s,latency_p50_ms";
    /**
     * The standard deviation of one run's mean (canary-normalised, log) block time across
     * processes on this project's 2-core CI VMs, from the gate study (docs/statistics.md). A team
     * whose machines are steadier measures theirs with {@code bench/run --only gate} and sets it.
     */
    public static final double PROCESS_NOISE_VALUE = 0.05;
    public static final String PROCESS_NOISE = "" + PROCESS_NOISE_VALUE;
    /** The canary may differ this much between baseline and current run before timing is INCONCLUSIVE. */
    public static final double MACHINE_CHANGE_LIMIT = 1.0;
    /** ... and this much between the blocks of one run. */
    public static final double DRIFT_LIMIT = 1.0;
    /** Baselines live in the repository, beside the sources. */
    public static final String BASELINE_DIRECTORY = "src/perf/libreyolo-profile";
    /** Maven's baseline name for the infer goal's profile. */
    public static final String BASELINE_NAME = "infer";
  }

  /**
   * Blocks and the canary (docs/statistics.md): the measured iterations are timed in blocks of
   * this many, with a few canary calls before the first block and after each one.
   */
  public static final class Blocks {
    private Blocks() {}

    public static final int RUNS_PER_BLOCK = 5;
    public static final int CANARY_RUNS = 3;
  }

  /** JUnit perf tests ({@code @ProfiledStep}). */
  public static final class Step {
    private Step() {}

    public static final int WARMUP = 5;
    public static final int RUNS = 20;
    public static final int REPEAT = 1;
    public static final int ITEMS = 1;
    public static final String UNIT = "items";
    public static final boolean TRACE = false;
    /** Relative to the working directory (the module's base directory under Surefire). */
    public static final String OUTPUT_DIRECTORY = "target/" + OUTPUT_FOLDER;
  }
}
