package org.libreyolo.profile.gate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.libreyolo.profile.Api;
import org.libreyolo.profile.compare.Comparison;
import org.libreyolo.profile.diff.ProfileDiff;
import org.libreyolo.profile.diff.StepChange;
import org.libreyolo.profile.internal.compare.Workload;
import org.libreyolo.profile.internal.python.Percentages;
import org.libreyolo.profile.result.Metric;
import org.libreyolo.profile.result.Num;
import org.libreyolo.profile.result.Profile;
import org.libreyolo.profile.result.ProfileSchema;
import org.libreyolo.profile.result.SampleRows.Blocks;

/**
 * The stored-baseline gate shared by {@code profile check}, the Maven {@code check} goal and the
 * JUnit extension (docs/statistics.md, "The stored-baseline gate"). Timing is judged on blocks
 * normalised by the canary, by {@link VerdictRule}: REGRESSION when the slowdown is significant and
 * at least the threshold, PASS when the interval excludes a slowdown of the threshold, otherwise
 * INCONCLUSIVE with the minimum detectable effect. A machine that changed speed, another
 * environment or another workload give INCONCLUSIVE, never a timing verdict; more ops per step is a
 * REGRESSION on its own.
 */
@Api(status = Api.Status.EXPERIMENTAL, since = "0.1.0")
public final class Gate {
  /** Environment fields whose difference makes a comparison meaningless. */
  static final List<String> FINGERPRINT =
      List.of(
          ProfileSchema.CPU,
          ProfileSchema.CORES,
          ProfileSchema.THREADS,
          ProfileSchema.ENGINE,
          ProfileSchema.LIBTORCH,
          ProfileSchema.DEVICE,
          ProfileSchema.GPU_NAME);

  private Gate() {}

  /**
   * One gated metric. {@code ciLow/ciHigh} bound the relative change (current/baseline - 1).
   *
   * @param metric the metric's key, as the options and the JSON name it
   * @param label the metric as the tables show it: the throughput counts the step's own unit
   *     ({@link Metric#shownKey})
   * @param baseline the baseline's value of the metric, or null
   * @param current the current value of the metric, or null
   * @param change the estimated change, a fraction (+0.10 = 10% slower)
   * @param ciLow the interval's lower end, a fraction
   * @param ciHigh the interval's upper end, a fraction
   * @param verdict the verdict
   * @param why the reason, in words
   */
  public record Row(
      String metric,
      String label,
      Double baseline,
      Double current,
      Double change,
      Double ciLow,
      Double ciHigh,
      Verdict verdict,
      String why) {
    /**
     * The change the two values show as read ({@code current / baseline - 1}): beside {@code
     * change}, which is the gate's estimate (per block, relative to the canary) and may differ,
     * even in sign, when the machine moved between the runs.
     *
     * @return the change as read, or null without both values
     */
    public Double rawChange() {
      return baseline == null || current == null || baseline == 0 ? null : current / baseline - 1;
    }
  }

