package org.libreyolo.profile.internal.report;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.compare.SampleStatistics;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.ProfileSchema;

/**
 * The {@code compare} reader's JSON: the reference's keys in its order, then ours (the workloads'
 * differences first, the statistics block, the environment fields that differ, the memory rows).
 */
public final class CompareJson {
  private static final JsonNodeFactory F = JsonNodeFactory.instance;

  private CompareJson() {}

  /**
   * {@return what {@code compare --json} prints}
   *
   * @param c the comparison
   */
  public static ObjectNode json(Comparison.Result c) {
    ObjectNode out = F.objectNode();
    out.put("before", c.before());
    out.put("after", c.after());
    // ours, first: two workloads are side by side, not a change
    c.workloadDifferences().forEach(out.putArray("workload_differences")::add);
    ObjectNode ips = out.putObject(ProfileSchema.IMG_PER_S);
    ips.set("before", Num.json(c.imgPerS().before()));
    ips.set("after", Num.json(c.imgPerS().after()));
    ips.putArray("std")
        .add(Num.json(c.imgPerSStd().before()))
        .add(Num.json(c.imgPerSStd().after()));
    ips.putArray("n").add(c.trials().before()).add(c.trials().after());
    ips.put("significant", c.significance().significant());
    ips.put("significance", c.significance().text());
    ObjectNode msPerImageNode = out.putObject("ms_per_image");
    msPerImageNode.put("before", c.msPerImage().before());
    msPerImageNode.put("after", c.msPerImage().after());
    numbers(out, ProfileSchema.GPU_UTIL, c.gpuUtil());
    numbers(out, ProfileSchema.HOST_OVERHEAD_MS_PER_STEP, c.hostOverheadMsPerStep());
    numbers(out, ProfileSchema.LAUNCHES_PER_STEP, c.launchesPerStep());
    ObjectNode boundNode = out.putObject(ProfileSchema.BOUND);
    boundNode.put("before", c.bound().before());
    boundNode.put("after", c.bound().after());
    out.set("statistics", c.statistics() == null ? F.nullNode() : statistics(c.statistics()));
    out.set("environment_differences", environment(c));
    if (!c.memory().isEmpty()) { // ours: a reference profile has none, and its JSON stays as it was
      ObjectNode memoryNode = out.putObject("memory");
      for (Comparison.MemoryRow row : c.memory()) {
        memoryNode.putObject(row.metric()).put("before", row.before()).put("after", row.after());
      }
    }
    return out;
  }

  /**
   * {@return {@code {field: [before, after]}} of the environment fields that differ}
   *
   * @param c the comparison
   */
  public static ObjectNode environment(Comparison.Result c) {
    ObjectNode out = F.objectNode();
    c.environmentDifferences()
        .forEach((field, pair) -> out.putArray(field).add(pair.before()).add(pair.after()));
    return out;
  }

  private static ObjectNode statistics(Comparison.Statistics s) {
    SampleStatistics raw = s.raw();
    ObjectNode out = F.objectNode();
    out.put("metric", s.metric());
    out.put("per", s.per());
    out.put("lower_is_better", s.lowerIsBetter());
    out.putArray("n").add(raw.nBefore()).add(raw.nAfter());
    out.put("alpha", s.alpha());
    ObjectNode welch = out.putObject("welch_log");
    welch.put("ratio", rounded(raw.ratio()));
    welch.putArray("ci95").add(rounded(raw.ratioLow())).add(rounded(raw.ratioHigh()));
    welch.put("p", raw.welchP());
    ObjectNode mw = out.putObject("mann_whitney");
    mw.put("p", raw.mannWhitneyP());
    mw.put("hodges_lehmann_shift", rounded(raw.hodgesLehmann()));
    ObjectNode boot = out.putObject("bootstrap_median_change");
    boot.put("change", rounded(raw.medianChange()));
    boot.putArray("ci95").add(rounded(raw.medianChangeLow())).add(rounded(raw.medianChangeHigh()));
    boot.put("resamples", SampleStatistics.BOOTSTRAP_RESAMPLES);
    out.put("mde_relative", rounded(raw.mde()));
    out.put("noise_cv", rounded(raw.cv()));
    return out;
  }

  private static void numbers(ObjectNode out, String key, Comparison.Pair<Num> pair) {
    ObjectNode node = out.putObject(key);
    node.set("before", Num.json(pair.before()));
    node.set("after", Num.json(pair.after()));
  }

  private static double rounded(double v) {
    return Comparison.Statistics.rounded(v);
  }
}
