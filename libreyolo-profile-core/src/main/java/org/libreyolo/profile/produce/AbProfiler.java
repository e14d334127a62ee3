package org.libreyolo.profile.produce;

import ai.djl.Device;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.LibreYoloException;
import org.libreyolo.profile.gate.PairedBlocks;
import org.libreyolo.profile.internal.analysis.LatencyStats;
import org.libreyolo.profile.internal.data.ImageSource;
import org.libreyolo.profile.internal.engine.Engines;
import org.libreyolo.profile.internal.image.RgbImage;
import org.libreyolo.profile.internal.measure.AlternatingBlocks;
import org.libreyolo.profile.internal.measure.StepTimer;
import org.libreyolo.profile.internal.model.CocoNames;
import org.libreyolo.profile.internal.model.Detector;
import org.libreyolo.profile.internal.pipeline.DetectionPipeline;
import org.libreyolo.profile.internal.pipeline.OutputLayout;
import org.libreyolo.profile.internal.python.PyRound;
import org.libreyolo.profile.internal.report.Fmt;
import org.libreyolo.profile.internal.result.ProfileIo;
import org.libreyolo.profile.internal.weights.Detectors;
import org.libreyolo.profile.internal.weights.WeightsSource;
import org.libreyolo.profile.options.InputShape;
import org.libreyolo.profile.options.Progress;

/**
 * {@code profile ab}: the baseline weights (A) and the candidate (B) in one process, on the same
 * images and settings, in alternating blocks of iterations (AB, BA, AB, ...: neither always runs
 * first). Each pair of blocks gives one log-ratio of block medians; the verdict comes from those
 * pairs ({@link PairedBlocks}). Writes {@code ab.json} under the project (docs/statistics.md).
 */
@Api(status = Api.Status.EXPERIMENTAL)
public final class AbProfiler {
  /** The schema name written in every file of this kind. */
  public static final String SCHEMA = "libreyolo.profile.ab/v1";

  private AbProfiler() {}

  /**
   * @param infer the workload and settings; its weights are the candidate's (B)
   * @param baselineWeights the baseline's weights (A)
   * @param pairs pairs of blocks (the independent unit)
   * @param blockRuns iterations per block
   * @param alpha the significance level, within (0, 1)
   * @param maxRegression the slowdown the gate tolerates, a fraction (0.05 = 5%)
   */
  public record Options(InferOptions infer, String baselineWeights, int pairs, int blockRuns, double alpha,
      double maxRegression) {
    public Options {
      if (baselineWeights == null || baselineWeights.isBlank()) {
        throw LibreYoloException.badInput("missing {baselineWeights}: the weights to compare against");
      }
      if (pairs < PairedBlocks.MIN_PAIRS) {
        throw LibreYoloException.badInput("{pairs} must be >= " + PairedBlocks.MIN_PAIRS + " for a paired interval, got "
            + pairs);
      }
      if (blockRuns < 1) {
        throw LibreYoloException.badInput("{blockRuns} must be >= 1, got " + blockRuns);
      }
      org.libreyolo.profile.internal.compare.SampleStatistics.checkAlpha(alpha, "abAlpha");
      if (!(maxRegression >= 0 && maxRegression < 10)) {
        throw LibreYoloException.badInput("{abMaxRegression} must be a fraction >= 0 (0.02 = 2%), got " + maxRegression);
      }
    }
  }

  /**
   * What the A/B measured (every pair), how, its verdict, and the JSON written to {@code file}.
   *
   * @param file where the A/B result ({@code ab.json}) is written
   * @param baseline the baseline arm's label
   * @param candidate the candidate's label
   * @param settings how the A/B measures and decides
   * @param pairs the measured pairs
   * @param verdict the paired-blocks verdict
   * @param json the A/B result as written
   */
  public record Result(Path file, String baseline, String candidate, Settings settings,
      AlternatingBlocks.Pairs pairs, PairedBlocks verdict, ObjectNode json) {
    /**
     * The lines {@code profile ab} prints.
     *
     * @return the text lines
     */
    public List<String> text() {
      return List.of(
          "A/B  " + baseline + " (A) vs " + candidate + " (B): " + verdict.pairs() + " pairs of blocks, A and B alternating",
          "block medians  A " + PyRound.format(LatencyStats.median(pairs.aMs()), 3) + " ms | B "
              + PyRound.format(LatencyStats.median(pairs.bMs()), 3) + " ms",
          changeLine(), mdeLine(), verdictLine(), "result: " + file);
    }

    /**
     * The change and its interval, as one line.
     *
     * @return the change and its interval, as one line
     */
    public String changeLine() {
      return "change " + signed(verdict.change()) + " [" + PyRound.format((1 - settings.alpha()) * 100, 0) + "% CI "
          + signed(verdict.ciLow()) + ", " + signed(verdict.ciHigh()) + "] (paired log-ratios of block medians)";
    }

    /**
     * What the A/B could detect, as one line.
     *
     * @return what the A/B could detect, as one line
     */
    public String mdeLine() {
      return "minimum detectable effect ~" + PyRound.format(verdict.mde() * 100, 1) + "%; threshold "
          + PyRound.format(settings.maxRegression() * 100, 1) + "%";
    }

    /**
     * The verdict and its reason, as one line.
     *
     * @return the verdict and its reason, as one line
     */
    public String verdictLine() {
      return "verdict: " + verdict.verdict() + " (" + verdict.why() + ")";
    }

    private static String signed(double v) {
      return Fmt.signedPercent(v);
    }
  }

