package org.libreyolo.profile.produce;

import ai.djl.Device;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.diff.StepChange;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.gate.Looks;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.internal.analysis.TraceAnalyzer;
import org.libreyolo.profile.internal.compare.Fractions;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.measure.AlternatingBlocks;
import org.libreyolo.profile.internal.measure.ProfileAssembler;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.pipeline.OutputLayout;
import org.libreyolo.profile.internal.runtime.ModelRuntimes;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.options.InputShape;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.ProfileSummary;

/**
 * {@code profile ab}: the baseline weights (A) and the candidate (B) in one process, on the same
 * images and settings, in alternating blocks of iterations (AB, BA, AB, ...: neither always runs
 * first). Each pair of blocks gives one log-ratio of block medians; the verdict comes from those
 * pairs ({@link PairedBlocks}). Writes {@code ab.json} under the project (docs/statistics.md).
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class AbProfiler {
  private AbProfiler() {}

  /**
   * @param infer the workload and settings; its weights are the candidate's (B)
   * @param baselineWeights the baseline's weights (A)
   * @param pairs pairs of blocks (the independent unit)
   * @param blockRuns iterations per block
   * @param alpha the significance level, within (0, 1)
   * @param maxRegression the slowdown the gate tolerates, a fraction (0.05 = 5%)
   * @param looks how often the A/B looks at its pairs and stops once decided (1: only at the end)
   */
  public record Options(
      InferOptions infer,
      String baselineWeights,
      int pairs,
      int blockRuns,
      double alpha,
      double maxRegression,
      int looks) {
    public Options {
      if (baselineWeights == null || baselineWeights.isBlank()) {
        throw LibreYoloException.badInput(
            "missing {baselineWeights}: the weights to compare against");
      }
      PairedBlocks.checkPairs(pairs);
      if (blockRuns < 1) {
        throw LibreYoloException.badInput("{blockRuns} must be >= 1, got " + blockRuns);
      }
      Fractions.checkAlpha(alpha, "abAlpha");
      Fractions.checkMaxRegression(maxRegression, "abMaxRegression");
      Looks.checkCount(looks);
    }
  }

  /**
   * Profiles two weights on one input in alternating blocks and judges the pairs.
   *
   * @param o what to compare: two weights on one inference setup
   * @param progress where progress goes (Progress.NONE for none)
   * @param files writes {@code ab.json} (the report's writer, handed in by the surface)
   * @return the A/B result, also written to {@code ab.json}
   */
  public static AbResult run(Options o, Progress progress, AbResult.Writer files) {
    InferOptions checked = o.infer();
    List<RgbImage> images = ImageSource.load(checked.source());
    WeightsSource a = WeightsSource.resolve(o.baselineWeights(), checked.size());
    WeightsSource b = WeightsSource.resolve(checked.weights(), checked.size());
    InferProfiler.checkWritable(checked.project());
    progress.update(InferProfiler.LOADING, 0, 1);
    Engines.boot(checked.threads());
    InferOptions io = checked.concrete();
    Device device = Engines.resolve(io.device());
    try (Detector da = ModelRuntimes.open(a, CocoNames.NAMES.size(), device);
        Detector db = ModelRuntimes.open(b, CocoNames.NAMES.size(), device)) {
      InputShape input = io.input();
      boolean detectA =
          InferProfiler.detects(OutputLayout.probe(da, a.label(), input), io, a.label());
      boolean detectB =
          InferProfiler.detects(OutputLayout.probe(db, b.label(), input), io, b.label());
      DetectionPipeline pa = new DetectionPipeline(da, input.height(), input.width(), io.nms());
      DetectionPipeline pb = new DetectionPipeline(db, input.height(), input.width(), io.nms());
      ObjectNode config = JsonNodeFactory.instance.objectNode();
      config.put(ProfileSchema.IMGSZ, io.inputSize());
      config.put(ProfileSchema.BATCH, io.batch());
      config.put(
          ProfileSchema.SOURCE,
          io.source() == null ? "bundled:" + ImageSource.SAMPLE : io.source().toString());
      config.put(ProfileSchema.THREADS, Engines.threads());
      config.put(ProfileSchema.DEVICE, io.device().label());
      boolean engines =
          !ModelRuntimes.forModel(da).name().equals(ModelRuntimes.forModel(db).name());
      StepTimer.Iteration armA =
          (clock, index) ->
              InferProfiler.iterate(
                  pa, InferProfiler.batch(images, index, io.batch()), clock, detectA);
      StepTimer.Iteration armB =
          (clock, index) ->
              InferProfiler.iterate(
                  pb, InferProfiler.batch(images, index, io.batch()), clock, detectB);
      AbResult r =
          compareIterations(
              engines ? a.label() + " (" + engine(da) + ")" : a.label(),
              engines ? b.label() + " (" + engine(db) + ")" : b.label(),
              armA,
              armB,
              config,
              new AbResult.Settings(
                  io.warmup(), o.pairs(), o.blockRuns(), o.alpha(), o.maxRegression(), o.looks()),
              io.project().resolve("ab.json"),
              false,
              Defaults.Ab.SETTLE_MS_VALUE, // the pipeline's Java code compiled before the pairs
              progress,
              files);
      if (!io.trace()) {
        return r;
      }
      // each arm traced after the pairs, back to back: what changed between them, and where
      Profile tracedA = traceArm("a", ModelRuntimes.traced(armA, da, io.project()), io, progress);
      Profile tracedB = traceArm("b", ModelRuntimes.traced(armB, db, io.project()), io, progress);
      PairedBlocks v = r.verdict();
      AbResult explained =
          r.withDiff(
              ProfileDiff.of(
                  tracedA, tracedB, new StepChange(v.change(), v.ciLow(), v.ciHigh()), null));
      files.write(explained);
      return explained;
    }
  }

  /** One arm's traced steps ({@code <project>/ab/<arm>/profile_trace.json}), analysed. */
  private static Profile traceArm(
      String arm, StepTimer.Iteration body, InferOptions io, Progress progress) {
    Path dir = io.project().resolve("ab").resolve(arm);
    try {
      java.nio.file.Files.createDirectories(dir);
    } catch (java.io.IOException e) {
      throw LibreYoloException.badInput("cannot write " + dir + ": " + e.getMessage(), e);
    }
    Path trace = dir.resolve("profile_trace.json");
    StepTimer.run(
        new StepTimer.Plan(
            1,
            1, // the plan's least: the pairs measured the arm, the traced steps follow
            trace,
            TraceAnalyzer.TRACE_STEPS,
            "runs",
            "trace " + arm.toUpperCase() + " ",
            false),
        body,
        progress);
    // analysed as a producer does: the arm's op calls kept in its profile for the diff
    return new Profile(ProfileAssembler.analyse(trace, ProfileSummary.EMPTY));
  }

  /**
   * What runs a model's forward, named where the two arms differ in it: then the engine is the
   * thing compared (the rest of the environment is one process's).
   */
  private static String engine(Detector d) {
    return ModelRuntimes.forModel(d).label();
  }

  /**
   * Any two iteration bodies, A/B: alternating blocks, the paired verdict, {@code file} written
   * with every pair. {@code config} names what was measured. The leading arm can be chosen: the A/B
   * across versions draws it per JVM, so neither side's copy of the code is always warmed first.
   *
   * @param baseline the baseline arm's label
   * @param candidate the candidate's label
   * @param a one iteration of the baseline arm
   * @param b one iteration of the candidate arm
   * @param config what was measured, as JSON
   * @param s how the A/B measures and decides
   * @param file where the A/B result ({@code ab.json}) is written
   * @param candidateFirst whether the candidate leads the warm-up and the first pair
   * @param settleMs after the warm-up, alternating blocks until the JIT is quiet, at most this long
   *     (0: none)
   * @param progress where progress goes (Progress.NONE for none)
   * @param files writes {@code file} (the report's writer, handed in by the surface)
   * @return the A/B result
   */
  public static AbResult compare(
      String baseline,
      String candidate,
      CustomStepProfiler.Step a,
      CustomStepProfiler.Step b,
      ObjectNode config,
      AbResult.Settings s,
      Path file,
      boolean candidateFirst,
      double settleMs,
      Progress progress,
      AbResult.Writer files) {
    return compareIterations(
        baseline,
        candidate,
        CustomStepProfiler.iteration(a),
        CustomStepProfiler.iteration(b),
        config,
        s,
        file,
        candidateFirst,
        settleMs,
        progress,
        files);
  }

  private static AbResult compareIterations(
      String baseline,
      String candidate,
      StepTimer.Iteration a,
      StepTimer.Iteration b,
      ObjectNode config,
      AbResult.Settings s,
      Path file,
      boolean candidateFirst,
      double settleMs,
      Progress progress,
      AbResult.Writer files) {
    Looks looks = Looks.of(s.looks(), s.pairs(), s.alpha());
    AlternatingBlocks.Pairs measured =
        AlternatingBlocks.run(
            a,
            b,
            s.warmup(),
            s.pairs(),
            s.blockRuns(),
            candidateFirst,
            settleMs,
            looks.at(),
            prefix -> Looks.stops(judge(prefix, looks, s), s.maxRegression()),
            progress);
    PairedBlocks v = judge(measured.logRatios(), looks, s);
    AbResult r =
        new AbResult(
            file,
            baseline,
            candidate,
            config,
            s,
            measured.aMs(),
            measured.bMs(),
            measured.logRatios(),
            v,
            measured.aMeanMs(),
            measured.bMeanMs(),
            measured.meanLogRatios(),
            measured.settling().rounds(),
            measured.settling().settled(),
            measured.aJavaSamples(),
            measured.bJavaSamples(),
            null,
            looks);
    files.write(r);
    return r;
  }

  /** The pairs' log-ratios so far at the look they reached. */
  private static PairedBlocks judge(double[] logRatios, Looks looks, AbResult.Settings s) {
    return PairedBlocks.atLook(
        logRatios, looks, looks.lookAfter(logRatios.length), s.maxRegression());
  }
}
