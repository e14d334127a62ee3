package org.libreyolo.profile.junit;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.Properties;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.history.History;
import org.libreyolo.profile.produce.CustomStepProfiler;

/**
 * Injects a {@link StepProfiler} configured from {@link ProfiledStep} and configuration parameters,
 * skips perf tests under {@code libreyolo.profile.skip=true}, and fails a {@code @ProfiledStep}
 * test that never measured (it would otherwise pass having guarded nothing).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class ProfileExtension
    implements ParameterResolver,
        ExecutionCondition,
        AfterTestExecutionCallback,
        InvocationInterceptor {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(ProfileExtension.class);
  private static final String PROFILER = "profiler";

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    boolean skip =
        context
            .getConfigurationParameter(StepConfig.PREFIX + "skip")
            .filter(v -> !v.isBlank())
            .map(ProfileExtension::skipSwitch)
            .orElse(false);
    if (skip) {
      return ConditionEvaluationResult.disabled(
          StepConfig.PREFIX + "skip=true: perf tests skipped");
    }
    if (UNKNOWN_SAID.compareAndSet(false, true)) {
      Properties.unknown(System.getProperties())
          .forEach(w -> System.out.println("[libreyolo-profile] warning: " + w));
    }
    return ConditionEvaluationResult.enabled("perf tests on");
  }

  private static boolean skipSwitch(String value) {
    try {
      return Properties.parseSwitch(value);
    } catch (IllegalArgumentException e) {
      throw OneLine.failure(
          "configuration parameter " + StepConfig.PREFIX + "skip " + e.getMessage());
    }
  }

  @Override
  public <T> T interceptTestClassConstructor(
      Invocation<T> invocation,
      ReflectiveInvocationContext<Constructor<T>> invocationContext,
      ExtensionContext extensionContext)
      throws Throwable {
    initialise(invocationContext.getExecutable().getDeclaringClass());
    return invocation.proceed();
  }

  /** Whether this JVM said which {@code libreyolo.profile.*} properties nothing reads. */
  private static final AtomicBoolean UNKNOWN_SAID = new AtomicBoolean();

  /**
   * Runs the test class's static initialiser before JUnit does: a model built in a static field
   * that fails for a reason of ours (no native library) is one line naming the class and the fix,
   * not an ExceptionInInitializerError with the extension's stack.
   */
  private static void initialise(Class<?> type) {
    try {
      Class.forName(type.getName(), true, type.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e); // it was loaded: JUnit found it
    } catch (ExceptionInInitializerError e) {
      for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
        if (t instanceof LibreYoloException l) {
          throw OneLine.failure(
              type.getSimpleName() + ": its static initialiser failed: " + StepConfig.words(l));
        }
      }
      throw e;
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == StepProfiler.class;
  }

  /** {@code Class.method}, as every one-line error names the test. */
  private static String test(ExtensionContext context) {
    return context.getRequiredTestClass().getSimpleName()
        + "."
        + context.getRequiredTestMethod().getName();
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    StepConfig config;
    try {
      config = StepConfig.of(context);
      config.validate();
    } catch (IllegalArgumentException e) {
      throw OneLine.configuration(test(context) + ": " + e.getMessage());
    }
    try {
      // before any work: an unwritable directory is found now, not after measuring
      CustomStepProfiler.checkWritable(config.outputDirectory());
      History.checkUrl(config.history().url());
    } catch (LibreYoloException e) {
      throw OneLine.configuration(test(context) + ": " + StepConfig.words(e));
    }
    if (!config.fork().inFork()) { // a fork measures; its parent judges and records
      try {
        GateRun.checkBaseline(config.baseline(), config.updateBaseline());
      } catch (LibreYoloException e) {
        throw OneLine.configuration(
            test(context)
                + ": "
                + StepConfig.words(e)
                + (config.updateBaseline()
                    ? ""
                    : " (record one with -D" + StepConfig.PREFIX + "updateBaseline=true)"));
      }
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
    String test = test(context);
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