  /**
   * @param workloadDifferences workload fields that differ (a different workload: INCONCLUSIVE)
   * @param modelFileChange the model file's hash change, shown but not blocking
   * @param opCounts the deterministic counter: more ops per step is a REGRESSION on its own
   * @param verdict the verdict
   * @param rows the rows
   * @param timing the timing evidence
   * @param unstableMachine why the machine was too unstable to judge, or null
   * @param environmentDifferences the environment fields that differ between the two profiles
   * @param options the gate's settings
   * @param diff what changed between the two profiles and how much of the step's change it
   *     explains, or null when it could not be made
   * @param paired the pairs that decided the timing where the baseline was measured again in this
   *     job ({@link RemeasuredGate}), or null where the stored numbers did
   */
  public record Result(
      Verdict verdict,
      List<Row> rows,
      BlockStatistics timing,
      String unstableMachine,
      List<String> environmentDifferences,
      List<String> workloadDifferences,
      List<String> modelFileChange,
      OpCounts.Result opCounts,
      GateOptions options,
      ProfileDiff diff,
      PairedBlocks paired) {
    /**
     * The minimum detectable effect of the timing rows, or null without blocks or pairs.
     *
     * @return the minimum detectable effect, a fraction
     */
    public Double mde() {
      return paired != null ? Double.valueOf(paired.mde()) : timing == null ? null : timing.mde();
    }

    /**
     * The timing evidence's own verdict: the worst of the timing rows.
     *
     * @return REGRESSION, INCONCLUSIVE, IMPROVED or PASS
     */
    public Verdict timingVerdict() {
      return worst(rows.stream().map(Row::verdict).toList());
    }

    /**
     * The exact counters' own verdict (ops per step, work, allocation).
     *
     * @return the counters' verdict
     */
    public Verdict countersVerdict() {
      return opCounts.verdict();
    }

    /**
     * The same evidence with the verdict a wider judgement reached (an A/B's, which also weighs
     * what this result holds: a difference of environment, counters agreeing in every JVM).
     *
     * @param v the verdict
     * @return the result with that verdict
     */
    public Result withVerdict(Verdict v) {
      return new Result(
          v,
          rows,
          timing,
          unstableMachine,
          environmentDifferences,
          workloadDifferences,
          modelFileChange,
          opCounts,
          options,
          diff,
          paired);
    }

    /**
     * The same result, explained by another diff (one whose sides shared their processes).
     *
     * @param d the diff
     * @return the result with that diff
     */
    public Result withDiff(ProfileDiff d) {
      return new Result(
          verdict,
          rows,
          timing,
          unstableMachine,
          environmentDifferences,
          workloadDifferences,
          modelFileChange,
          opCounts,
          options,
          d,
          paired);
    }
  }

  /**
   * REGRESSION over INCONCLUSIVE over IMPROVED over PASS: the verdict of several lines of one
   * evidence, or of several steps judged together.
   *
   * @param verdicts the verdicts
   * @return the worst, INCONCLUSIVE when there is none
   */
  public static Verdict worst(List<Verdict> verdicts) {
    for (Verdict v : List.of(Verdict.REGRESSION, Verdict.INCONCLUSIVE, Verdict.IMPROVED)) {
      if (verdicts.contains(v)) {
        return v;
      }
    }
    return verdicts.isEmpty() ? Verdict.INCONCLUSIVE : Verdict.PASS;
  }

  /** Rounded to 4 decimals; null stays null. */
  /**
   * The gate: environment and workload guards, the op-count counter, then the timing rows from the
   * block statistic. Both profiles need timing blocks ({@link #hasBlocks}); callers check first and
   * say how to re-record.
   *
   * @param b the baseline profile
   * @param c the current profile
   * @param options the gate's settings
   * @return the gate's result
   */
  public static Result check(Profile b, Profile c, GateOptions options) {
    return check(b, c, options, java.util.Set.of());
  }

  /**
   * The gate, where some environment fields are what the comparison measures (an A/B across
   * versions measures a DJL or libtorch upgrade): those may differ, the rest still make it
   * INCONCLUSIVE.
   *
   * @param b the baseline profile
   * @param c the current profile
   * @param options the gate's settings
   * @param measured the fingerprint fields that may differ ({@code engine}, {@code libtorch})
   * @return the gate's result
   */
  public static Result check(
      Profile b, Profile c, GateOptions options, java.util.Set<String> measured) {
    return check(b, c, options, measured, STORED_REMEDY);
  }

  /** What narrows an undecided stored-baseline comparison: the in-job A/B. */
  static final String STORED_REMEDY = "use profile ab (in-job A/B) for small changes";

