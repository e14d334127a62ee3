package org.libreyolo.profile;

/**
 * Every default the surfaces share, in one place: picocli's {@code defaultValue}, Maven's
 * {@code @Parameter(defaultValue)} and {@code @ProfiledStep}'s attributes all reference these
 * constants, so the CLI, the plugin and the extension cannot drift apart. A text constant ({@code
 * BATCH}, right below {@code BATCH_VALUE}) is its typed value as text, because annotation
 * attributes and parameter defaults take strings.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Defaults {
  private Defaults() {}

  /**
   * The device default of every surface: CUDA 0 when the engine sees a GPU, else the CPU. The
   * reference defaults to {@code 0} (CUDA); a build runs on whatever machine CI gives it, and one
   * default for the CLI, the plugin and the tests (docs/deviations.md).
   */
  public static final String DEVICE = "auto";

  /**
   * CLI output root; the Maven plugin writes under {@code
   * ${project.build.directory}/libreyolo-profile}.
   */
  public static final String PROJECT = "runs/profile";

  /**
   * Java samples (JDK Flight Recorder) of every measured step, traced or not, plain Java included;
   * {@code -Dlibreyolo.profile.javaSamples=false} switches them off on every surface (the JUnit
   * extension also reads it as a configuration parameter; docs/measurement.md).
   */
  public static final boolean JAVA_SAMPLES_VALUE = true;

  /**
   * A perf test's ({@code @ProfiledStep}) Java samples come from this long of untimed steps after
   * its measured ones, sampled every millisecond (about 770 samples here), where its measured steps
   * would give fewer at the 20 ms period that keeps their timing clean: enough to tell a method
   * made a third slower from its counting error (docs/diff.md). It costs a test about this long.
   */
  public static final double SAMPLED_MS = 1000;

  /** {@code profile infer} (the reference's defaults). */
  public static final class Infer {
    private Infer() {}

    /** The default batch. */
    public static final int BATCH_VALUE = 1;

    public static final String BATCH = "" + BATCH_VALUE;

    /** The default imgsz. */
    public static final int IMGSZ_VALUE = 640;

    public static final String IMGSZ = "" + IMGSZ_VALUE;

    /** The default half. */
    public static final boolean HALF_VALUE = false;

    public static final String HALF = "" + HALF_VALUE;

    /** The default mixed-precision type. */
    public static final String AMP_DTYPE = "float16";

    /** The default warmup. */
    public static final int WARMUP_VALUE = 20;

    public static final String WARMUP = "" + WARMUP_VALUE;

    /** Measured iterations in one process (the reference's default, {@code --forks 1}). */
    public static final int RUNS_VALUE = 100;

    public static final String RUNS = "" + RUNS_VALUE;

    /**
     * Measured iterations per fork when forked: a fork's value is mostly its process's own luck,
     * not its blocks' noise, so more forks of fewer runs narrow the gate's interval most for the
     * time (docs/statistics.md, "Forks").
     */
    public static final int RUNS_PER_FORK_VALUE = 30;

    public static final String RUNS_PER_FORK = "" + RUNS_PER_FORK_VALUE;

    /** The default repeat. */
    public static final int REPEAT_VALUE = 1;

    public static final String REPEAT = "" + REPEAT_VALUE;

    /**
     * Processes measured, one after another (JMH's forks): the process is the unit of evidence
     * (docs/statistics.md, "Forks"). Chosen by measurement so that {@code mvn verify} with infer +
     * check at imgsz 256 stays within 120 s on a 2-core runner (docs/benchmarks.md, "What a fork
     * costs").
     */
    public static final int FORKS_VALUE = 10;

    public static final String FORKS = "" + FORKS_VALUE;

    /**
     * Forks traced, the last ones (9 traced steps each, after the timed ones): the processes a
     * diff's rows take their spread from (docs/diff.md).
     */
    public static final int TRACED_FORKS = 3;

    /**
     * The CLI's {@code profile infer} answers a person asking where the time goes: one process
     * measuring the reference's iterations, in seconds (docs/deviations.md). The gate's producers
     * (Maven {@code infer} / {@code baseline}, {@code --forks N}) keep {@link #FORKS_VALUE}.
     */
    public static final int CLI_FORKS_VALUE = 1;

    public static final String CLI_FORKS = "" + CLI_FORKS_VALUE;

    /**
     * The default measured iterations for a fork count.
     *
     * @param forks the processes measured
     * @return {@link #RUNS_VALUE} in one process, {@link #RUNS_PER_FORK_VALUE} per fork
     */
    public static int runs(int forks) {
      return forks > 1 ? RUNS_PER_FORK_VALUE : RUNS_VALUE;
    }

    /** The default conf. */
    public static final double CONF_VALUE = 0.25;

    public static final String CONF = "" + CONF_VALUE;

    /** The default iou. */
    public static final double IOU_VALUE = 0.45;

    public static final String IOU = "" + IOU_VALUE;

    /** The default max det. */
    public static final int MAX_DET_VALUE = 300;

    public static final String MAX_DET = "" + MAX_DET_VALUE;

    /** The default trace. */
    public static final boolean TRACE_VALUE = true;

    public static final String TRACE = "" + TRACE_VALUE;

    /**
     * Decide from the model's output layout: detection for a YOLO head, a plain model otherwise.
     */
    public static final String TASK = "auto";
  }

  /** {@code profile run} (the reference's defaults). */
  public static final class Train {
    private Train() {}

    /** The default dataset. */
    public static final String DATA = "shapes128";

    /** The default batch. */
    public static final int BATCH_VALUE = 16;

    public static final String BATCH = "" + BATCH_VALUE;

    /** The default imgsz. */
    public static final int IMGSZ_VALUE = 640;

    public static final String IMGSZ = "" + IMGSZ_VALUE;

    /** The default workers. */
    public static final int WORKERS_VALUE = 8;

    public static final String WORKERS = "" + WORKERS_VALUE;

    /** The default amp. */
    public static final boolean AMP_VALUE = true;

    public static final String AMP = "" + AMP_VALUE;

    /** The default steps. */
    public static final int STEPS_VALUE = 20;

    public static final String STEPS = "" + STEPS_VALUE;

    /** The default warmup. */
    public static final int WARMUP_VALUE = 5;

    public static final String WARMUP = "" + WARMUP_VALUE;

    /** The default repeat. */
    public static final int REPEAT_VALUE = 1;

    public static final String REPEAT = "" + REPEAT_VALUE;
  }

  /**
   * In-job A/B ({@code profile ab}). Many short pairs beat few long ones on a noisy machine: at
   * imgsz 256, 1 thread, A/A runs gave 95% intervals of +-2.5-5% with 30 pairs of 10 iterations and
   * +-1.2-1.5% with 150 pairs of 2 (+-2% under a CPU hog), in about 20 s (docs/statistics.md).
   */
  public static final class Ab {
    private Ab() {}

    /** The default pairs. */
    public static final int PAIRS_VALUE = 150;

    public static final String PAIRS = "" + PAIRS_VALUE;

    /** The default block runs. */
    public static final int BLOCK_RUNS_VALUE = 2;

    public static final String BLOCK_RUNS = "" + BLOCK_RUNS_VALUE;

    /** The default warmup. */
    public static final int WARMUP_VALUE = 10;

    public static final String WARMUP = "" + WARMUP_VALUE;

    /**
     * The longest wait, ms, before an A/B's pairs for the JIT to go quiet (alternating blocks
     * meanwhile): pairs that begin while it still compiles compare one arm's compiled code with the
     * other's interpreted code. Every in-job A/B settles: two weights, two implementations, two
     * versions in a shared JVM (docs/versions.md, "Both copies warmed").
     */
    public static final double SETTLE_MS_VALUE = 5000;

    /** The interval is two-sided at 1 - alpha. */
    public static final double ALPHA_VALUE = 0.05;

    public static final String ALPHA = "" + ALPHA_VALUE;

    /** In-job A/B resolves small changes: a 2% slowdown counts. */
    public static final double MAX_REGRESSION_VALUE = 0.02;

    public static final String MAX_REGRESSION = "" + MAX_REGRESSION_VALUE;

    /**
     * Looks at the pairs (after a quarter, a half, three quarters, all): a clear change stops at
     * the first, a close call runs to the last, whose interval is within about 1% of a fixed-length
     * A/B's (docs/statistics.md, "Stopping when decided").
     */
    public static final int LOOKS_VALUE = 4;

    public static final String LOOKS = "" + LOOKS_VALUE;
  }

  /**
   * The A/B across versions ({@code ab} with a baseline version): the module's perf tests in
   * alternating forks of the baseline's class path and this build's, judged by the fork gate
   * (docs/versions.md). Both sides share the job, so no job noise enters the interval.
   */
  public static final class Versions {
    private Versions() {}

    /**
     * Forks per side (each runs every perf test of the module once). Chosen so that a module with
     * three perf tests finishes within 3 minutes on a 2-core runner (docs/benchmarks.md, "The A/B
     * across versions").
     */
    public static final int FORKS_VALUE = 8;

    public static final String FORKS = "" + FORKS_VALUE;

    /**
     * Where the two sides run: {@code auto} (both in one JVM wherever their class paths allow it,
     * forks for the rest) or {@code forks}.
     */
    public static final String MODE = "auto";

    /**
     * The shortest block of the pairs in one JVM, ms: a step faster than this runs more iterations
     * per block, so a block's median is not one timer tick's worth of noise.
     */
    public static final double BLOCK_MS_VALUE = 20;

    /**
     * JVMs holding both versions per A/B, the pairs spread over them: each JVM can compile the two
     * copies of a class differently, so the verdict's unit is the JVM (docs/versions.md, "How many
     * JVMs").
     */
    public static final int JVMS_VALUE = 6;

    public static final String JVMS = "" + JVMS_VALUE;

    /**
     * How often the A/B looks at its JVMs ({@code abLooks}): after {@link #JVMS_VALUE}, and once
     * more after as many again for a step still undecided that they could decide ({@link
     * #FUTILITY_POWER}); its forks the same, by {@link #FORKS_VALUE} a side. A decided step costs
     * what it did; an undecided one gets a second chance instead of an INCONCLUSIVE
     * (docs/statistics.md, "Looks across versions").
     */
    public static final int LOOKS_VALUE = 2;

    public static final String LOOKS = "" + LOOKS_VALUE;

    /**
     * The most rounds of the check against each side alone, one JVM of each side a round: a round
     * more only while a step's difference is beyond the threshold but within the noise; the level
     * is split over them (docs/versions.md, "As it runs alone").
     */
    public static final int SOLO_ROUNDS = 3;

    /**
     * More measuring is done only where it could decide with at least this probability (below it,
     * more is futile): a round more of the check against each side alone, should the step's true
     * difference be the present estimate (could it call the step distorted?), and the JVMs of a
     * look more, by the present estimate and its uncertainty (could the last look's verdict be
     * REGRESSION, IMPROVED or PASS? {@code Looks.chanceToDecide}).
     */
    public static final double FUTILITY_POWER = 0.10;
  }

  /** The readers. */
  public static final class Readers {
    private Readers() {}

    /** The default top. */
    public static final int TOP_VALUE = 20;

    public static final String TOP = "" + TOP_VALUE;

    /** The kernels reader's default order. */
    public static final String SORT = "time";

    /** Significance level of compare's statistics block and of comparison reports. */
    public static final double COMPARE_ALPHA_VALUE = 0.05;

    public static final String COMPARE_ALPHA = "" + COMPARE_ALPHA_VALUE;
  }

  /** The baseline gate (Maven {@code check}, JUnit). */
  public static final class Gate {
    private Gate() {}

    /**
     * An infer baseline whose model is kept beside it is measured again beside the current model in
     * the job, and that pairing decides (docs/maven.md, "Re-measured in the job").
     */
    public static final String REMEASURE = "true";

    /**
     * The shortest block, ms, of a re-measuring pairing: a model of a fraction of a millisecond
     * gets as many calls a block as make it this long, so one descheduled call does not decide a
     * pair (blocks of 2 calls of a 0.45 ms model gave an A/A interval of -18%..+4%).
     */
    public static final double REMEASURE_BLOCK_MS_VALUE = 20;

    /** The default alpha. */
    public static final double ALPHA_VALUE = 0.01;

    public static final String ALPHA = "" + ALPHA_VALUE;

    /** The default max regression. */
    public static final double MAX_REGRESSION_VALUE = 0.05;

    public static final String MAX_REGRESSION = "" + MAX_REGRESSION_VALUE;

    /** The gated metrics. */
    public static final String METRICS = "img_per_s,latency_p50_ms";

    /**
     * The standard deviation of one run's mean (canary-normalised, log) block time across processes
     * on this project's 2-core CI VMs, from the gate study (docs/statistics.md). A team whose
     * machines are steadier measures theirs with {@code libreyolo-profile-bench/bench/run --only
     * gate} and sets it.
     */
    public static final double PROCESS_NOISE_VALUE = 0.05;

    public static final String PROCESS_NOISE = "" + PROCESS_NOISE_VALUE;

    /**
     * The standard deviation of a forked run's mean (canary-normalised, log) block value between
     * jobs beyond what its forks' own spread explains: the machine's state during a job (a busy
     * neighbour slows the canary more than a larger step) is shared by all its forks. Measured by
     * the gate study (docs/statistics.md, "Forks"); every forked side adds it to the interval.
     */
    public static final double JOB_NOISE_VALUE = 0.02;

    public static final String JOB_NOISE = "" + JOB_NOISE_VALUE;

    /**
     * The canary may differ this much between baseline and current run before timing is
     * INCONCLUSIVE.
     */
    public static final double MACHINE_CHANGE_LIMIT = 1.0;

    /** ... and this much between the blocks of one run. */
    public static final double DRIFT_LIMIT = 1.0;

    /** Baselines live in the repository, beside the sources. */
    public static final String BASELINE_DIRECTORY = "src/perf/libreyolo-profile";

    /** Maven's baseline name for the infer goal's profile. */
    public static final String BASELINE_NAME = "infer";
  }

  /** JUnit perf tests ({@code @ProfiledStep}). */
  public static final class Step {
    private Step() {}

    /** Discarded iterations. */
    public static final int WARMUP = 5;

    /** Measured iterations. */
    public static final int RUNS = 20;

    /** Trials in one process. */
    public static final int REPEAT = 1;

    /**
     * Processes: in-process by default, since a fork of a perf test starts a JVM and runs the
     * test's fixtures again; a suite opts in (docs/junit.md, "Forks in perf tests").
     */
    public static final int FORKS = 1;

    /** Items one iteration processes. */
    public static final int ITEMS = 1;

    /** What one item is called in the throughput. */
    public static final String UNIT = "items";

    /** Whether a trace is recorded by default. */
    public static final boolean TRACE = false;

    /** Relative to the working directory (the module's base directory under Surefire). */
    public static final String OUTPUT_DIRECTORY = "target/" + OutputFiles.FOLDER;
  }

  /** The run history (docs/history.md). */
  public static final class History {
    private History() {}

    /**
     * The history's default file, under the user's home: one store for every project of a runner.
     */
    public static final String FILE = ".libreyolo/profile-history.db";

    /**
     * The default JDBC URL: the embedded SQLite file {@link #FILE} under {@code user.home}.
     *
     * @return {@code jdbc:sqlite:<home>/.libreyolo/profile-history.db}
     */
    public static String url() {
      return "jdbc:sqlite:" + java.nio.file.Path.of(System.getProperty("user.home")).resolve(FILE);
    }

    /** The branch whose runs are the history a change is judged against. */
    public static final String BRANCH = "main";

    /** Runs on either side of a candidate change point the detector looks at (Otava's window). */
    public static final int WINDOW_VALUE = 50;

    public static final String WINDOW = "" + WINDOW_VALUE;

    /** The detector's significance level per change point (Otava's default). */
    public static final double P_VALUE_VALUE = 0.001;

    public static final String P_VALUE = "" + P_VALUE_VALUE;

    /** The smallest change reported, a fraction: 0 reports every significant change. */
    public static final double MIN_MAGNITUDE_VALUE = 0.0;

    public static final String MIN_MAGNITUDE = "" + MIN_MAGNITUDE_VALUE;

    /**
     * The fewest runs a segment between change points holds: one or two outlying runs never make a
     * segment of their own (docs/history.md, "Outliers").
     */
    public static final int MIN_SEGMENT = 5;

    /** Runs of the history the gate judges a run against: the last ones of the current level. */
    public static final int GATE_RUNS_VALUE = 30;

    public static final String GATE_RUNS = "" + GATE_RUNS_VALUE;

    /**
     * Fewer runs than this at the current level: the gate falls back to the stored baseline and
     * says so.
     */
    public static final int GATE_MIN_RUNS = 10;

    /** The fraction trimmed from each end of a segment for the change-point test (Yuen's 20%). */
    public static final double TRIM = 0.2;

    /**
     * CSV columns that are attributes, not metrics, unless named otherwise: Otava's and every text
     * column {@code history export} writes, so an export imports back as it is.
     */
    public static final String ATTRIBUTES = "commit,branch,version,weights_sha256,profile_sha256";
  }
}