  /**
   * Profiles two weights on one input in alternating blocks and judges the pairs.
   *
   * @param o what to compare: two weights on one inference setup
   * @param progress where progress goes (Progress.NONE for none)
   * @return the A/B result, also written to {@code ab.json}
   */
  public static Result run(Options o, Progress progress) {
    InferOptions checked = o.infer();
    List<RgbImage> images = ImageSource.load(checked.source());
    WeightsSource a = WeightsSource.resolve(o.baselineWeights(), checked.size());
    WeightsSource b = WeightsSource.resolve(checked.weights(), checked.size());
    Engines.boot(checked.threads());
    InferOptions io = checked.concrete();
    Device device = Engines.resolve(io.device());
    InferProfiler.checkWritable(io.project());
    try (Detector da = Detectors.load(a, CocoNames.NAMES.size(), device);
        Detector db = Detectors.load(b, CocoNames.NAMES.size(), device)) {
      InputShape input = io.input();
      boolean detectA = InferProfiler.detects(OutputLayout.probe(da, a.label(), input), io, a.label());
      boolean detectB = InferProfiler.detects(OutputLayout.probe(db, b.label(), input), io, b.label());
      DetectionPipeline pa = new DetectionPipeline(da, input.height(), input.width(), io.nms());
      DetectionPipeline pb = new DetectionPipeline(db, input.height(), input.width(), io.nms());
      ObjectNode config = JsonNodeFactory.instance.objectNode();
      config.put("imgsz", io.inputSize());
      config.put("batch", io.batch());
      config.put("source", io.source() == null ? "bundled:" + ImageSource.SAMPLE : io.source().toString());
      config.put("threads", Engines.threads());
      config.put("device", io.device().label());
      return compareIterations(a.label(), b.label(),
          (clock, index) -> InferProfiler.iterate(pa, InferProfiler.batch(images, index, io.batch()), clock, detectA),
          (clock, index) -> InferProfiler.iterate(pb, InferProfiler.batch(images, index, io.batch()), clock, detectB),
          config, new Settings(io.warmup(), o.pairs(), o.blockRuns(), o.alpha(), o.maxRegression()),
          io.project().resolve("ab.json"), progress);
    }
  }

  /**
   * How an A/B measures and decides (the CLI, the Maven goal and the JUnit form share it).
   *
   * @param warmup discarded iterations before the measured ones, at least 0
   * @param pairs A/B pairs, at least 4
   * @param blockRuns iterations per A/B block
   * @param alpha the significance level, within (0, 1)
   * @param maxRegression the slowdown the gate tolerates, a fraction (0.05 = 5%)
   */
  public record Settings(int warmup, int pairs, int blockRuns, double alpha, double maxRegression) {}

  /**
   * Any two iteration bodies, A/B: alternating blocks, the paired verdict, {@code file} written
   * with every pair. {@code config} names what was measured.
   *
   * @param baseline the baseline arm's label
   * @param candidate the candidate's label
   * @param a one iteration of the baseline arm
   * @param b one iteration of the candidate arm
   * @param config what was measured, as JSON
   * @param s how the A/B measures and decides
   * @param file where the A/B result ({@code ab.json}) is written
   * @param progress where progress goes (Progress.NONE for none)
   * @return the A/B result
   */
  public static Result compare(String baseline, String candidate, CustomStepProfiler.Step a,
      CustomStepProfiler.Step b, ObjectNode config, Settings s, Path file, Progress progress) {
    return compareIterations(baseline, candidate, CustomStepProfiler.iteration(a), CustomStepProfiler.iteration(b),
        config, s, file, progress);
  }

  private static Result compareIterations(String baseline, String candidate, StepTimer.Iteration a,
      StepTimer.Iteration b, ObjectNode config, Settings s, Path file, Progress progress) {
    AlternatingBlocks.Pairs measured = AlternatingBlocks.run(a, b, s.warmup(), s.pairs(), s.blockRuns(), progress);
    PairedBlocks v = PairedBlocks.of(measured.logRatios(), s.alpha(), s.maxRegression());
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("schema", SCHEMA);
    out.put("baseline", baseline);
    out.put("candidate", candidate);
    ObjectNode c = config.deepCopy();
    c.put("warmup", s.warmup());
    c.put("pairs", s.pairs());
    c.put("block_runs", s.blockRuns());
    out.set("config", c);
    out.put("alpha", s.alpha());
    out.put("max_regression", s.maxRegression());
    out.put("change", PyRound.round(v.change(), 4));
    out.put("ci_low", PyRound.round(v.ciLow(), 4));
    out.put("ci_high", PyRound.round(v.ciHigh(), 4));
    out.put("mde", PyRound.round(v.mde(), 4));
    out.put("verdict", v.verdict().name());
    out.put("why", v.why());
    ArrayNode pairs = out.putArray("pairs");
    for (int k = 0; k < measured.aMs().length; k++) {
      ObjectNode p = pairs.addObject();
      p.put("order", k % 2 == 0 ? "AB" : "BA");
      p.put("a_ms", PyRound.round(measured.aMs()[k], 4));
      p.put("b_ms", PyRound.round(measured.bMs()[k], 4));
      p.put("log_ratio", PyRound.round(measured.logRatios()[k], 6));
    }
    ProfileIo.writeIndented(file, out);
    return new Result(file, baseline, candidate, s, measured, v, out);
  }
}
