package org.libreyolo.profile.produce;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.internal.analysis.InferenceVerdict;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.capture.Span;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.engine.Environment;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.io.ContentHash;
import org.libreyolo.profile.internal.io.Folders;
import org.libreyolo.profile.internal.measure.Canary;
import org.libreyolo.profile.internal.measure.Headline;
import org.libreyolo.profile.internal.measure.Iterations;
import org.libreyolo.profile.internal.measure.Measurement;
import org.libreyolo.profile.internal.measure.PhaseClock;
import org.libreyolo.profile.internal.measure.ProfileAssembler;
import org.libreyolo.profile.internal.measure.RepeatAggregation;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.pipeline.OutputLayout;
import org.libreyolo.profile.internal.result.Fingerprint;
import org.libreyolo.profile.internal.result.InferenceConfig;
import org.libreyolo.profile.internal.result.ProfileIo;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.options.DeviceSpec;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.process.ChildJvms;
import org.libreyolo.profile.result.InferResult;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.OpCalls;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.ProfileSummary;

/**
 * {@code profile infer}: the iteration body (preprocess, forward, postprocess of one batch) and its
 * configuration; the loop is {@link StepTimer}'s. On a GPU the first half of the measured
 * iterations gives end-to-end latencies, the second half (synchronised) stage times; on a CPU they
 * alternate ({@link Measurement#split}). Writes profile_summary.json, the trace and profile.json
 * per trial, and infer_repeat.json across trials.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class InferProfiler {
  private InferProfiler() {}

  /** The stage before the first step, announced because it takes seconds. */
  static final String LOADING = "loading the engine and the model";

  /**
   * Runs warmup and measured predict calls (with a trace) and writes the profile.
   *
   * @param options what to profile and where the files go
   * @param progress where progress goes (Progress.NONE for none)
   * @return the profile and the files written
   */
  public static InferResult run(InferOptions options, Progress progress) {
    return run(options, progress, null);
  }

  /**
   * The same, with the class path forks start on: a surface whose own class path is not the one the
   * tool runs on (a Maven plugin's realm) gives it; null is this JVM's.
   *
   * @param options what to profile and where the files go
   * @param progress where progress goes (Progress.NONE for none)
   * @param forkClasspath the class path of the forks ({@code -cp}), or null
   * @return the profile and the files written (with forks: the merged profile)
   */
  public static InferResult run(InferOptions options, Progress progress, String forkClasspath) {
    if (options.forks() > 1) {
      return ForkedInfer.run(
          options,
          progress,
          forkClasspath == null
              ? ChildJvms.Where.here()
              : new ChildJvms.Where(forkClasspath, null));
    }
    List<Trial> trials = measure(options, progress);
    List<ObjectNode> profiles = trials.stream().map(Trial::profile).toList();
    if (RepeatAggregation.withThroughput(profiles) > 1) {
      Path aggregate = options.project().resolve("infer_repeat.json");
      ObjectNode repeat =
          RepeatAggregation.thin(
              trials.get(trials.size() - 1).profile(),
              RepeatAggregation.throughputs(profiles),
              trials.stream().map(Trial::iterations).toList());
      ProfileIo.writeCompact(aggregate, repeat);
      return new InferResult(aggregate, new Profile(repeat));
    }
    Trial last = trials.get(trials.size() - 1);
    return new InferResult(last.file(), new Profile(last.profile()));
  }

  /**
   * One trial, measured and written: its profile and what the profile was built from (a fork sends
   * these to its parent: {@link ForkReply}).
   *
   * @param file its profile.json
   * @param profile the profile written
   * @param meta what was measured ({@code config})
   * @param iterations its samples, as measured
   * @param environment where it ran
   * @param device the device it ran on (concrete: never auto)
   */
  record Trial(
      Path file,
      ObjectNode profile,
      InferenceConfig meta,
      Iterations iterations,
      Fingerprint environment,
      DeviceSpec device) {}

  /** A fork's one measurement (one trial, in this JVM), for its parent. */
  static Trial measureOnce(InferOptions options) {
    List<Trial> trials = measure(options, Progress.NONE);
    return trials.get(trials.size() - 1);
  }

  private static List<Trial> measure(InferOptions options, Progress progress) {
    List<RgbImage> images = ImageSource.load(options.source());
    WeightsSource weights = WeightsSource.resolve(options.weights(), options.size());
    checkWritable(options.project()); // before the engine loads: a refusal costs no seconds
    progress.update(LOADING, 0, 1); // the engine and the model take seconds before any step
    Engines.boot(options.threads());
    InferOptions o = options.concrete();
    Device device = Engines.resolve(o.device());

    int trials = o.trials();
    List<Trial> out = new ArrayList<>();
    // one canary for every trial: the fixed reference the gate divides by (docs/statistics.md)
    try (Canary canary = Canary.engine(device)) {
      StepTimer.Blocks blocks = StepTimer.Blocks.standard(canary, true);
      for (int i = 0; i < trials; i++) {
        Path dir = o.project().resolve(trials > 1 ? "infer_" + i : "infer");
        String stage = trials > 1 ? "trial " + (i + 1) + "/" + trials + " " : "";
        try (Detector detector = ModelRuntimes.open(weights, CocoNames.NAMES.size(), device)) {
          // before any warmup or timing: a model that cannot run at this shape is one line (exit 2)
          boolean detect =
              detects(OutputLayout.probe(detector, weights.label(), o.input()), o, weights.label());
          DetectionPipeline pipeline =
              new DetectionPipeline(detector, o.input().height(), o.input().width(), o.nms());
          Path traceFile = o.trace() ? dir.resolve("profile_trace.json") : null;
          StepTimer.Plan plan =
              new StepTimer.Plan(
                  o.warmup(), o.runs(), traceFile, StepTimer.traceSteps(o.runs()), "runs", stage);
          StepTimer.Iteration body =
              (clock, index) -> iterate(pipeline, batch(images, index, o.batch()), clock, detect);
          Measurement m =
              StepTimer.run(plan, ModelRuntimes.traced(body, detector, dir), blocks, progress);
          out.add(finish(m, detector, weights, o, dir, detect));
        }
        if (i < trials - 1) {
          System.gc();
        }
      }
    }
    return out;
  }

  /**
   * Fails before any work when {@code --project} cannot be written, leaving nothing behind (a probe
   * file is written and deleted, and the folders made for it are removed again).
   *
   * @param project the output directory
   */
  static void checkWritable(Path project) {
    Folders.checkWritable(project, "{project}");
  }

  /**
   * Whether to decode detections: {@code --task detect} needs a YOLO layout, {@code none} never
   * decodes, {@code auto} follows the layout the probe saw.
   */
  static boolean detects(OutputLayout layout, InferOptions o, String model) {
    return switch (o.task()) {
      case NONE -> false;
      case AUTO -> layout.detection();
      case DETECT -> {
        if (!layout.detection()) {
          throw LibreYoloException.badInput(
              "{task} detect needs a YOLO detection output (batch, 4+classes, anchors);"
                  + " model "
                  + model
                  + " returns "
                  + layout.describe()
                  + ": use {task} none (or auto) to profile it as a"
                  + " plain model");
        }
        yield true;
      }
    };
  }

  /**
   * One iteration: preprocess, forward (in its own NDManager), postprocess; a plain model ({@code
   * detect} false) has no postprocess stage.
   */
  static void iterate(
      DetectionPipeline pipeline, List<RgbImage> images, PhaseClock clock, boolean detect) {
    DetectionPipeline.Batch batch;
    try (Span s = clock.phase(ProfileSchema.PREPROCESS)) {
      batch = pipeline.preprocess(images);
    }
    try (NDManager sub = pipeline.detector().manager().newSubManager()) {
      NDList out;
      try (Span s = clock.phase(ProfileSchema.FORWARD)) {
        out = pipeline.forward(sub, batch);
      }
      if (detect) {
        try (Span s = clock.phase(ProfileSchema.POSTPROCESS)) {
          pipeline.postprocess(out.get(0), batch);
        }
      }
    }
  }

  /** Images {@code (i * batch + j) mod N}: the source list cycles to fill every batch. */
  static List<RgbImage> batch(List<RgbImage> images, int iteration, int batch) {
    List<RgbImage> out = new ArrayList<>(batch);
    for (int j = 0; j < batch; j++) {
      out.add(images.get((int) (((long) iteration * batch + j) % images.size())));
    }
    return out;
  }

  private static Trial finish(
      Measurement m,
      Detector detector,
      WeightsSource weights,
      InferOptions o,
      Path dir,
      boolean detect) {
    Measurement.Split split = m.split(o.device().cuda());
    Iterations it =
        new Iterations(
            m.total(split.whole()), m.phases(split.phases()), m.blocks(), m.allocatedBytes());
    InferenceConfig meta = config(detector, weights, o, detect);
    Fingerprint env = environment(detector, o);
    ObjectNode profile =
        write(
            dir,
            meta,
            it,
            m.trace(),
            o.device(),
            env,
            ProfileAssembler.ProcessFigures.of(m),
            Pooled.NONE);
    return new Trial(dir.resolve("profile.json"), profile, meta, it, env, o.device());
  }

  /**
   * What a forked profile records beside its pooled iterations: {@code samples.forks} (per fork its
   * blocks and environment) and {@code trace_from} (whose trace it is); none for one process.
   *
   * @param forks {@code samples.forks}, or null
   * @param traceFrom {@code trace_from}, or null
   * @param traced the iterations of the fork that recorded the trace, or null: its trace's profiler
   *     cost is taken out against that process's own stages, not the pooled ones
   * @param otherTraced the op calls of the other forks that traced their steps (before the one
   *     whose trace the profile keeps), or null: the profile keeps every traced process's
   */
  record Pooled(ArrayNode forks, ObjectNode traceFrom, Iterations traced, OpCalls otherTraced) {
    static final Pooled NONE = new Pooled(null, null, null, null);
  }

  /**
   * The one builder of an inference profile, for one process and for pooled forks alike: every
   * headline figure computed once from the iterations ({@link Headline}), the trace (null: none)
   * analysed with their mean as its real step, the verdict from their stage means, and the
   * iterations written as the samples. Writes profile_summary.json and profile.json into {@code
   * dir}.
   */
  static ObjectNode write(
      Path dir,
      InferenceConfig meta,
      Iterations it,
      Path trace,
      DeviceSpec device,
      Fingerprint environment,
      ProfileAssembler.ProcessFigures process,
      Pooled pooled) {
    Headline h =
        Headline.of(it.latencyMs(), it.stagesMs(), meta.batch(), ProfileSchema.INFERENCE_STAGES);
    double pre = h.stageMs(ProfileSchema.PREPROCESS);
    double fwd = h.stageMs(ProfileSchema.FORWARD);
    double post = h.stageMs(ProfileSchema.POSTPROCESS);
    LatencyStats lat = h.stats();
    double meanMs = h.meanMs();
    double imgPerS = h.imgPerS();
    ProfileSummary summary =
        ProfileSummary.inference(meta.json(), meanMs, imgPerS, null, h.latency(), h.stages());

    boolean cuda = device.cuda();
    ObjectNode profile = null;
    if (trace != null) {
      try {
        // a forked trace's profiler cost is taken out against its own process's stages
        Map<String, Double> untracedMs =
            pooled.traced() == null
                ? summary.untracedPhaseMs()
                : ProfileSummary.untracedPhaseMs(
                    null, ProfileAssembler.means(pooled.traced().stagesMs()));
        profile = ProfileAssembler.analyse(trace, summary, untracedMs);
      } catch (LibreYoloException e) {
        profile = null; // reference: an analysis failure falls back to the trace-less profile
      }
    }
    if (profile != null) {
      Num gpuUtil = Num.of(profile.get(ProfileSchema.GPU_UTIL));
      Double util = gpuUtil != null && cuda ? gpuUtil.value() : null;
      InferenceVerdict v = InferenceVerdict.of(pre, fwd, post, util, cuda);
      ProfileAssembler.overlayInference(profile, v.bound(), v.why(), h);
    } else {
      InferenceVerdict v = InferenceVerdict.of(pre, fwd, post, null, cuda);
      profile =
          ProfileAssembler.traceless(
              meta.json(),
              v.bound(),
              v.why(),
              meanMs,
              imgPerS,
              lat.n(),
              h.latency(),
              h.stages(),
              true);
    }
    ObjectNode samples = JsonNodeFactory.instance.objectNode();
    it.write(samples);
    if (pooled.forks() != null) {
      samples.set(ProfileSchema.FORKS, pooled.forks());
    }
    if (pooled.traceFrom() != null && trace != null) {
      profile.set(ProfileSchema.TRACE_FROM, pooled.traceFrom());
    }
    OpCalls own = OpCalls.of(profile.get(ProfileSchema.OP_CALLS));
    if (pooled.otherTraced() != null && own != null) {
      ProfileAssembler.keepOpCalls(profile, pooled.otherTraced().plus(own));
    }
    ProfileAssembler.finish(dir, profile, summary, device.label(), environment, samples, process);
    return profile;
  }

  /**
   * The run's environment; an ONNX model names ONNX Runtime as its engine (libtorch still runs the
   * pre- and postprocessing).
   */
  private static Fingerprint environment(Detector detector, InferOptions o) {
    return Environment.ofModel(o.device().label(), detector.info().parameters())
        .withEngine(ModelRuntimes.engineName(detector));
  }

  private static InferenceConfig config(
      Detector detector, WeightsSource weights, InferOptions o, boolean detect) {
    return new InferenceConfig(
        weights.requested(),
        o.batch(),
        o.inputSize(),
        o.half(),
        o.ampDtype(),
        o.device().label(),
        Double.parseDouble(Float.toString(o.nms().conf())),
        Double.parseDouble(Float.toString(o.nms().iou())),
        o.nms().maxDet(),
        weights.label(),
        ModelRuntimes.engineName(detector),
        detector.info().size(),
        detector.info().parameters(),
        Engines.threads(),
        o.warmup(),
        o.runs(),
        o.trace(),
        // what ran after the forward pass: decode + NMS, or nothing for a plain model (--task)
        detect ? "detect" : "none",
        o.input().toString(),
        o.trace() ? StepTimer.traceSteps(o.runs()) : 0,
        // the workload's identity for the gate (docs/profile-schema.md): what was fed, which file
        // ran
        o.source() == null ? "bundled:" + ImageSource.SAMPLE : o.source().toString(),
        weights.file() != null && java.nio.file.Files.isRegularFile(weights.file())
            ? ContentHash.sha256(weights.file())
            : null,
        null);
  }
}