  /**
   * The gate inside an A/B that already compares in one job (its fork fallback): an undecided
   * verdict names what narrows that A/B, never "use profile ab" to a user running it.
   *
   * @param b the baseline profile
   * @param c the current profile
   * @param options the gate's settings
   * @param measured the fingerprint fields that may differ ({@code engine}, {@code libtorch})
   * @param remedy what narrows the interval where the verdict is INCONCLUSIVE, in words
   * @return the gate's result
   */
  public static Result check(
      Profile b, Profile c, GateOptions options, java.util.Set<String> measured, String remedy) {
    List<String> env = new ArrayList<>();
    Map<String, Comparison.Pair<JsonNode>> diffs = Comparison.environmentDifferences(b, c);
    for (String field : FINGERPRINT) {
      if (diffs.containsKey(field) && !measured.contains(field)) {
        env.add(field + " " + diffs.get(field).before() + " -> " + diffs.get(field).after());
      }
    }
    List<String> workload = Workload.differences(b, c);
    List<Blocks> before = b.samples().processes();
    List<Blocks> after = c.samples().processes();
    BlockStatistics stats =
        BlockStatistics.applicable(before, after)
            ? BlockStatistics.of(
                before, after, options.alpha(), options.processNoise(), options.jobNoise())
            : null;
    String unstable = stats == null ? null : unstableMachine(stats, options);
    // not comparable, or the machine moved: the rows keep their numbers but no verdict of their own
    // (one verdict per report: never a REGRESSION row under an INCONCLUSIVE verdict)
    String notJudged =
        !env.isEmpty()
            ? "not judged: " + field(env.get(0)) + " differs"
            : !workload.isEmpty() ? "not judged: " + field(workload.get(0)) + " differs" : unstable;
    List<Row> rows = new ArrayList<>();
    for (String key : options.metrics()) {
      Metric metric = Metric.gated(key);
      BlockStatistics own = stats;
      String missing = null;
      if (stats != null && !metric.blockKey().equals(ProfileSchema.STEP_MS)) {
        // a tail metric tests its own per-block series; the canary and its limits are the run's
        List<Blocks> mb = project(before, metric);
        List<Blocks> ma = project(after, metric);
        own =
            mb == null || ma == null || !BlockStatistics.applicable(mb, ma)
                ? null
                : BlockStatistics.of(
                    mb, ma, options.alpha(), options.processNoise(), options.jobNoise());
        if (own == null) {
          missing =
              (mb == null ? "the baseline" : "this run")
                  + " has no per-block "
                  + metric.blockKey()
                  + " (recorded before "
                  + metric.key()
                  + " was gated): record it again";
        }
      }
      rows.add(
          row(
              metric,
              b,
              c,
              own,
              missing,
              notJudged,
              env.isEmpty() && workload.isEmpty(),
              options,
              remedy));
    }
    // op counts depend on the thread count (libtorch picks other kernels), so only like with like
    OpCounts.Result counts =
        env.isEmpty() && workload.isEmpty()
            ? OpCounts.check(b, c)
            : new OpCounts.Result(
                Verdict.INCONCLUSIVE,
                List.of("not compared: the environment or workload differs"),
                "");
    Verdict overall;
    if (!env.isEmpty() || !workload.isEmpty()) {
      overall = Verdict.INCONCLUSIVE;
    } else if (counts.verdict() == Verdict.REGRESSION) {
      overall = Verdict.REGRESSION; // exact: more work is a regression whatever the timing says
    } else {
      overall = worst(rows.stream().map(Row::verdict).toList());
    }
    return new Result(
        overall,
        rows,
        stats,
        unstable,
        env,
        workload,
        Workload.modelFileChange(b, c),
        counts,
        options,
        explain(
            b,
            c,
            stats == null ? null : new StepChange(stats.change(), stats.ciLow(), stats.ciHigh())),
        null);
  }

