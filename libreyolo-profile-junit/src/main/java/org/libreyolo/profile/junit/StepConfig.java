package org.libreyolo.profile.junit;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The settings of one profiled test: the method's {@link ProfiledStep}, else the class's; each
 * overridable by the configuration parameter {@code libreyolo.profile.<name>}.
 */
record StepConfig(String testClass, String method, String name, int warmup, int runs, int repeat, Path baseline,
    double maxRegression, double alpha, boolean trace, int items, boolean updateBaseline, Path outputDirectory) {

  static final String PREFIX = "libreyolo.profile.";

  static StepConfig of(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    Class<?> type = context.getRequiredTestClass();
    ProfiledStep a = method.getAnnotation(ProfiledStep.class);
    if (a == null) {
      a = type.getAnnotation(ProfiledStep.class);
    }
    if (a == null) {
      throw new IllegalStateException("StepProfiler needs @ProfiledStep on the test method or class");
    }
    String className = type.getSimpleName();
    String methodName = method.getName();
    Path baselineDir = Path.of(param(context, "baselineDirectory", s -> s).orElse("src/perf/libreyolo-profile"));
    Path defaultBaseline = baselineDir.resolve(className + "." + methodName + ".json");
    return new StepConfig(className, methodName, a.name().isEmpty() ? methodName : a.name(),
        param(context, "warmup", Integer::parseInt).orElse(a.warmup()),
        param(context, "runs", Integer::parseInt).orElse(a.runs()),
        param(context, "repeat", Integer::parseInt).orElse(a.repeat()),
        a.baseline().isEmpty() ? defaultBaseline : Path.of(a.baseline()),
        param(context, "maxRegression", Double::parseDouble).orElse(a.maxRegression()),
        param(context, "alpha", Double::parseDouble).orElse(a.alpha()),
        param(context, "trace", Boolean::parseBoolean).orElse(a.trace()),
        a.items(),
        param(context, "updateBaseline", Boolean::parseBoolean).orElse(false),
        Path.of(param(context, "outputDirectory", s -> s).orElse("target/libreyolo-profile"))
            .resolve(className).resolve(methodName));
  }

  private static <T> Optional<T> param(ExtensionContext context, String name, Function<String, T> parse) {
    Optional<String> value = context.getConfigurationParameter(PREFIX + name);
    if (value.isEmpty() || value.get().isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(parse.apply(value.get().trim()));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("configuration parameter " + PREFIX + name + "='" + value.get()
          + "' is not valid: " + e.getMessage());
    }
  }

  void validate() {
    if (warmup < 0 || runs < 2 || repeat < 1 || items < 1) {
      throw new IllegalArgumentException("@ProfiledStep needs warmup >= 0, runs >= 2, repeat >= 1 and items >= 1"
          + " (got warmup " + warmup + ", runs " + runs + ", repeat " + repeat + ", items " + items + ")");
    }
    if (!(maxRegression >= 0) || !(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException("@ProfiledStep needs maxRegression >= 0 and 0 < alpha < 1 (got maxRegression "
          + maxRegression + ", alpha " + alpha + ")");
    }
  }
}
