package org.libreyolo.profile.cli;

import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.InferOptions;
import picocli.CommandLine.Option;

/**
 * The in-job A/B's flags: {@code --warmup}, {@code --pairs}, {@code --block-runs}, {@code --alpha},
 * {@code --max-regression} ({@code profile ab}, each step of {@code profile bisect}).
 */
public final class AbFlags {
  @Option(
      names = "--warmup",
      defaultValue = Defaults.Ab.WARMUP,
      description = "warmup iterations per arm (default: ${DEFAULT-VALUE})")
  int warmup;

  @Option(
      names = "--pairs",
      defaultValue = Defaults.Ab.PAIRS,
      description = "pairs of blocks, the independent unit (default: ${DEFAULT-VALUE})")
  int pairs;

  @Option(
      names = "--block-runs",
      defaultValue = Defaults.Ab.BLOCK_RUNS,
      description = "iterations per block (default: ${DEFAULT-VALUE})")
  int blockRuns;

  @Option(
      names = "--alpha",
      defaultValue = Defaults.Ab.ALPHA,
      description = "the interval is at 1 - alpha (default: ${DEFAULT-VALUE})")
  double alpha;

  @Option(
      names = "--max-regression",
      defaultValue = Defaults.Ab.MAX_REGRESSION,
      description = "the slowdown that counts, 0.02 = 2%% (default: ${DEFAULT-VALUE})")
  double maxRegression;

  @Option(
      names = "--looks",
      defaultValue = Defaults.Ab.LOOKS,
      description =
          "looks at the pairs, stopping once decided; 1: only at the end (default: ${DEFAULT-VALUE})")
  int looks;

  /** The A/B of {@code baseline} against the weights {@code infer} names. */
  AbProfiler.Options options(InferOptions infer, String baseline) {
    return new AbProfiler.Options(infer, baseline, pairs, blockRuns, alpha, maxRegression, looks);
  }
}
