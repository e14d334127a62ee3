package org.libreyolo.profile.produce;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.engine.Environment;
import org.libreyolo.profile.internal.measure.Canary;
import org.libreyolo.profile.internal.measure.Headline;
import org.libreyolo.profile.internal.measure.Iterations;
import org.libreyolo.profile.internal.measure.Measurement;
import org.libreyolo.profile.internal.measure.ProfileAssembler;
import org.libreyolo.profile.internal.measure.RepeatAggregation;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.internal.result.Fingerprint;
import org.libreyolo.profile.internal.result.StepConfig;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.ProfileSummary;

/**
 * How a custom step is measured and written: its repeats of warmup and timed blocks beside the
 * canary, then one profile of the pooled iterations ({@link CustomStepProfiler#run}, {@link
 * CustomStepProfiler#merge}).
 */
final class CustomStepMeasurement {
  private CustomStepMeasurement() {}

  static Profile measure(StepOptions o, StepTimer.Iteration body) {
    List<Iterations> trials = new ArrayList<>(); // trials of one process: appended, in order
    double[] throughputs = new double[o.repeat()];
    Path trace = null;
    ObjectNode javaSamples = null;
    ProfileRows.HostMemory hostMemory = null;
    ObjectNode allocationByPhase = null;
    try (Canary canary = canary(o)) { // one canary for every trial
      StepTimer.Blocks plan = StepTimer.Blocks.standard(canary, o.modelParams() >= 0);
      for (int trial = 0; trial < o.repeat(); trial++) {
        boolean last = trial == o.repeat() - 1;
        Path traceFile =
            o.trace() && last ? o.outputDirectory().resolve("profile_trace.json") : null;
        Measurement m =
            StepTimer.run(
                new StepTimer.Plan(
                        o.warmup(),
                        o.runs(),
                        traceFile,
                        StepTimer.traceSteps(o.runs()),
                        "runs",
                        "",
                        o.javaSamples())
                    .withSampledMs(last ? o.sampledMs() : 0), // the last trial's are kept
                body,
                plan,
                o.progress());
        trials.add(new Iterations(m.totalMs(), m.phaseMs(), m.blocks(), m.allocatedBytes()));
        // each trial's throughput by the headline's one definition (as a trial's profile holds it)
        throughputs[trial] = Headline.of(m.totalMs(), Map.of(), o.items(), List.of()).imgPerS();
        trace = last ? m.trace() : trace;
        javaSamples = last ? m.javaSamples() : javaSamples;
        hostMemory = last ? m.hostMemory() : hostMemory;
        allocationByPhase =
            last ? ProfileAssembler.byPhase(m.phaseAllocatedBytes()) : allocationByPhase;
      }
    }
    return new Profile(
        write(
            o,
            Iterations.appended(trials),
            trace,
            throughputs,
            null,
            null,
            javaSamples,
            hostMemory,
            allocationByPhase));
  }

  /**
   * The canary of the step's kind: the engine canary on the step's device for a step that named its
   * model (it runs on the engine, and the gate divides by the canary), the plain-JVM canary for
   * plain code (it needs no native library; the gate uses it as the noise sentinel only).
   */
  private static Canary canary(StepOptions o) {
    if (o.modelParams() < 0) {
      return Canary.jvm();
    }
    Engines.boot(Engines.defaultThreads());
    return Canary.engine(Engines.resolve(DeviceSpec.parse(o.device())));
  }

  static ObjectNode write(
      StepOptions o,
      Iterations it,
      Path trace,
      double[] throughputs,
      ArrayNode forks,
      ObjectNode traceFrom,
      ObjectNode javaSamples,
      ProfileRows.HostMemory hostMemory,
      ObjectNode allocationByPhase) {
    Headline h = Headline.of(it.latencyMs(), it.stagesMs(), o.items(), List.of());
    LatencyStats lat = h.stats();
    double imgPerS = h.imgPerS();
    StepConfig config = forks != null ? config(o).withForks(forks.size()) : config(o);
    // a custom step's stages are its timed phases too (composition_ms, as a training run's)
    ProfileSummary summary =
        ProfileSummary.inference(
            config.json(), lat.mean(), imgPerS, h.stages(), h.latency(), h.stages());

    ObjectNode p;
    if (trace != null) {
      p = ProfileAssembler.analyse(trace, summary);
      ProfileAssembler.putTimings(p, h, false);
    } else {
      p =
          ProfileAssembler.traceless(
              config.json(),
              "compute",
              "no trace: timings only",
              lat.mean(),
              imgPerS,
              lat.n(),
              h.latency(),
              h.stages(),
              false);
    }
    ObjectNode samples = JsonNodeFactory.instance.objectNode();
    it.write(samples);
    if (forks != null) {
      samples.set(ProfileSchema.FORKS, forks);
    }
    if (throughputs.length > 1) {
      RepeatAggregation.putThroughput(p, throughputs);
    }
    if (traceFrom != null) {
      p.set(ProfileSchema.TRACE_FROM, traceFrom);
    }
    ProfileAssembler.finish(
        o.outputDirectory(),
        p,
        summary,
        o.device(),
        forks != null && !forks.isEmpty()
            ? Fingerprint.of(forks.get(0).get(ProfileSchema.ENVIRONMENT))
            : stepEnvironment(o),
        samples,
        new ProfileAssembler.ProcessFigures(
            javaSamples, hostMemory, it.allocatedBytes(), allocationByPhase));
    return p;
  }

  /** The step's environment; a step that runs a deployed model names its engine. */
  private static Fingerprint stepEnvironment(StepOptions o) {
    return Environment.ofStep(o.device(), o.modelParams())
        .withEngine(ModelRuntimes.engineName(o.runsOn()));
  }

  private static StepConfig config(StepOptions o) {
    return new StepConfig(
        o.model(),
        o.name(),
        o.items(),
        o.unit(),
        o.warmup(),
        o.runs(),
        o.repeat(),
        o.trace(),
        null);
  }
}
