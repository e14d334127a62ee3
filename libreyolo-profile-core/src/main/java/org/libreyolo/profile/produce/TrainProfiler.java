package org.libreyolo.profile.produce;

import ai.djl.Device;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.analysis.TraceAnalyzer;
import org.libreyolo.profile.internal.data.DetectionDataset;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.engine.Environment;
import org.libreyolo.profile.internal.io.Leftovers;
import org.libreyolo.profile.internal.measure.Measurement;
import org.libreyolo.profile.internal.measure.ProfileAssembler;
import org.libreyolo.profile.internal.measure.RepeatAggregation;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.internal.model.Yolo9Detector;
import org.libreyolo.profile.internal.model.Yolo9Size;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.internal.result.ProfileIo;
import org.libreyolo.profile.internal.result.TrainingConfig;
import org.libreyolo.profile.internal.train.BatchFit;
import org.libreyolo.profile.internal.train.TrainSession;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileRows;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.ProfileSummary;
import org.libreyolo.profile.result.TrainResult;
import org.libreyolo.profile.runtime.EngineFiles;

/**
 * {@code profile run}: a short profiled training of LibreYOLO9 (docs/reference-behaviour.md,
 * "Training measurement"). The window is {@code warmup + steps} iterations of dataload, to_device,
 * forward (with the loss), backward and optimizer; the first half of the measured steps gives the
 * real step time and the data-loading stall, the second half the per-phase composition. As for
 * inference, the trace is captured on extra steps after the timed window, so the profiler never
 * inflates the timings.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class TrainProfiler {
  static final List<String> PHASES = TrainSession.PHASES;
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private TrainProfiler() {}

  /**
   * A warning, before anything starts, when the run's estimated peak memory exceeds what this
   * machine (or its container) has: a training step at the reference's defaults (640 px, batch 16)
   * needs about 11.5 GB on a CPU, more than a 7 GB CI runner. The estimate is fitted to LibreYOLO9t
   * runs measured here (peak RSS 1.25 GB at 128 px batch 2, 3.35 GB at 320 px batch 4, 11.5 GB at
   * 640 px batch 16; docs/benchmarks.md), scaled by the model's stem width for s, m and c.
   *
   * @param options the run's options
   * @return the warning, or empty when the estimate fits or the batch is auto-fitted
   */
  public static java.util.Optional<String> memoryWarning(TrainOptions options) {
    if (options.batch() < 1) {
      return java.util.Optional.empty(); // -1 fits the batch to the memory itself
    }
    double gb = estimatedPeakGb(options);
    double have =
        ((com.sun.management.OperatingSystemMXBean)
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize()
            / 1e9;
    if (gb <= have) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        String.format(
            java.util.Locale.ROOT,
            "this run needs about %.1f GB of memory (batch %d at %d px), this machine has"
                + " %.1f GB: lower {batch} or {imgsz} (batch 2 at 128 px needs about 1.3 GB), or"
                + " use {batch} -1 to fit the batch to the memory",
            gb,
            options.batch(),
            options.imgsz(),
            have));
  }

  /** Peak resident memory in GB: a base plus a power law in megapixels per step. */
  static double estimatedPeakGb(TrainOptions options) {
    Yolo9Size size = options.size() == null ? Yolo9Size.T : Yolo9Size.parse(options.size());
    double megapixels = options.batch() * (double) options.imgsz() * options.imgsz() / 1e6;
    double width = size.stemWidth() / (double) Yolo9Size.T.stemWidth();
    return 1.0 + width * 2.35 * Math.pow(megapixels / 0.41, 0.54);
  }

  /**
   * Runs warmup and measured training steps (with a trace) and writes the profile.
   *
   * @param options what to train, profile, and where the files go
   * @param progress where progress goes (Progress.NONE for none)
   * @return the profile and the files written
   */
  public static TrainResult run(TrainOptions options, Progress progress) {
    DetectionDataset dataset = DetectionDataset.resolve(options.data(), options.datasetCache());
    WeightsSource weights = WeightsSource.resolve(options.weights(), options.size());
    if (weights.kind() == WeightsSource.Kind.ENGINE_MODEL) {
      throw LibreYoloException.badInput(
          "{weights} "
              + weights.requested()
              + " is "
              + EngineFiles.forModel(weights.requested()).orElseThrow().modelKind()
              + ", which runs inference only: profile it with infer, train the"
              + " built-in network (or its .npz / .safetensors weights)");
    }
    InferProfiler.checkWritable(options.project());
    progress.update(InferProfiler.LOADING, 0, 1);
    Engines.boot(options.threads());
    TrainOptions o = options.concrete();
    Device device = Engines.resolve(o.device());
    int trials = o.trials();
    List<ObjectNode> profiles = new ArrayList<>();
    List<Path> paths = new ArrayList<>();
    Path lastDir = null;
    for (int i = 0; i < trials; i++) {
      Path dir = o.project().resolve(trials > 1 ? "prof_" + i : "prof");
      lastDir = dir;
      String stage = trials > 1 ? "trial " + (i + 1) + "/" + trials + " " : "";
      ObjectNode profile;
      try {
        profile =
            Leftovers.making(dir, () -> trial(o, dataset, weights, device, dir, stage, progress));
      } catch (LibreYoloException e) {
        if (e.kind() == LibreYoloException.Kind.NO_PROFILE) {
          int images = dataset.train().size();
          throw new LibreYoloException(
              LibreYoloException.Kind.NO_PROFILE,
              o.batch() > images
                  // fewer steps cannot help: not one batch can be formed
                  ? "no profile produced for run "
                      + i
                      + ": the dataset has "
                      + images
                      + " training images, fewer than"
                      + " one batch of "
                      + o.batch()
                      + ". Use a smaller {batch} or a larger dataset."
                  : "no profile produced for run "
                      + i
                      + ": the window (warmup "
                      + o.warmup()
                      + " + steps "
                      + o.steps()
                      + ") never filled. Use a larger dataset, fewer {steps}, or a smaller {batch}.");
        }
        throw e;
      }
      profiles.add(profile);
      paths.add(dir.resolve("profile.json"));
      if (i < trials - 1) {
        System.gc();
      }
    }
    ObjectNode last = profiles.get(profiles.size() - 1);
    if (RepeatAggregation.withThroughput(profiles) > 1) {
      Path aggregate = o.project().resolve("profile_repeat.json");
      ObjectNode repeat = RepeatAggregation.training(profiles, paths);
      ProfileIo.writeCompact(aggregate, repeat);
      return new TrainResult(
          aggregate,
          lastDir.resolve("profile_trace.json"),
          new Profile(repeat),
          autoBatchNote(last),
          warning(profiles));
    }
    return new TrainResult(
        paths.get(paths.size() - 1),
        lastDir.resolve("profile_trace.json"),
        new Profile(last),
        autoBatchNote(last),
        warning(profiles));
  }

  /** Which batch {@code --batch -1} chose and why, else null. */
  private static String autoBatchNote(ObjectNode last) {
    Profile p = new Profile(last);
    JsonNode auto = p.config().get(ProfileSchema.BATCH_AUTO);
    return auto == null || !auto.asBoolean(false)
        ? null
        : "{batch} -1 chose batch "
            + p.batch().str()
            + " (the largest power of two up to "
            + BatchFit.MAX_BATCH
            + " whose training pass keeps peak RSS within 70% of available memory)";
  }

  /**
   * A one-line warning when some steps had a non-finite loss (their update was skipped), else null.
   */
  private static String warning(List<ObjectNode> trials) {
    long skipped = trials.stream().mapToLong(t -> new Profile(t).samples().skippedSteps()).sum();
    return skipped == 0
        ? null
        : skipped
            + " step(s) had a non-finite loss and skipped their update; on AVX-512 CPUs set"
            + " DNNL_MAX_CPU_ISA=AVX2 (see README, Known issues)";
  }

  private static ObjectNode trial(
      TrainOptions o,
      DetectionDataset dataset,
      WeightsSource weights,
      Device device,
      Path dir,
      String stage,
      Progress progress) {
    Yolo9Size size = weights.size() != null ? weights.size() : Yolo9Size.T;
    int nc = dataset.names().size();
    int batch = o.batch() > 0 ? o.batch() : BatchFit.largest(size, nc, o.imgsz(), device);
    int steps = o.measuredSteps();
    try (TrainSession session =
        new TrainSession(
            dataset, size, batch, o.imgsz(), o.workers(), device, o.warmup() + steps + 5L)) {
      // the trace always runs: a training profile is the analysis of its trace
      Measurement m =
          StepTimer.run(
              new StepTimer.Plan(
                  o.warmup(),
                  steps,
                  dir.resolve("profile_trace.json"),
                  TraceAnalyzer.TRACE_STEPS,
                  "steps",
                  stage),
              (clock, index) -> session.step(clock),
              progress);
      return finish(o, batch, session, dir, m);
    }
  }

  private static ObjectNode finish(
      TrainOptions o, int batch, TrainSession session, Path dir, Measurement m) {
    int steps = m.iterations();
    Measurement.Split split = m.split(o.device().cuda());
    double[] stepMs = m.total(split.whole());
    double[] dataloadMs =
        m.phases(split.whole())
            .getOrDefault(TrainSession.DATALOAD, new double[split.whole().length]);
    Map<String, double[]> measured = m.phases(split.phases());
    Map<String, double[]> composition = new LinkedHashMap<>();
    PHASES.forEach(
        p -> composition.put(p, measured.getOrDefault(p, new double[split.phases().length])));
    Path trace = m.trace();
    Yolo9Detector detector = session.detector();
    double[] loss = session.lastLoss();
    double step = PyRound.round(LatencyStats.mean(stepMs), 3);
    double dataload = PyRound.round(LatencyStats.mean(dataloadMs), 3);
    double frac = step > 0 ? PyRound.round(dataload / step, 3) : 0.0;
    // the throughput by the one definition every producer uses (on the reference's rounded step)
    double imgPerS = ProfileAssembler.perSecond(batch, step);
    TrainingConfig meta =
        new TrainingConfig(
            o.weights() != null ? o.weights() : detector.info().model() + ".pt",
            o.device().label(),
            batch,
            o.imgsz(),
            o.amp(),
            o.workers(),
            WeightsSource.RANDOM_INIT,
            detector.info().size(),
            detector.info().parameters(),
            detector.info().classes(),
            Engines.threads(),
            o.data(),
            o.warmup(),
            steps,
            TraceAnalyzer.TRACE_STEPS,
            o.batch() < 0);

    Map<String, Double> comp = ProfileAssembler.means(composition);
    double compTotal = 0;
    for (double mean : comp.values()) {
      compTotal += mean;
    }
    ProfileSummary summary =
        new ProfileSummary(
            meta.json(),
            new ProfileSummary.TrainingWindow(o.warmup(), stepMs.length, split.phases().length),
            ProfileSummary.Real.training(
                step, dataload, PyRound.round(Math.max(step - dataload, 0), 3), imgPerS, frac),
            comp,
            PyRound.round(compTotal, 3),
            null,
            null,
            frac >= 0.2 ? "dataloader" : "compute",
            "",
            trace.toString(),
            null);
    ProfileAssembler.writeSummary(dir, summary);

    // refined verdict (training verdict, third layer) from the analysis of the trace
    Profile analysis = new Profile(ProfileAssembler.analyse(trace, summary));
    String[] verdict = refinedVerdict(analysis, frac, step);
    summary = summary.withVerdict(verdict[0], verdict[1]);
    ProfileAssembler.writeSummary(dir, summary);
    ObjectNode profile = ProfileAssembler.analyse(trace, summary);
    recordedVerdict(profile, frac, step);
    ObjectNode samples = JsonNodeFactory.instance.objectNode();
    samples.set(ProfileSchema.STEP_MS, ProfileAssembler.samples(stepMs));
    samples.set(ProfileSchema.DATALOAD_MS, ProfileAssembler.samples(dataloadMs));
    samples.set(ProfileSchema.COMPOSITION_MS, ProfileAssembler.samples(composition));
    ObjectNode lossNode = samples.putObject(ProfileSchema.LAST_LOSS);
    lossNode.put(ProfileSchema.BOX, PyRound.round(loss[0], 4));
    lossNode.put(ProfileSchema.DFL, PyRound.round(loss[1], 4));
    lossNode.put(ProfileSchema.CLS, PyRound.round(loss[2], 4));
    lossNode.put(ProfileSchema.TOTAL, PyRound.round(loss[3], 4));
    samples.put(ProfileSchema.EMA_UPDATES, session.emaUpdates());
    samples.put(
        ProfileSchema.SKIPPED_STEPS, session.skippedSteps()); // non-finite loss: update skipped
    ProfileAssembler.finish(
        dir,
        profile,
        summary,
        o.device().label(),
        Environment.ofModel(o.device().label(), detector.info().parameters()),
        samples,
        ProfileAssembler.ProcessFigures.of(m));
    return profile;
  }

  /**
   * The verdict the trace as recorded would have given (the profiler's cost left in), beside the
   * recorded figures, so a reader sees whether taking the cost out changed it.
   */
  private static void recordedVerdict(ObjectNode json, double dataloadFrac, double stepMs) {
    Profile profile = new Profile(json);
    ProfileRows.Compensation c = profile.compensation();
    if (c != null && c.hasRaw()) {
      ProfileAssembler.putRecordedBound(
          json,
          refinedVerdict(
              profile,
              Num.orZero(c.rawBusyMsPerStep()),
              Num.orZero(c.rawMeanKernelUs()),
              dataloadFrac,
              stepMs)[0]);
    }
  }

  /**
   * The refined training verdict of the analysed figures (see {@link #refinedVerdict(Profile,
   * double, double, double, double)}).
   */
  static String[] refinedVerdict(Profile analysis, double dataloadFrac, double stepMs) {
    return refinedVerdict(
        analysis,
        Num.orZero(analysis.figures().gpuBusyMsPerStep()),
        Num.orZero(analysis.figures().meanKernelUs()),
        dataloadFrac,
        stepMs);
  }

  /**
   * The refined training verdict (docs/reference-behaviour.md, "Verdicts", layer 2) with the given
   * busy time and mean kernel time, in CPU words when the "kernels" are CPU ops.
   */
  static String[] refinedVerdict(
      Profile analysis, double busy, double meanKernelUs, double frac, double stepMs) {
    boolean cpu = analysis.isCpu();
    double util = stepMs > 0 ? busy / stepMs : Num.orZero(analysis.figures().gpuUtil());
    double utilClamped = PyRound.round(Math.min(util, 1.0), 3);
    long mallocs = (long) Num.orZero(analysis.figures().cudaMallocsPerStep());
    String who = cpu ? "CPU ops" : "GPU";
    if (!cpu && (mallocs >= 5 || util > 1.05)) {
      return new String[] {
        "memory-pressure",
        "allocator/VRAM pressure (~"
            + mallocs
            + " cudaMalloc/free per step); throughput and utilisation are unreliable"
      };
    }
    if (frac >= 0.2) {
      return new String[] {
        "dataloader",
        "the "
            + (cpu ? "model" : "GPU")
            + " waits on input data (~"
            + PyRound.format(frac * 100, 0)
            + "% of the step)"
      };
    }
    if (utilClamped >= 0.8) {
      return new String[] {
        "compute",
        "the "
            + (cpu ? "CPU is" : "GPU is")
            + " saturated (~"
            + PyRound.format(utilClamped * 100, 0)
            + "% busy)"
      };
    }
    return new String[] {
      "host / launch",
      who
          + " only ~"
          + PyRound.format(utilClamped * 100, 0)
          + "% busy \u2014 fed too slowly: "
          + (long) Num.orZero(analysis.figures().kernelsPerStep())
          + (cpu ? " ops" : " kernels")
          + "/step at ~"
          + PyRound.format(meanKernelUs, 0)
          + "us each plus host overhead"
    };
  }
}
