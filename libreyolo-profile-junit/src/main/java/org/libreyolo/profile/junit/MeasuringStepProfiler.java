package org.libreyolo.profile.junit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.libreyolo.profile.analysis.LatencyStats;
import org.libreyolo.profile.analysis.PyRound;
import org.libreyolo.profile.capture.CaptureOptions;
import org.libreyolo.profile.capture.CaptureSession;
import org.libreyolo.profile.capture.Span;
import org.libreyolo.profile.compare.Gate;
import org.libreyolo.profile.compare.GateOptions;
import org.libreyolo.profile.compare.GateReport;
import org.libreyolo.profile.compare.Verdict;
import org.libreyolo.profile.engine.Environment;
import org.libreyolo.profile.io.AtomicFiles;
import org.libreyolo.profile.profile.Profile;
import org.libreyolo.profile.profile.ProfileIo;
import org.libreyolo.profile.produce.StepProfiles;
import org.libreyolo.profile.report.Reports;

/** Runs the step, writes its profile next to the build output, and gates it on the baseline. */
final class MeasuringStepProfiler implements StepProfiler {
  /** Process-wide: timing and libtorch's profiler are global, so profiled sections never interleave. */
  private static final ReentrantLock SECTION = new ReentrantLock(true);
  private static final int TRACE_STEPS = 9;

  private final StepConfig config;
  private final ExtensionContext context;

  MeasuringStepProfiler(StepConfig config, ExtensionContext context) {
    this.config = config;
    this.context = context;
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
    List<Double> latencies = new ArrayList<>();
    Map<String, List<Double>> phases = new LinkedHashMap<>();
    List<Double> throughputs = new ArrayList<>();
    CaptureSession untraced = CaptureSession.start(CaptureOptions.off());
    for (int trial = 0; trial < config.repeat(); trial++) {
      for (int i = 0; i < config.warmup(); i++) {
        iterate(step, untraced, null);
      }
      double sum = 0;
      for (int i = 0; i < config.runs(); i++) {
        double ms = iterate(step, untraced, phases);
        latencies.add(ms);
        sum += ms;
      }
      throughputs.add(config.items() / (sum / config.runs() / 1000.0));
    }
    Path dir = config.outputDirectory();
    Path trace = null;
    if (config.trace()) {
      try (CaptureSession session = CaptureSession.start(CaptureOptions.tracing(dir.resolve("profile_trace.json")))) {
        for (int i = 0; i < TRACE_STEPS; i++) {
          session.nextStep();
          iterate(step, session, null);
        }
        trace = session.stop();
      }
    }
    Profile profile = StepProfiles.write(dir, toArray(latencies), toArrays(phases), trace, configNode(),
        config.items(), Environment.fingerprint("cpu", -1));
    if (throughputs.size() > 1) {
      addRepeatStatistics(profile, throughputs, dir);
    }
    Reports.single(dir.resolve("profile.json"), dir.resolve("report.html"));
    gate(profile, dir);
    publish(dir);
    return profile;
  }

  /** One iteration; returns its wall ms and, when {@code phases} is given, records per-phase ms. */
  private static double iterate(PhasedStep step, CaptureSession session, Map<String, List<Double>> phases) {
    Map<String, Double> current = new LinkedHashMap<>();
    Phases timer = new Phases() {
      @Override
      public void phase(String name, Runnable body) {
        long t0 = System.nanoTime();
        try (Span s = session.phase(name)) {
          body.run();
        }
        current.merge(name, (System.nanoTime() - t0) / 1e6, Double::sum);
      }

      @Override
      public Map<String, Double> current() {
        return current;
      }
    };
    long t0 = System.nanoTime();
    try {
      step.run(timer);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("the profiled step threw", e);
    }
    double ms = (System.nanoTime() - t0) / 1e6;
    if (phases != null) {
      current.forEach((name, value) -> phases.computeIfAbsent(name, k -> new ArrayList<>()).add(value));
    }
    return ms;
  }

  private ObjectNode configNode() {
    ObjectNode c = JsonNodeFactory.instance.objectNode();
    c.put("model", config.testClass() + "." + config.method());
    c.put("step", config.name());
    c.put("batch", config.items());
    c.put("warmup", config.warmup());
    c.put("runs", config.runs());
    c.put("repeat", config.repeat());
    c.put("trace", config.trace());
    c.put("mode", "step");
    return c;
  }

  /** The reference's repeat fields, so the gate can also apply the 2*SE rule on throughput. */
  private static void addRepeatStatistics(Profile profile, List<Double> throughputs, Path dir) {
    double[] values = toArray(throughputs);
    ObjectNode p = profile.json();
    p.put("img_per_s", PyRound.round(LatencyStats.mean(values), 2));
    p.put("img_per_s_std", PyRound.round(LatencyStats.pstdev(values), 2));
    p.put("img_per_s_n", values.length);
    var trials = p.putArray("img_per_s_trials");
    for (double v : values) {
      trials.add(PyRound.round(v, 2));
    }
    ProfileIo.writeCompact(dir.resolve("profile.json"), p);
  }

  private void gate(Profile profile, Path dir) {
    String id = config.testClass() + "." + config.method();
    Path baseline = config.baseline();
    if (config.updateBaseline()) {
      try {
        byte[] content = Files.readAllBytes(dir.resolve("profile.json"));
        AtomicFiles.write(baseline, out -> out.write(content));
      } catch (IOException e) {
        throw new IllegalStateException("cannot record the baseline " + baseline, e);
      }
      System.out.println("[libreyolo-profile] " + id + ": baseline recorded at " + baseline);
      return;
    }
    String headline = "[libreyolo-profile] " + id + ": p50 " + profile.json().path("latency").path("p50_ms").asText()
        + " ms, " + profile.json().path("img_per_s").asText() + " items/s";
    String record = "record one with -Dlibreyolo.profile.updateBaseline=true";
    if (!Files.exists(baseline)) { // a directory or unreadable file is ProfileIo.load's one-line error
      System.out.println(headline + "; no baseline at " + baseline + " (" + record + ")");
      return;
    }
    Profile recorded = ProfileIo.load(baseline);
    if (!recorded.json().path("samples").path("latency_ms").isArray()) {
      throw new IllegalStateException("baseline " + baseline + " is not a profile with latency samples: " + record);
    }
    Gate.Result result = Gate.check(recorded, profile,
        new GateOptions(config.alpha(), config.maxRegression(), GateOptions.SUPPORTED));
    Reports.comparison(baseline, dir.resolve("profile.json"), dir.resolve("compare.html"), config.alpha());
    System.out.println(headline + "; " + result.verdict() + " against " + baseline);
    if (result.verdict() == Verdict.INCONCLUSIVE) {
      GateReport.text(result).forEach(line -> System.out.println("[libreyolo-profile]   " + line));
    }
    if (result.verdict() == Verdict.REGRESSION) {
      throw new AssertionError("performance regression in " + id + " against " + baseline + "\n"
          + String.join("\n", GateReport.text(result)));
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

  private static double[] toArray(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static Map<String, double[]> toArrays(Map<String, List<Double>> values) {
    Map<String, double[]> out = new LinkedHashMap<>();
    values.forEach((k, v) -> out.put(k, toArray(v)));
    return out;
  }
}
