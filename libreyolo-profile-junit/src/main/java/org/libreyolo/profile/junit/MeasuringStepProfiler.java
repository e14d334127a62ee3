package org.libreyolo.profile.junit;

import ai.djl.nn.Block;
import ai.djl.util.Pair;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.libreyolo.profile.analysis.ProfileLoader;
import org.libreyolo.profile.capture.Span;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.compare.Gate;
import org.libreyolo.profile.compare.PairedBlocks;
import org.libreyolo.profile.measure.Progress;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.compare.Verdict;
import org.libreyolo.profile.gate.GateRun;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.report.Reports;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;

/**
 * The handle's implementation: hands the step to core's {@link CustomStepProfiler} (the loop,
 * profile and files every producer shares) and core's {@link GateRun} (the gate the Maven
 * {@code check} goal runs), then reports through the test's output.
 */
final class MeasuringStepProfiler implements StepProfiler {
  /** Process-wide: timing and libtorch's profiler are global, so profiled sections never interleave. */
  private static final ReentrantLock SECTION = new ReentrantLock(true);

  private final StepConfig config;
  private final ExtensionContext context;
  private String device;
  private long modelParams = -1;

  MeasuringStepProfiler(StepConfig config, ExtensionContext context) {
    this.config = config;
    this.context = context;
  }

  @Override
  public StepProfiler model(Block block) {
    long params = 0;
    String where = null;
    for (Pair<String, ai.djl.nn.Parameter> p : block.getParameters()) {
      if (p.getValue().isInitialized()) {
        params += p.getValue().getArray().size();
        where = where != null ? where : label(p.getValue().getArray().getDevice());
      }
    }
    this.modelParams = params;
    this.device = where;
    return this;
  }

  @Override
  public Profile measure(Runnable step) {
    return measure(config.name(), step);
  }

  @Override
  public Profile measure(String phase, Runnable step) {
    return measure(phases -> phases.phase(phase, step));
  }

  @Override
  public Profile measure(PhasedStep step) {
    SECTION.lock();
    try {
      return measureLocked(step);
    } finally {
      SECTION.unlock();
    }
  }

  private Profile measureLocked(PhasedStep step) {
    Path dir = config.outputDirectory();
    CustomStepProfiler.Options options = config.options(device(), modelParams);
    Profile profile = CustomStepProfiler.run(options, (clock, index) -> step.run(new Phases() {
      @Override
      public void phase(String name, Runnable body) {
        try (Span s = clock.phase(name)) {
          body.run();
        }
      }

      @Override
      public Map<String, Double> current() {
        return clock.current();
      }
    }));
    Reports.single(dir.resolve("profile.json"), dir.resolve("report.html"));
    gate(profile, dir);
    publish(dir);
    return profile;
  }

  /** The profile's device words: {@code cpu}, {@code cuda:N} (as the CLI's {@code --device}). */
  private static String label(ai.djl.Device device) {
    return device.isGpu() ? "cuda:" + device.getDeviceId() : "cpu";
  }

  @Override
  public PairedBlocks compare(String name, Runnable control, Runnable candidate) {
    SECTION.lock();
    try {
      ObjectNode what = JsonNodeFactory.instance.objectNode();
      what.put("model", id());
      what.put("step", name);
      what.put("device", device());
      AbProfiler.Result r = AbProfiler.compare("control", "candidate", (clock, index) -> control.run(),
          (clock, index) -> candidate.run(), what, config.ab(),
          config.outputDirectory().resolve("ab-" + name + ".json"), Progress.NONE);
      PairedBlocks v = r.verdict();
      String line = "[libreyolo-profile] " + id() + ": A/B " + name + ": "
          + String.join(" | ", r.changeLine(), r.mdeLine(), r.verdictLine());
      System.out.println(line);
      if (v.verdict() == Verdict.REGRESSION) {
        throw new AssertionError("performance regression in " + id() + " (A/B " + name + "): " + r.changeLine());
      }
      return v;
    } finally {
      SECTION.unlock();
    }
  }

  /** Where the step ran: the model's device when {@link #model} named it, else the CPU. */
  private String device() {
    return device != null ? device : "cpu";
  }

  private String id() {
    return config.testClass() + "." + config.method();
  }

  private void gate(Profile profile, Path dir) {
    Path baseline = config.baseline();
    Path current = dir.resolve("profile.json");
    if (config.updateBaseline()) {
      GateRun.recordBaseline(current, baseline, true, "");
      System.out.println("[libreyolo-profile] " + id() + ": baseline recorded at " + baseline);
      return;
    }
    String headline = "[libreyolo-profile] " + id() + ": p50 " + Num.str(profile.latency().p50()) + " ms, "
        + Num.str(profile.imgPerS()) + " items/s";
    String record = "record one with -Dlibreyolo.profile.updateBaseline=true";
    if (!Files.exists(baseline)) { // a directory or unreadable file is the loader's one-line error
      System.out.println(headline + "; no baseline at " + baseline + " (" + record + ")");
      return;
    }
    Profile recorded = ProfileLoader.load(baseline);
    if (!Gate.hasBlocks(recorded)) {
      throw new IllegalStateException("baseline " + baseline + " has no timing blocks (recorded by an older version"
          + " or not a step profile): " + record);
    }
    GateRun.Outcome outcome = GateRun.check(recorded, baseline, ProfileLoader.load(current), current,
        config.gateOptions(), dir);
    Verdict verdict = outcome.result().verdict();
    System.out.println(headline + "; " + verdict + " against " + baseline);
    if (verdict == Verdict.INCONCLUSIVE) {
      outcome.lines().forEach(line -> System.out.println("[libreyolo-profile]   " + line));
    }
    if (GateRun.fails(verdict, config.failOnInconclusive())) {
      throw new AssertionError((verdict == Verdict.REGRESSION ? "performance regression" : "INCONCLUSIVE gate"
          + " (libreyolo.profile.failOnInconclusive=true)") + " in " + id() + " against " + baseline + "\n"
          + String.join("\n", outcome.lines()));
    }
  }

  /** Attaches the files where the running JUnit has {@code publishFile} (5.12+); silent elsewhere. */
  private void publish(Path dir) {
    for (Method m : context.getClass().getMethods()) {
      if (m.getName().equals("publishDirectory") && m.getParameterCount() == 2) {
        try {
          m.invoke(context, "libreyolo-profile", (org.junit.jupiter.api.function.ThrowingConsumer<Path>) target -> {
            try (var files = Files.list(dir)) {
              for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, target.resolve(f.getFileName()));
              }
            }
          });
        } catch (ReflectiveOperationException | RuntimeException e) {
          // attaching is a convenience; the files stay under target/
        }
        return;
      }
    }
  }
}
