package org.libreyolo.profile.junit;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.libreyolo.profile.Api;

/**
 * Injects a {@link StepProfiler} configured from {@link ProfiledStep} and configuration parameters,
 * skips perf tests under {@code libreyolo.profile.skip=true}, and fails a {@code @ProfiledStep}
 * test that never measured (it would otherwise pass having guarded nothing).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class ProfileExtension
    implements ParameterResolver, ExecutionCondition, AfterTestExecutionCallback {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(ProfileExtension.class);
  private static final String PROFILER = "profiler";

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    boolean skip =
        context
            .getConfigurationParameter(StepConfig.PREFIX + "skip")
            .map(v -> v.strip().equals("true"))
            .orElse(false);
    return skip
        ? ConditionEvaluationResult.disabled(StepConfig.PREFIX + "skip=true: perf tests skipped")
        : ConditionEvaluationResult.enabled("perf tests on");
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == StepProfiler.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    StepConfig config;
    try {
      config = StepConfig.of(context);
      config.validate();
    } catch (IllegalArgumentException e) {
      throw OneLine.configuration(
          context.getRequiredTestClass().getSimpleName()
              + "."
              + context.getRequiredTestMethod().getName()
              + ": "
              + e.getMessage());
    }
    MeasuringStepProfiler profiler = new MeasuringStepProfiler(config, context);
    context.getStore(NAMESPACE).put(PROFILER, profiler);
    return profiler;
  }

  @Override
  public void afterTestExecution(ExtensionContext context) {
    if (context.getExecutionException().isPresent() || context.getTestMethod().isEmpty()) {
      return;
    }
    Method method = context.getRequiredTestMethod();
    boolean annotated = AnnotationSupport.isAnnotated(method, ProfiledStep.class);
    boolean takesProfiler =
        Arrays.stream(method.getParameterTypes()).anyMatch(t -> t == StepProfiler.class);
    String test = context.getRequiredTestClass().getSimpleName() + "." + method.getName();
    if (annotated && !takesProfiler) {
      throw new AssertionError(
          "@ProfiledStep test "
              + test
              + " takes no StepProfiler parameter, so nothing was"
              + " measured: add one (void "
              + method.getName()
              + "(StepProfiler profiler)) and call profiler.measure(...)");
    }
    MeasuringStepProfiler profiler =
        context.getStore(NAMESPACE).get(PROFILER, MeasuringStepProfiler.class);
    if (takesProfiler && (profiler == null || !profiler.used())) {
      throw new AssertionError(
          "@ProfiledStep test "
              + test
              + " never called measure(...) or compare(...) on its"
              + " StepProfiler, so nothing was measured");
    }
  }
}
