package org.libreyolo.profile.junit;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.Option;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.GateOptions;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.gate.StepLayout;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.produce.StepOptions;

/**
 * The settings of one profiled test: each attribute from the method's {@link ProfiledStep}, else
 * the class's, else an enclosing class's, else the defaults; then overridden by the configuration
 * parameter {@code libreyolo.profile.<name>}.
 */
record StepConfig(
    String testClass,
    String method,
    String name,
    int warmup,
    int runs,
    int repeat,
    Path baseline,
    double maxRegression,
    double alpha,
    double processNoise,
    double jobNoise,
    boolean failOnInconclusive,
    boolean trace,
    boolean javaSamples,
    int items,
    String unit,
    int threads,
    boolean updateBaseline,
    boolean deferToCheck,
    Path outputDirectory,
    AbResult.Settings ab,
    Files files,
    int forks,
    Fork fork,
    History history) {

  /**
   * The run history (docs/history.md): its JDBC URL ({@code libreyolo.profile.history}, null when
   * unset), the branch judged against ({@code historyBranch}) and whether this run is recorded
   * ({@code recordHistory}; null: when the build's branch is that branch).
   */
  record History(String url, String branch, Boolean record) {}

  /**
   * This test's place in a forked measurement: in the parent, its unique id and the parameters a
   * fork gets; in a fork ({@code inFork}), measure only, into the fork's folder; in a JVM holding
   * both sides of an A/B across versions, the side this test runs on ({@code pairedSide}, else
   * null).
   */
  record Fork(
      boolean inFork,
      String uniqueId,
      java.util.Map<String, String> parameters,
      String pairedSide,
      double sampledMs,
      int soloPairs) {}

  /**
   * Set by the parent on every fork but the last: {@code false}, no sampled steps, since the merged
   * profile keeps the last fork's Java samples (internal).
   */
  static final String SAMPLED_STEPS = "sampledSteps";

  /** Set by the parent on each fork: the folder the fork writes its profiles under (internal). */
  static final String FORK_OUTPUT = "forkOutput";

  /**
   * Set by a JVM holding both sides of an A/B across versions on each side's tests: {@code
   * baseline} or {@code candidate} (internal).
   */
  static final String PAIRED_SIDE = "pairedSide";

  /**
   * Set by an A/B across versions on the JVM of one side alone that checks its shared JVMs: after
   * its profile, the step's blocks back to back, this many pairs (internal; docs/versions.md, "As
   * it runs alone").
   */
  static final String SOLO_PAIRS = "soloPairs";

  /**
   * The parameters a fork inherits (the rest come from system properties and
   * junit-platform.properties).
   */
  static final List<String> INHERITED =
      List.of(
          "warmup",
          "runs",
          "repeat",
          "maxRegression",
          "alpha",
          "processNoise",
          "jobNoise",
          "failOnInconclusive",
          "trace",
          "javaSamples",
          "sampledMs",
          "threads",
          "baselineDirectory",
          "pairs",
          "blockRuns",
          "abAlpha",
          "abMaxRegression",
          "looks");

  /**
   * Where this test's steps keep their files: the layout, the fully qualified class and the test's
   * key.
   */
  record Files(StepLayout layout, String className, String key) {}

  private static final java.util.regex.Pattern STEP_NAME =
      java.util.regex.Pattern.compile("[A-Za-z0-9_-]+");

  /**
   * The same test's step {@code step}: its own profile and baseline ({@code <key>.<step>}), the
   * other settings shared.
   */
  StepConfig named(String step) {
    if (step == null || !STEP_NAME.matcher(step).matches()) {
      throw new IllegalArgumentException(
          "step name '"
              + step
              + "' in "
              + testClass
              + "."
              + method
              + ": use letters, digits, '_' or '-'");
    }
    String key = files.key() + "." + step;
    return new StepConfig(
        testClass,
        method,
        step,
        warmup,
        runs,
        repeat,
        files.layout().baseline(files.className(), key),
        maxRegression,
        alpha,
        processNoise,
        jobNoise,
        failOnInconclusive,
        trace,
        javaSamples,
        items,
        unit,
        threads,
        updateBaseline,
        deferToCheck,
        files.layout().directory(files.className(), key),
        ab,
        files,
        forks,
        fork,
        history);
  }

  static final String PREFIX = org.libreyolo.profile.Properties.PREFIX;

  static StepConfig of(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    Class<?> type = context.getRequiredTestClass();
    Levels a = Levels.of(method, type);
    String className = type.getSimpleName();
    String methodName = method.getName();
    // files are keyed by the fully qualified class and, for a parameterized or repeated test, the
    // invocation: two ForwardPerfTest classes or two invocations never share a profile or baseline
    String key = methodName + invocation(context);
    Optional<String> forkOutput = param(context, FORK_OUTPUT, s -> s);
    StepLayout layout =
        new StepLayout(
            Path.of(
                forkOutput
                    .or(() -> param(context, "outputDirectory", s -> s))
                    .orElse(Defaults.Step.OUTPUT_DIRECTORY)),
            Path.of(
                param(context, "baselineDirectory", s -> s)
                    .orElse(Defaults.Gate.BASELINE_DIRECTORY)));
    int warmup =
        param(context, "warmup", Integer::parseInt)
            .orElse(a.integer(ProfiledStep::warmup, Defaults.Step.WARMUP));
    String baseline = a.text(ProfiledStep::baseline, "");
    return new StepConfig(
        className,
        methodName,
        a.text(ProfiledStep::name, methodName),
        warmup,
        param(context, "runs", Integer::parseInt)
            .orElse(a.integer(ProfiledStep::runs, Defaults.Step.RUNS)),
        param(context, "repeat", Integer::parseInt)
            .orElse(a.integer(ProfiledStep::repeat, Defaults.Step.REPEAT)),
        baseline.isEmpty() ? layout.baseline(type.getName(), key) : Path.of(baseline),
        param(context, "maxRegression", Double::parseDouble)
            .orElse(a.real(ProfiledStep::maxRegression, Defaults.Gate.MAX_REGRESSION_VALUE)),
        param(context, "alpha", Double::parseDouble)
            .orElse(a.real(ProfiledStep::alpha, Defaults.Gate.ALPHA_VALUE)),
        param(context, "processNoise", Double::parseDouble)
            .orElse(Defaults.Gate.PROCESS_NOISE_VALUE),
        param(context, "jobNoise", Double::parseDouble).orElse(Defaults.Gate.JOB_NOISE_VALUE),
        param(context, "failOnInconclusive", org.libreyolo.profile.Properties::parseSwitch)
            .orElse(false),
        param(context, "trace", org.libreyolo.profile.Properties::parseSwitch).orElse(a.trace()),
        param(context, "javaSamples", org.libreyolo.profile.Properties::parseSwitch)
            .orElse(org.libreyolo.profile.Properties.javaSamples()),
        a.integer(ProfiledStep::items, Defaults.Step.ITEMS),
        a.text(ProfiledStep::unit, Defaults.Step.UNIT).strip(),
        param(context, "threads", Integer::parseInt).orElse(a.integer(ProfiledStep::threads, 0)),
        param(context, "updateBaseline", org.libreyolo.profile.Properties::parseSwitch)
            .orElse(false),
        param(context, "deferToCheck", org.libreyolo.profile.Properties::parseSwitch).orElse(false),
        layout.directory(type.getName(), key),
        new AbResult.Settings(
            warmup,
            param(context, "pairs", Integer::parseInt).orElse(Defaults.Ab.PAIRS_VALUE),
            param(context, "blockRuns", Integer::parseInt).orElse(Defaults.Ab.BLOCK_RUNS_VALUE),
            param(context, "abAlpha", Double::parseDouble).orElse(Defaults.Ab.ALPHA_VALUE),
            param(context, "abMaxRegression", Double::parseDouble)
                .orElse(Defaults.Ab.MAX_REGRESSION_VALUE),
            param(context, "looks", Integer::parseInt).orElse(Defaults.Ab.LOOKS_VALUE)),
        new Files(layout, type.getName(), key),
        forkOutput.isPresent()
            ? 1
            : param(context, "forks", Integer::parseInt)
                .orElse(a.integer(ProfiledStep::forks, Defaults.Step.FORKS)),
        new Fork(
            forkOutput.isPresent(),
            context.getUniqueId(),
            inherited(context),
            param(context, PAIRED_SIDE, s -> s).orElse(null),
            param(context, SAMPLED_STEPS, org.libreyolo.profile.Properties::parseSwitch)
                    .orElse(true)
                ? param(context, "sampledMs", StepConfig::sampledMs).orElse(Defaults.SAMPLED_MS)
                : 0,
            param(context, SOLO_PAIRS, Integer::parseInt).orElse(0)),
        new History(
            param(context, "history", s -> s).orElse(null),
            param(context, "historyBranch", s -> s).orElse(Defaults.History.BRANCH),
            param(context, "recordHistory", org.libreyolo.profile.Properties::parseSwitch)
                .orElse(null)));
  }

  private static java.util.Map<String, String> inherited(ExtensionContext context) {
    java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
    for (String name : INHERITED) {
      context.getConfigurationParameter(PREFIX + name).ifPresent(v -> out.put(PREFIX + name, v));
    }
    return out;
  }

  /**
   * The annotations that apply, nearest first: the method's, the class's, then enclosing classes'
   * (a {@code @Nested} class sees its outer class's). Each attribute takes the first level that set
   * it.
   */
  record Levels(List<ProfiledStep> nearestFirst) {
    static Levels of(Method method, Class<?> type) {
      List<ProfiledStep> levels = new ArrayList<>();
      AnnotationSupport.findAnnotation(method, ProfiledStep.class).ifPresent(levels::add);
      for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
        AnnotationSupport.findAnnotation(c, ProfiledStep.class).ifPresent(levels::add);
      }
      if (levels.isEmpty()) {
        throw new IllegalStateException(
            "StepProfiler needs @ProfiledStep on the test method or class");
      }
      return new Levels(levels);
    }

    int integer(ToIntFunction<ProfiledStep> attribute, int fallback) {
      return nearestFirst.stream()
          .mapToInt(attribute)
          .filter(v -> v != ProfiledStep.UNSET)
          .findFirst()
          .orElse(fallback);
    }

    double real(ToDoubleFunction<ProfiledStep> attribute, double fallback) {
      return nearestFirst.stream()
          .mapToDouble(attribute)
          .filter(v -> !Double.isNaN(v))
          .findFirst()
          .orElse(fallback);
    }

    String text(Function<ProfiledStep, String> attribute, String fallback) {
      return nearestFirst.stream()
          .map(attribute)
          .filter(v -> !v.isBlank())
          .findFirst()
          .orElse(fallback);
    }

    boolean trace() {
      return nearestFirst.stream().anyMatch(ProfiledStep::trace);
    }
  }

  /**
   * {@code [<display name>]} for an invocation of a parameterized or repeated test, file-name safe;
   * empty for a plain test.
   */
  static String invocation(ExtensionContext context) {
    if (!context.getUniqueId().contains("-invocation:#")) {
      return "";
    }
    return "[" + context.getDisplayName().replaceAll("[^A-Za-z0-9._=,-]+", "_") + "]";
  }

  private static <T> Optional<T> param(
      ExtensionContext context, String name, Function<String, T> parse) {
    Optional<String> value = context.getConfigurationParameter(PREFIX + name);
    if (value.isEmpty() || value.get().isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(parse.apply(value.get().trim()));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "configuration parameter "
              + PREFIX
              + name
              + "='"
              + value.get()
              + "' is not valid: "
              + e.getMessage());
    }
  }

  /** A {@code sampledMs} value: milliseconds, at least 0 (0: the measured steps are sampled). */
  private static double sampledMs(String value) {
    double ms = Double.parseDouble(value);
    if (!(ms >= 0) || Double.isInfinite(ms)) {
      throw new IllegalArgumentException("milliseconds of sampled steps, at least 0");
    }
    return ms;
  }

  GateOptions gateOptions() {
    return GateOptions.given(alpha, maxRegression, null, processNoise, jobNoise);
  }

  /** The core's checks (the same as every surface's), worded for the annotation. */
  void validate() {
    try {
      gateOptions();
      options("cpu", -1, null, org.libreyolo.profile.options.Progress.NONE);
      int cores = Runtime.getRuntime().availableProcessors();
      if (threads < 0 || threads > cores) { // more threads than cores measure their contention
        throw LibreYoloException.badInput(
            "{threads} must be within 0.."
                + cores
                + " (0: the engine's default; "
                + cores
                + " cores on this machine), got "
                + threads);
      }
      GateOptions.checkAlpha(ab.alpha(), "abAlpha");
      GateOptions.checkMaxRegression(ab.maxRegression(), "abMaxRegression");
      PairedBlocks.checkPairs(ab.pairs()); // the one check of every surface's A/B
      if (ab.blockRuns() < 1) {
        throw LibreYoloException.badInput("{blockRuns} must be >= 1, got " + ab.blockRuns());
      }
      org.libreyolo.profile.gate.Looks.checkCount(ab.looks());
      ChildJvms.check(forks);
      if (updateBaseline
          && !fork.inFork()) { // a baseline is only worth recording if the gate can judge it
        GateRun.requireJudgeable(runs, repeat, forks);
      }
    } catch (LibreYoloException e) {
      throw new IllegalArgumentException("@ProfiledStep: " + words(e));
    }
  }

  /** What core's step profiler needs, with the device and model parameters the test named. */
  StepOptions options(
      String device,
      long modelParams,
      org.libreyolo.profile.produce.DeployedModel runsOn,
      org.libreyolo.profile.options.Progress progress) {
    return StepOptions.builder(name, testClass + "." + method)
        .warmup(warmup)
        .runs(runs)
        .repeat(repeat)
        .trace(trace)
        .javaSamples(javaSamples)
        // a side of an A/B across versions takes its samples from its blocks of the pairs
        .sampledMs(fork.pairedSide() == null ? fork.sampledMs() : 0)
        .progress(progress)
        .items(items)
        .unit(unit)
        .outputDirectory(outputDirectory)
        .device(device)
        .modelParams(modelParams)
        .runsOn(runsOn)
        .build();
  }

  /**
   * A core error in the extension's words: options named as {@code @ProfiledStep} attributes /
   * parameters.
   */
  static String words(LibreYoloException e) {
    return e.message(Option.Surface.JUNIT);
  }
}
