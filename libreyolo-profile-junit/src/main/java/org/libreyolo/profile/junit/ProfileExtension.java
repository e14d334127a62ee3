package org.libreyolo.profile.junit;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Injects a {@link StepProfiler} configured from {@link ProfiledStep} and configuration parameters. */
public final class ProfileExtension implements ParameterResolver {
  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == StepProfiler.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    StepConfig config = StepConfig.of(context);
    config.validate();
    return new MeasuringStepProfiler(config, context);
  }
}
