package org.libreyolo.profile.maven;

import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.gate.Verdict;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.InferOptions;
import org.libreyolo.profile.result.Json;

/**
 * In-job A/B: the baseline weights and the candidate in one process, in alternating blocks; fails
 * the build when the candidate is slower beyond {@code abMaxRegression} with the whole interval.
 * Writes {@code ab.json} under the output directory.
 */
@Mojo(name = "ab", threadSafe = true, requiresProject = false)
public class AbMojo extends AbstractInferenceMojo {
  /** The baseline's weights (A): a built-in name, an .npz/.safetensors state dict or a TorchScript file. */
  @Parameter(property = "libreyolo.profile.baselineWeights")
  String baselineWeights;

  /** Warmup iterations per arm. */
  @Parameter(property = "libreyolo.profile.warmup", defaultValue = Defaults.Ab.WARMUP)
  int warmup;

  /** Pairs of blocks, the independent unit (at least 4). */
  @Parameter(property = "libreyolo.profile.pairs", defaultValue = Defaults.Ab.PAIRS)
  int pairs;

  /** Iterations per block. */
  @Parameter(property = "libreyolo.profile.blockRuns", defaultValue = Defaults.Ab.BLOCK_RUNS)
  int blockRuns;

  /**
   * The A/B interval is two-sided at 1 - abAlpha, within (0, 1). Its own name: the stored-baseline
   * gate's {@code alpha} (check) has another default, and one property means one value.
   */
  @Parameter(property = "libreyolo.profile.abAlpha", defaultValue = Defaults.Ab.ALPHA)
  double abAlpha;

  /** The slowdown the A/B counts (0.02 = 2%); the check goal's threshold is {@code maxRegression}. */
  @Parameter(property = "libreyolo.profile.abMaxRegression", defaultValue = Defaults.Ab.MAX_REGRESSION)
  double abMaxRegression;

  /** Fail the build on REGRESSION (false: log it as a warning). */
  @Parameter(property = "libreyolo.profile.failOnRegression", defaultValue = "true")
  boolean failOnRegression;

  @Override
  void run() throws MojoFailureException {
    InferOptions infer = inferOptions().warmup(warmup).trace(false).build();
    AbProfiler.Result r = AbProfiler.run(new AbProfiler.Options(infer, baselineWeights, pairs, blockRuns, abAlpha,
        abMaxRegression), (stage, done, total) -> { });
    if (json) {
      getLog().info(Json.indented(r.json()));
    } else {
      log(r.text());
    }
    if (r.verdict().verdict() == Verdict.REGRESSION) {
      if (failOnRegression) {
        throw new MojoFailureException("performance regression: " + r.candidate() + " vs " + r.baseline() + " (details: "
            + r.file() + ")");
      }
      getLog().warn("REGRESSION reported but the build is not failed (libreyolo.profile.failOnRegression=false)");
    }
  }
}