  /**
   * What changed between the two profiles, the step's interval from whatever judged it (the blocks'
   * statistic, or the pairs of a baseline measured again). A diff that cannot be made (a profile
   * without rows) never stops a verdict: it is left out.
   */
  static ProfileDiff explain(Profile b, Profile c, StepChange step) {
    try {
      return ProfileDiff.of(b, c, step, null);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * Where and what the profile measured, as the gate compares them: the environment's fingerprint
   * (CPU, cores, threads, engine, libtorch, device, GPU) and the workload's fields, the ones the
   * profile records. Two profiles with the same testbed are comparable; the history keys a series
   * by it.
   *
   * @param p the profile
   * @return field name to value, sorted
   */
  public static java.util.SortedMap<String, String> testbed(Profile p) {
    java.util.SortedMap<String, String> out = new java.util.TreeMap<>();
    for (String field : FINGERPRINT) {
      JsonNode v = p.environment().get(field);
      if (v != null && !v.isNull()) {
        out.put(field, v.asText());
      }
    }
    for (String key : Workload.KEYS) {
      JsonNode v = p.config().get(key);
      if (v != null && !v.isNull()) {
        out.put(key, v.isTextual() ? v.asText() : v.toString());
      }
    }
    return out;
  }

  /**
   * Whether the profile carries enough timing blocks for the stored-baseline gate.
   *
   * @param p the profile
   * @return whether the profile has block samples
   */
  public static boolean hasBlocks(Profile p) {
    List<Blocks> processes = p.samples().processes();
    return BlockStatistics.applicable(processes, processes);
  }

  /**
   * The noise sentinel: a canary that moved more than normalisation was validated for, between the
   * runs or inside one, makes the timing INCONCLUSIVE with the reason; null when steady.
   */
  static String unstableMachine(BlockStatistics s, GateOptions o) {
    if (Math.abs(s.machineChange()) > o.machineChangeLimit()) {
      return "machine speed changed "
          + Percentages.signedPercent(s.machineChange())
          + " between the baseline and this run"
          + " (canary; the limit is "
          + Percentages.percent(o.machineChangeLimit())
          + ")";
    }
    if (s.drift() > o.driftLimit()) {
      return "machine speed changed "
          + Percentages.percent(s.drift())
          + " during a run (canary blocks; the limit is "
          + Percentages.percent(o.driftLimit())
          + ")";
    }
    return null;
  }

  /**
   * @param notJudged why the timing gets no verdict (another environment or workload, a moved
   *     machine), or null
   */
  private static Row row(
      Metric m,
      Profile b,
      Profile c,
      BlockStatistics s,
      String missing,
      String notJudged,
      boolean comparable,
      GateOptions o,
      String remedy) {
    String metric = m.key();
    String label = m.shownKey(c.throughputUnit());
    boolean latency = m.lowerIsBetter();
    Double before = number(m.read(b));
    Double after = number(m.read(c));
    if (s == null) {
      return new Row(
          metric,
          label,
          before,
          after,
          null,
          null,
          null,
          Verdict.INCONCLUSIVE,
          missing != null ? missing : "no timing blocks of the same canary on both sides");
    }
    // throughput is batch / time: a time change r is a throughput change 1/(1+r) - 1
    double change = m.fromTimeChange(s.change());
    double low = m.fromTimeChange(latency ? s.ciLow() : s.ciHigh());
    double high = m.fromTimeChange(latency ? s.ciHigh() : s.ciLow());
    if (notJudged != null) {
      // two workloads or environments have no change to estimate; a moved machine keeps its
      // estimate, shown beside the verdict that ignores it
      return comparable
          ? new Row(
              metric, label, before, after, change, low, high, Verdict.INCONCLUSIVE, notJudged)
          : new Row(
              metric, label, before, after, null, null, null, Verdict.INCONCLUSIVE, notJudged);
    }
    double worseLow = latency ? low : -high;
    double worseHigh = latency ? high : -low;
    double t = o.maxRegression();
    VerdictRule.Call call =
        VerdictRule.judge(latency ? change : -change, worseLow, worseHigh, t, s.mde(), remedy);
    return new Row(
        metric,
        label,
        before,
        after,
        change,
        low,
        high,
        call.verdict(),
        call.why() + " (" + units(s) + ", threshold " + Percentages.percent(t) + ")");
  }

  /** Every process's blocks as the metric sees them; null when one lacks the metric's series. */
  private static List<Blocks> project(List<Blocks> processes, Metric metric) {
    List<Blocks> out = new ArrayList<>();
    for (Blocks p : processes) {
      Blocks own = p.of(metric);
      if (own == null) {
        return null;
      }
      out.add(own);
    }
    return out;
  }

  /** The field a difference line names ({@code threads 1 -> 2}: {@code threads}). */
  private static String field(String difference) {
    int space = difference.indexOf(' ');
    return space < 0 ? difference : difference.substring(0, space);
  }

  /** {@code 5/5 forks, 60/60 blocks}, or {@code 12/12 blocks} without forks. */
  static String units(BlockStatistics s) {
    String blocks = s.blocksBefore() + "/" + s.blocksAfter() + " blocks";
    return s.forksBefore() > 1 || s.forksAfter() > 1
        ? s.forksBefore() + "/" + s.forksAfter() + " forks, " + blocks
        : blocks;
  }

  private static Double number(Num n) {
    return n == null ? null : n.value();
  }
}
