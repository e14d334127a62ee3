package org.libreyolo.profile.internal.result;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * What a profiled step (the JUnit extension's, {@code CustomStepProfiler}'s) measured, its
 * profile's {@code config}: one mapping of fields to keys (docs/profile-schema.md).
 *
 * @param model the model the step runs, as its test names it
 * @param step the step's name
 * @param batch items one call processes
 * @param unit what an item is
 * @param warmup warmup calls
 * @param runs measured calls per process
 * @param repeat trials
 * @param trace whether a trace was recorded
 * @param forks the processes measured, or null for one
 */
public record StepConfig(
    String model,
    String step,
    int batch,
    String unit,
    int warmup,
    int runs,
    int repeat,
    boolean trace,
    Integer forks) {

  /** The mode a step's profile names. */
  public static final String MODE = "step";

  /**
   * {@return the same step measured in {@code n} processes}
   *
   * @param n the forks
   */
  public StepConfig withForks(int n) {
    return new StepConfig(model, step, batch, unit, warmup, runs, repeat, trace, n);
  }

  /** {@return {@code config} as the profile stores it} */
  public ObjectNode json() {
    ObjectNode c = JsonNodeFactory.instance.objectNode();
    c.put(ProfileSchema.MODEL, model);
    c.put(ProfileSchema.STEP, step);
    c.put(ProfileSchema.BATCH, batch);
    c.put(ProfileSchema.UNIT, unit);
    c.put(ProfileSchema.WARMUP, warmup);
    c.put(ProfileSchema.RUNS, runs);
    c.put(ProfileSchema.REPEAT, repeat);
    c.put(ProfileSchema.TRACE, trace);
    c.put(ProfileSchema.MODE, MODE);
    if (forks != null) {
      c.put(ProfileSchema.FORKS, forks);
    }
    return c;
  }
}
