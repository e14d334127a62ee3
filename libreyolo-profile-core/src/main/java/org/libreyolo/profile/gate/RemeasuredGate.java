package org.libreyolo.profile.gate;

import java.util.List;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.diff.StepChange;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Profile;

/**
 * The baseline gate's verdict when the baseline was measured again in this job: the baseline's
 * model and the current one in alternating blocks in one process ({@link PairedBlocks}) decide the
 * timing, on the machine as it is now; the stored numbers stay the history and the drift guard
 * (their own verdict, {@link #drift}), and the exact counters (ops, work per step) still fail a
 * build on their own, as they do against stored numbers.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class RemeasuredGate {
  private RemeasuredGate() {}

  /**
   * The check's result with the paired A/B deciding the timing.
   *
   * @param stored the gate against the stored baseline's numbers
   * @param v the pairs of the baseline's model (A) and the current one (B) in this job
   * @param baselineMs the baseline model's median call in the pairing, ms
   * @param currentMs the current model's median call in the pairing, ms
   * @param base the stored baseline, which explains what changed (its ops beside the current's)
   * @param now the current profile
   * @return one result: one timing row (the paired latency), the counters, the verdict
   */
  public static Gate.Result decide(
      Gate.Result stored,
      PairedBlocks v,
      double baselineMs,
      double currentMs,
      Profile base,
      Profile now) {
    return decide(
        stored,
        v,
        baselineMs,
        currentMs,
        base,
        now,
        "both models measured in this job, "
            + v.pairs()
            + " pairs of alternating blocks in one process");
  }

  /**
   * The check's result with a paired A/B deciding the timing, the pairing named.
   *
   * @param stored the gate against the stored baseline's numbers
   * @param v the pairs of the baseline (A) and the current build (B) in this job
   * @param baselineMs the baseline's median call in the pairing, ms
   * @param currentMs the current median call in the pairing, ms
   * @param base the stored baseline, which explains what changed
   * @param now the current profile
   * @param measured what was paired and where, in words
   * @return one result: one timing row (the paired latency), the counters, the verdict
   */
  public static Gate.Result decide(
      Gate.Result stored,
      PairedBlocks v,
      double baselineMs,
      double currentMs,
      Profile base,
      Profile now,
      String measured) {
    Gate.Row row =
        new Gate.Row(
            // the pairs compare each block's typical call: the median latency's estimate
            Metric.LATENCY_P50_MS.key(),
            Metric.LATENCY_P50_MS.label(),
            baselineMs,
            currentMs,
            v.change(),
            v.ciLow(),
            v.ciHigh(),
            v.verdict(),
            measured + "; " + v.why());
    OpCounts.Result counts = stored.opCounts();
    Verdict overall = counts.verdict() == Verdict.REGRESSION ? Verdict.REGRESSION : v.verdict();
    return new Gate.Result(
        overall,
        List.of(row),
        null, // no stored blocks decide: the machine's drift between the runs is no longer in it
        null,
        List.of(),
        List.of(),
        stored.modelFileChange(),
        counts,
        stored.options(),
        Gate.explain(base, now, new StepChange(v.change(), v.ciLow(), v.ciHigh())),
        v);
  }

  /**
   * Where the stored numbers disagree with the pairing: the stored baseline reads a change the two
   * sides re-measured side by side do not show, so the machine (or what runs beside it) moved since
   * the baseline was recorded; null where they agree or the stored numbers decided nothing.
   *
   * @param stored the gate against the stored baseline's numbers
   * @param decided the re-measured result
   * @return the disagreement in words, or null
   */
  public static String drift(Gate.Result stored, Gate.Result decided) {
    Verdict s = stored.timingVerdict();
    Verdict d = decided.timingVerdict();
    if (s == d || s == Verdict.INCONCLUSIVE || s == Verdict.PASS) {
      return null;
    }
    return "the stored baseline's numbers read "
        + s
        + " while the baseline and this build, measured side by side in this job, read "
        + d
        + ": the machine or its load moved since the baseline was recorded, not what it measures";
  }
}
