package org.libreyolo.profile.junit;

import java.util.Map;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.function.ThrowingSupplier;
import org.libreyolo.profile.produce.CustomStepProfiler;

/** The phases of one iteration on core's step clock; values are consumed, failures named. */
final class ClockPhases implements StepProfiler.Phases {
  /** Where consumed values go; volatile, so writing it is an effect the JIT must keep. */
  @SuppressWarnings("unused")
  private static volatile Object sink;

  private final CustomStepProfiler.Phases clock;

  ClockPhases(CustomStepProfiler.Phases clock) {
    this.clock = clock;
  }

  /** Consumes a value the step produced. */
  static void consume(Object value) {
    sink = value;
  }

  @Override
  public void phase(String name, Executable body) {
    OneLine.given(body, "phase(\"" + name + "\", body)", "the body");
    phase(
        name,
        () -> {
          body.execute();
          return null;
        });
  }

  @Override
  public <T> T phase(String name, ThrowingSupplier<T> body) {
    OneLine.given(name, "phase(name, body)", "the phase name");
    OneLine.given(body, "phase(\"" + name + "\", body)", "the body");
    T value;
    try (CustomStepProfiler.Phase p = clock.start(name)) {
      value = body.get();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new PhaseFailedException(name, t);
    }
    consume(value);
    return value;
  }

  @Override
  public Map<String, Double> current() {
    return clock.current();
  }

  /** A phase time the step measured itself (DJL's metrics). */
  void add(String name, double ms) {
    clock.add(name, ms);
  }

  /** A checked exception thrown inside a phase, carried out with the phase's name. */
  static final class PhaseFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PhaseFailedException(String phase, Throwable cause) {
      super("phase '" + phase + "' threw " + cause, cause);
    }
  }
}
