package org.libreyolo.profile.junit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.Defaults;
import org.libreyolo.profile.OutputFiles;
import org.libreyolo.profile.gate.AbResult;
import org.libreyolo.profile.options.Progress;
import org.libreyolo.profile.produce.AbProfiler;
import org.libreyolo.profile.produce.CustomStepProfiler;
import org.libreyolo.profile.report.AbReport;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;

/**
 * In the JVM of one side alone that checks an A/B across versions (docs/versions.md, "As it runs
 * alone"): after the step's profile, its blocks as the shared JVMs time them (the same warm-up, the
 * same settling of the JIT, blocks of the same length, each block's median iteration) but back to
 * back, nothing of the other side between them: the step's time per call as it runs alone, in
 * {@link OutputFiles#SOLO_FILE} beside its profile.
 */
final class SoloBlocks {
  private SoloBlocks() {}

  static void run(StepConfig config, Profile profile, CustomStepProfiler.Step step) {
    double p50 = profile.latency() == null ? 0 : Num.orZero(profile.latency().p50());
    int blockRuns = PairedSides.blockRuns(p50, Defaults.Versions.BLOCK_MS_VALUE);
    ObjectNode what = JsonNodeFactory.instance.objectNode();
    what.put("step", config.name());
    what.put("alone", true);
    // both arms are this side's one step: the pairs' machinery, with itself between its blocks
    AbProfiler.compare(
        "alone",
        "alone",
        step,
        step,
        what,
        new AbResult.Settings(
            blockRuns,
            config.fork().soloPairs(),
            blockRuns,
            Defaults.Ab.ALPHA_VALUE,
            Defaults.Ab.MAX_REGRESSION_VALUE),
        config.outputDirectory().resolve(OutputFiles.SOLO_FILE),
        false,
        Defaults.Ab.SETTLE_MS_VALUE,
        Progress.NONE,
        AbReport::write);
  }
}
