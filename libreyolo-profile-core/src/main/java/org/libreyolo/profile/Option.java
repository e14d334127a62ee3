package org.libreyolo.profile;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every option a core error can name, with its name on each surface: core writes {@code {key}}
 * (e.g. {@code "{maxDet} must be >= 1"}) and each surface renders the key in its own terms, the CLI
 * as {@code --max-det}, the Maven plugin and the JUnit extension as {@code maxDet}. One table, so a
 * message never names a flag the user cannot type.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public enum Option {
  /** Record a profile the history holds already. */
  AGAIN("again"),
  /** The significance level of the stored-baseline gate and the readers' compare. */
  ALPHA("alpha"),
  /** The A/B's significance level: {@code profile ab --alpha}. */
  AB_ALPHA("abAlpha", "--alpha"),
  /** The A/B's threshold: {@code profile ab --max-regression}. */
  AB_MAX_REGRESSION("abMaxRegression", "--max-regression"),
  /** Mixed precision in training. */
  AMP("amp"),
  /** The mixed-precision type. */
  AMP_DTYPE("ampDtype"),
  /** The A/B's baseline weights. */
  BASELINE_WEIGHTS("baselineWeights"),
  /** The stored baseline a gate judges against (the CLI's {@code check} takes it first). */
  BASELINE("baseline", "the baseline", "baseline", "baseline"),
  /** Images per forward or per training step. */
  BATCH("batch"),
  /**
   * Forks per side of the A/B across versions (the Maven {@code ab} goal with a baseline version).
   */
  AB_FORKS("abForks"),
  /** Where the two sides of the A/B across versions run: shared JVMs where they fit, or forks. */
  AB_MODE("abMode"),
  /** JVMs holding both versions in the A/B across versions: the verdict's unit. */
  AB_JVMS("abJvms"),
  /** How often the A/B across versions looks at its JVMs, adding JVMs for a step undecided. */
  AB_LOOKS("abLooks"),
  /** The perf tests an A/B across versions or a bisect compares. */
  TESTS("tests"),
  /** The bisect's last version known good. */
  GOOD("good"),
  /** The bisect's version known slower. */
  BAD("bad"),
  /** Iterations per A/B block. */
  BLOCK_RUNS("blockRuns"),
  /** How often an in-job A/B looks at its pairs and stops once decided. */
  LOOKS("looks"),
  /** The confidence threshold. */
  CONF("conf"),
  /** The device to run on. */
  DEVICE("device"),
  /** The run history's JDBC URL. */
  HISTORY("history"),
  /** A history series' name. */
  SERIES("series"),
  /** A history series' metric. */
  METRIC("metric"),
  /** The metrics the stored-baseline gate judges. */
  METRICS("metrics"),
  /** The commit a history run measured. */
  COMMIT("commit"),
  /** The branch a history run belongs to. */
  BRANCH("branch"),
  /** The change-point detector's window, in runs. */
  WINDOW("window"),
  /** The change-point detector's significance level. */
  P_VALUE("pValue"),
  /** The change-point detector's smallest change reported, a fraction. */
  MIN_MAGNITUDE("minMagnitude"),
  /** CSV columns read as attributes, not metrics. */
  ATTRIBUTES("attributes"),
  /** The kernels reader's name filter. */
  GREP("grep"),
  /** Float16 inference. */
  HALF("half"),
  /** The input size. */
  IMGSZ("imgsz"),
  /** A plain model's input shape. */
  INPUT_SHAPE("inputShape"),
  /** The NMS IoU threshold. */
  IOU("iou"),
  /** The per-image detection cap. */
  MAX_DET("maxDet"),
  /** The stored-baseline gate's threshold. */
  MAX_REGRESSION("maxRegression"),
  /** The class count. */
  NC("nc"),
  /** A/B pairs. */
  PAIRS("pairs"),
  /** The noise between jobs a forked run's forks cannot see. */
  JOB_NOISE("jobNoise"),
  /** The between-process noise the gate assumes. */
  PROCESS_NOISE("processNoise"),
  /** Where a producer writes. */
  PROJECT("project", "--project", "outputDirectory", "outputDirectory"),
  /** What-if: a category to remove. */
  REMOVE_CATEGORY("removeCategory"),
  /** What-if: launches to remove. */
  REMOVE_LAUNCHES("removeLaunches"),
  /** Trials in one process. */
  REPEAT("repeat"),
  /** Measured iterations. */
  RUNS("runs"),
  /** Processes measured, one after another. */
  FORKS("forks"),
  /** The output format of a check, a summary or an A/B ({@code report.Format}). */
  FORMAT("format"),
  /** The model size. */
  SIZE("size"),
  /** The order of the kernel rows: time, count or name. */
  SORT("sort"),
  /** Training steps. */
  STEPS("steps"),
  /** The postprocess task. */
  TASK("task"),
  /** Intra-op threads. */
  THREADS("threads"),
  /** Rows a reader shows. */
  TOP("top"),
  /** Discarded iterations. */
  WARMUP("warmup"),
  /** The model's weights. */
  WEIGHTS("weights"),
  /** Data-loading threads. */
  WORKERS("workers");

  /** Where a message is read. */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public enum Surface {
    /** Core's own words: the key itself. */
    CORE,
    /** The command line: POSIX flags. */
    CLI,
    /** The Maven plugin: parameter names. */
    MAVEN,
    /**
     * The JUnit extension: {@code @ProfiledStep} attributes and {@code libreyolo.profile.*}
     * parameters.
     */
    JUNIT
  }

  private static final Pattern REFERENCE = Pattern.compile("\\{([a-z][A-Za-z0-9]*)\\}");
  private static final Map<String, Option> BY_KEY = new TreeMap<>();

  static {
    for (Option o : values()) {
      BY_KEY.put(o.key, o);
    }
  }

  private final String key;
  private final String flag;
  private final String parameter;
  private final String attribute;

  Option(String key) {
    this(key, kebab(key), key, key);
  }

  Option(String key, String flag) {
    this(key, flag, key, key);
  }

  Option(String key, String flag, String parameter, String attribute) {
    this.key = key;
    this.flag = flag;
    this.parameter = parameter;
    this.attribute = attribute;
  }

  /**
   * The neutral key core writes as {@code {key}}.
   *
   * @return the key, e.g. {@code maxDet}
   */
  public String key() {
    return key;
  }

  /**
   * The option's name on a surface.
   *
   * @param surface where the message is read
   * @return e.g. {@code --max-det} on the CLI, {@code maxDet} in Maven
   */
  public String on(Surface surface) {
    return switch (surface) {
      case CORE -> key;
      case CLI -> flag;
      case MAVEN -> parameter;
      case JUNIT -> attribute;
    };
  }

  /**
   * A message with every {@code {key}} of this table in the surface's words; any other braces stay.
   *
   * @param template the message as core wrote it
   * @param surface where it is read; null keeps the keys (a fork hands its message to its parent)
   * @return the rendered message
   */
  public static String render(String template, Surface surface) {
    if (template == null || surface == null || template.indexOf('{') < 0) {
      return template;
    }
    Matcher m = REFERENCE.matcher(template);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      Option o = BY_KEY.get(m.group(1));
      m.appendReplacement(out, Matcher.quoteReplacement(o == null ? m.group() : o.on(surface)));
    }
    m.appendTail(out);
    return out.toString();
  }

  private static String kebab(String key) {
    return "--" + key.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
  }
}
