package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.capture.JavaSampler;
import org.libreyolo.profile.internal.capture.Span;
import org.libreyolo.profile.internal.measure.Iterations;
import org.libreyolo.profile.internal.measure.PhaseClock;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * Profiles any step (a JUnit perf test's, or a user's own loop) with the same loop, files and
 * schema as {@code profile infer}: the caller gives the iteration body and what it measures. Trials
 * run back to back in this process; their iterations are pooled into one profile, and with two or
 * more trials the throughput's spread over trials is added (docs/measurement.md).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class CustomStepProfiler {
  private CustomStepProfiler() {}

  static {
    JavaSampler.harness(CustomStepProfiler.class);
  }

  /**
   * Registers a surface's classes that wrap the step between the measuring loop and the user's code
   * (the JUnit extension's step profiler): their frames are left out of the Java samples, as this
   * class's are, so the hottest method is the user's.
   *
   * @param types the wrapping classes (their nested classes too)
   */
  public static void harness(Class<?>... types) {
    for (Class<?> t : types) {
      JavaSampler.harness(t);
    }
  }

  /**
   * Fails before any work when the output directory cannot be written, leaving nothing behind.
   *
   * @param outputDirectory where the step's files go
   * @throws LibreYoloException naming {@code {project}} (outputDirectory) and the OS reason
   */
  public static void checkWritable(Path outputDirectory) {
    InferProfiler.checkWritable(outputDirectory); // one check for every producer
  }

  /**
   * One iteration of the step, as the caller writes it: an untimed setup, the timed run, an untimed
   * teardown.
   */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public interface Step {
    /**
     * The timed part of one iteration.
     *
     * @param phases the iteration's clock, for named phases inside it
     * @param index the iteration's index, warmup included
     * @throws Exception any failure: the measurement ends with {@link StepFailedException}
     */
    void run(Phases phases, int index) throws Exception;

    /**
     * Per-iteration setup before the clock starts (JMH's {@code Level.Invocation}): not timed.
     *
     * @param index the iteration's index
     * @throws Exception any failure ends the measurement
     */
    default void prepare(int index) throws Exception {}

    /**
     * Per-iteration teardown after the clock stops: not timed.
     *
     * @param index the iteration's index
     * @throws Exception any failure ends the measurement
     */
    default void finish(int index) throws Exception {}
  }

  /** The clock of one iteration: named phases inside the step. */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public interface Phases {
    /**
     * Starts a named phase; closing the handle ends it (try-with-resources).
     *
     * @param name the phase's name, as the profile's {@code stages_ms} will call it
     * @return the running phase
     */
    Phase start(String name);

    /**
     * Adds a phase time the step measured itself (a library's own metrics).
     *
     * @param name the phase's name
     * @param ms its time in milliseconds
     */
    void add(String name, double ms);

    /**
     * The phase times of this iteration so far.
     *
     * @return phase name to milliseconds
     */
    Map<String, Double> current();
  }

  /** A running phase: {@link #close()} stops its clock. */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public interface Phase extends AutoCloseable {
    /** Ends the phase. */
    @Override
    void close();
  }

  /** The step threw: the measurement ended, and the cause is the step's exception. */
  @Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
  public static final class StepFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StepFailedException(Throwable cause) {
      super("the measured step threw " + cause, cause);
    }
  }

  /**
   * Warms up, measures and (with {@code repeat}) repeats the step, then writes the profile, its
   * summary and (with {@code trace}) the trace under {@code outputDirectory}, each once.
   *
   * @param o what to measure and where the files go
   * @param step one iteration of the step
   * @return the profile written to {@code profile.json}
   * @throws StepFailedException when the step threw
   */
  public static Profile run(StepOptions o, Step step) {
    StepTimer.Iteration body =
        o.trace()
            ? ModelRuntimes.traced(iteration(step), o.runsOn(), o.outputDirectory())
            : iteration(step);
    try {
      return CustomStepMeasurement.measure(o, body);
    } catch (StepTimer.StepFailedException e) {
      throw new StepFailedException(e.getCause());
    }
  }

  /**
   * Merges forks of one step into one profile under {@code o.outputDirectory()}: each fork measured
   * the step in its own fresh JVM with these options into its folder ({@code profile.json}, and the
   * trace in the last one when traced). The iterations are pooled into the latency, phase and
   * allocation figures, the blocks of every fork kept in order, and per fork its blocks, canary and
   * environment under {@code samples.forks}: the gate's unit is the fork.
   *
   * @param o the step's options (its output directory receives the merged profile)
   * @param forkDirs each fork's output folder, in the order they ran
   * @return the merged profile, written to {@code profile.json}
   */
  public static Profile merge(StepOptions o, List<Path> forkDirs) {
    List<ForkReply> forks = new ArrayList<>();
    for (Path dir : forkDirs) {
      forks.add(
          ForkReply.read(
              org.libreyolo.profile.internal.analysis.ProfileLoader.load(
                  dir.resolve("profile.json"))));
    }
    ForkReply last = forks.get(forks.size() - 1);
    Path lastTrace = forkDirs.get(forkDirs.size() - 1).resolve("profile_trace.json");
    Path trace = null;
    if (o.trace() && Files.isRegularFile(lastTrace)) {
      trace = o.outputDirectory().resolve("profile_trace.json");
      try {
        Files.createDirectories(o.outputDirectory());
        Files.move(lastTrace, trace, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      } catch (java.io.IOException e) {
        throw LibreYoloException.badInput(
            "cannot move the last fork's trace to " + trace + ": " + e.getMessage(), e);
      }
    }
    ObjectNode merged =
        CustomStepMeasurement.write(
            o,
            Iterations.appended(forks.stream().map(ForkReply::iterations).toList()),
            trace,
            new double[0],
            ForkSamples.perFork(forks),
            trace != null ? ForkSamples.traceFrom(forks) : null,
            last.process().javaSamples(), // the traced fork's, as the trace
            last.process().hostMemory(),
            last.process().allocationByPhase());
    return new Profile(merged);
  }

  /**
   * Merges forks of one step that a parent did not configure itself (another class path ran them,
   * as an A/B across versions does): the options are the first fork's, as its profile records them.
   *
   * @param outputDirectory where the merged profile goes
   * @param forkDirs each fork's output folder, in the order they ran
   * @return the merged profile, written to {@code outputDirectory/profile.json}
   */
  public static Profile merge(Path outputDirectory, List<Path> forkDirs) {
    Profile first =
        org.libreyolo.profile.internal.analysis.ProfileLoader.load(
            forkDirs.get(0).resolve("profile.json"));
    com.fasterxml.jackson.databind.JsonNode c = Json.MAPPER.valueToTree(first.config());
    com.fasterxml.jackson.databind.JsonNode env = Json.MAPPER.valueToTree(first.environment());
    StepOptions o =
        StepOptions.builder(
                c.path(ProfileSchema.STEP).asText(), c.path(ProfileSchema.MODEL).asText())
            .warmup(c.path(ProfileSchema.WARMUP).asInt())
            .runs(c.path(ProfileSchema.RUNS).asInt())
            .repeat(c.path(ProfileSchema.REPEAT).asInt(1))
            .trace(false)
            .items(c.path(ProfileSchema.BATCH).asInt(1))
            .outputDirectory(outputDirectory)
            .device(env.path(ProfileSchema.DEVICE).asText("cpu"))
            .modelParams(env.path(ProfileSchema.MODEL_PARAMS).asLong(-1))
            .build();
    return merge(o, forkDirs);
  }

  /** The API's step as the internal timer's iteration. */
  static StepTimer.Iteration iteration(Step step) {
    return new StepTimer.Iteration() {
      @Override
      public void run(PhaseClock clock, int index) throws Exception {
        step.run(
            new Phases() {
              @Override
              public Phase start(String name) {
                Span span = clock.phase(name);
                return span::close;
              }

              @Override
              public void add(String name, double ms) {
                clock.add(name, ms);
              }

              @Override
              public Map<String, Double> current() {
                return clock.current();
              }
            },
            index);
      }

      @Override
      public void prepare(int index) throws Exception {
        step.prepare(index);
      }

      @Override
      public void finish(int index) throws Exception {
        step.finish(index);
      }
    };
  }
}
