package org.libreyolo.profile.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.libreyolo.profile.report.GateReport;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;

public class GateTest {
  /** Quiet machine settings: a process noise of 1% lets tests exercise the decision rule itself. */
  static final GateOptions QUIET =
      GateOptions.builder().alpha(0.01).maxRegression(0.05).processNoise(0.01).build();

  /**
   * An inference-like profile: 50 latencies around {@code median} with lognormal noise, and 10
   * blocks whose step medians carry the same noise, next to a 10 ms canary scaled by {@code
   * machine}.
   */
  public static Profile profile(double median, double noise, long seed, String cpu)
      throws Exception {
    return profile(median, noise, seed, cpu, 1.0);
  }

  public static Profile profile(double median, double noise, long seed, String cpu, double machine)
      throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    double[] lat = new double[50];
    for (int i = 0; i < lat.length; i++) {
      lat[i] = machine * median * Math.exp(r.nextGaussian() * noise);
    }
    double[] sorted = lat.clone();
    Arrays.sort(sorted);
    double mean = Arrays.stream(lat).average().orElseThrow();
    ObjectNode p =
        (ObjectNode) Json.MAPPER.readTree("{\"schema\": \"libreyolo.profile.analysis/v1\"}");
    p.put("img_per_s", 1000 / mean);
    p.putObject("latency").put("p50_ms", sorted[24]);
    p.putObject("environment").put("cpu", cpu).put("threads", 1);
    ObjectNode samples = p.putObject("samples");
    var latency = samples.putArray("latency_ms");
    Arrays.stream(lat).forEach(latency::add);
    ObjectNode blocks =
        samples.putObject("blocks").put("runs_per_block", 5).put("canary", "yolo9t seeded 128x128");
    var step = blocks.putArray("step_ms");
    var canary = blocks.putArray("canary_ms");
    for (int k = 0; k < 10; k++) {
      step.add(machine * median * Math.exp(r.nextGaussian() * noise / 2));
      canary.add(machine * 10 * Math.exp(r.nextGaussian() * 0.005));
    }
    return new Profile(p);
  }

  /**
   * A forked profile: {@code forks} processes, each with its own speed (lognormal, sd {@code
   * between}) and 8 blocks of the step and the canary; {@code samples.forks} as the parent writes
   * it.
   */
  public static Profile forked(double median, double between, int forks, long seed)
      throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    ObjectNode p =
        (ObjectNode) Json.MAPPER.readTree("{\"schema\": \"libreyolo.profile.analysis/v1\"}");
    p.put("img_per_s", 1000 / median);
    p.putObject("latency").put("p50_ms", median);
    p.putObject("environment").put("cpu", "x").put("threads", 1);
    var perFork = p.putObject("samples").putArray("forks");
    for (int k = 0; k < forks; k++) {
      double process =
          Math.exp(r.nextGaussian() * between); // the machine this fork got, step and canary alike
      ObjectNode blocks =
          perFork
              .addObject()
              .put("index", k)
              .putObject("blocks")
              .put("runs_per_block", 5)
              .put("canary", "yolo9t seeded 128x128");
      var step = blocks.putArray("step_ms");
      var canary = blocks.putArray("canary_ms");
      double own = Math.exp(r.nextGaussian() * between / 2); // what the canary cannot see
      for (int b = 0; b < 8; b++) {
        step.add(process * own * median * Math.exp(r.nextGaussian() * 0.01));
        canary.add(process * 10 * Math.exp(r.nextGaussian() * 0.005));
      }
    }
    return new Profile(p);
  }

  /**
   * Forks: the unit is the process, the interval the spread between forks of both runs (Welch's t
   * over forks).
   */
  @Test
  void forksResolveATenPercentSlowdownThatOneProcessCannot() throws Exception {
    GateOptions defaults = GateOptions.defaults();
    Gate.Result slower = Gate.check(forked(20, 0.03, 5, 1), forked(22, 0.03, 5, 2), defaults);
    assertThat(slower.timing().forksBefore()).isEqualTo(5);
    assertThat(slower.timing().change()).isBetween(0.05, 0.15);
    assertThat(slower.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(slower.rows().get(1).why())
        .startsWith("significantly slower, by at least the threshold (5/5 forks, 40/40 blocks");
    for (long seed = 10; seed < 30; seed += 2) {
      Gate.Result aa =
          Gate.check(forked(20, 0.03, 5, seed), forked(20, 0.03, 5, seed + 1), defaults);
      assertThat(aa.verdict()).as("A/A seed " + seed).isNotEqualTo(Verdict.REGRESSION);
    }
    assertThat(GateReport.json(slower).get("timing").get("forks").toString()).isEqualTo("[5,5]");
    assertThat(GateReport.json(slower).get("timing").get("verdict").asText())
        .isEqualTo("REGRESSION");
    assertThat(GateReport.json(slower).get("counters").get("verdict").asText())
        .isEqualTo("INCONCLUSIVE");
  }

  /**
   * A plain step counts its own unit: the tables show {@code items_per_s}, not images; the options
   * and the JSON keep the key {@code img_per_s}.
   */
  @Test
  void aPlainStepsThroughputIsShownInItsOwnUnit() throws Exception {
    Profile before = items(forked(20, 0.03, 5, 1));
    Profile after = items(forked(20, 0.03, 5, 2));
    Gate.Result r = Gate.check(before, after, GateOptions.defaults());
    assertThat(r.rows().get(0).metric()).isEqualTo("img_per_s");
    assertThat(r.rows().get(0).label()).isEqualTo("items_per_s");
    assertThat(String.join("\n", GateReport.text(r)))
        .contains("items_per_s ")
        .contains("  items_per_s: ")
        .doesNotContain("img_per_s");
    assertThat(GateReport.markdown(r, "b", "c")).contains("| items_per_s |");
    assertThat(GateReport.json(r).toString())
        .contains("\"metric\":\"img_per_s\",\"label\":\"items_per_s\"");
    // the producers' own profiles count images: the key as it is
    Gate.Result images = Gate.check(forked(20, 0.03, 5, 1), after, GateOptions.defaults());
    assertThat(images.rows().get(0).label()).isEqualTo("items_per_s"); // the current run's unit
    assertThat(
            Gate.check(after, forked(20, 0.03, 5, 1), GateOptions.defaults()).rows().get(0).label())
        .isEqualTo("img_per_s");
  }

  private static Profile items(Profile p) {
    return p.with(n -> n.putObject("config").put("unit", "items").put("mode", "step"));
  }

  /**
   * Significant but smaller than the threshold is not a regression; the threshold is a size, not an
   * interval bound.
   */
  @Test
  void aSignificantChangeBelowTheThresholdPasses() throws Exception {
    // on steady runners (their measured job noise 0.2%) a significant 2% change is below the 5%
    // threshold
    Gate.Result small =
        Gate.check(
            forked(20, 0.002, 8, 3),
            forked(20.4, 0.002, 8, 4),
            GateOptions.defaults().withJobNoise(0.002));
    assertThat(small.timing().ciLow()).isGreaterThan(0);
    assertThat(small.verdict()).isEqualTo(Verdict.PASS);
  }

  /**
   * The job noise widens a forked interval: forks of one job cannot see the machine state they
   * share.
   */
  @Test
  void theJobNoiseWidensTheForkedInterval() throws Exception {
    Profile a = forked(20, 0.002, 8, 3);
    Profile b = forked(20.4, 0.002, 8, 4);
    Gate.Result steady = Gate.check(a, b, GateOptions.defaults().withJobNoise(0));
    Gate.Result shared = Gate.check(a, b, GateOptions.defaults());
    assertThat(shared.timing().change()).isEqualTo(steady.timing().change());
    assertThat(shared.timing().ciHigh() - shared.timing().ciLow())
        .isGreaterThan(3 * (steady.timing().ciHigh() - steady.timing().ciLow()));
    assertThat(GateReport.text(shared))
        .anySatisfy(line -> assertThat(line).contains("plus 2.0% job noise per run"));
  }

  /**
   * A baseline measured in one process is still judged: its side brings the study's process noise.
   */
  @Test
  void aBaselineWithoutForksIsJudgedWithTheProcessNoise() throws Exception {
    Profile one = profile(20, 0.02, 5, "x");
    Gate.Result r = Gate.check(one, forked(20, 0.03, 5, 6), GateOptions.defaults());
    assertThat(r.timing().forksBefore()).isEqualTo(1);
    assertThat(r.timing().forksAfter()).isEqualTo(5);
    assertThat(r.verdict()).isIn(Verdict.PASS, Verdict.INCONCLUSIVE);
    assertThat(GateReport.text(r))
        .anySatisfy(line -> assertThat(line).contains("re-record it with forks"));
  }

  @Test
  void sameDistributionPassesOnAQuietMachine() throws Exception {
    Gate.Result r = Gate.check(profile(100, 0.03, 1, "x"), profile(100, 0.03, 2, "x"), QUIET);
    assertThat(r.verdict()).isEqualTo(Verdict.PASS);
    assertThat(r.rows()).extracting(Gate.Row::verdict).containsOnly(Verdict.PASS);
    assertThat(r.mde()).isBetween(0.005, 0.08);
  }

  /**
   * Two processes cannot resolve 5% on this project's VMs: the default says so instead of guessing.
   */
  @Test
  void aaOnTheDefaultProcessNoiseIsUnderpoweredNotARegression() throws Exception {
    Gate.Result r =
        Gate.check(profile(100, 0.03, 1, "x"), profile(104, 0.03, 2, "x"), GateOptions.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(r.rows().get(1).why()).startsWith("underpowered: could detect ~");
    assertThat(GateReport.text(r))
        .anySatisfy(line -> assertThat(line).startsWith("warning: underpowered"));
    assertThat(r.rows().get(1).why()).contains("use profile ab");
    // inside an A/B (its fork fallback) the advice is what narrows that A/B, not to run it
    Gate.Result inAb =
        Gate.check(
            profile(100, 0.03, 1, "x"),
            profile(104, 0.03, 2, "x"),
            GateOptions.defaults(),
            java.util.Set.of(),
            "more forks narrow it");
    assertThat(inAb.rows().get(1).why())
        .contains("more forks narrow it")
        .doesNotContain("profile ab");
  }

  @Test
  void thirtyPercentSlowerIsARegressionWithItsCi() throws Exception {
    Gate.Result r =
        Gate.check(profile(100, 0.03, 1, "x"), profile(130, 0.03, 2, "x"), GateOptions.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.REGRESSION);
    Gate.Row latency = r.rows().get(1);
    assertThat(latency.metric()).isEqualTo("latency_p50_ms");
    assertThat(latency.change()).isBetween(0.2, 0.4);
    assertThat(latency.ciLow()).isGreaterThan(0.05);
    assertThat(r.rows().get(0).verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(GateReport.text(r)).last().isEqualTo("verdict: REGRESSION");
    assertThat(GateReport.markdown(r, "b.json", "c.json"))
        .contains("| latency_p50_ms |", "REGRESSION");
    assertThat(GateReport.json(r).path("timing").path("blocks").toString()).isEqualTo("[10,10]");
  }

  /**
   * Estimate and interval come from one estimator: the change always lies inside its own interval.
   */
  @Test
  void everyChangeLiesInsideItsInterval() throws Exception {
    for (int seed = 1; seed <= 20; seed++) {
      double slowdown = 1 + (seed % 7) * 0.04 - 0.08;
      Gate.Result r =
          Gate.check(
              profile(100, 0.05, seed, "x"),
              profile(100 * slowdown, 0.05, seed + 100, "x"),
              GateOptions.defaults());
      for (Gate.Row row : r.rows()) {
        assertThat(row.change())
            .as(row.metric() + " seed " + seed)
            .isBetween(row.ciLow(), row.ciHigh());
      }
    }
  }

  /** A machine 40% slower for everything (step and canary) is not the step's regression. */
  @Test
  void theCanaryCancelsAMachineThatSlowedDown() throws Exception {
    Gate.Result r = Gate.check(profile(100, 0.01, 1, "x"), profile(100, 0.01, 2, "x", 1.4), QUIET);
    assertThat(r.verdict()).isEqualTo(Verdict.PASS);
    assertThat(r.timing().machineChange()).isBetween(0.35, 0.45);
    assertThat(r.timing().rawChange()).isBetween(0.35, 0.45);
    assertThat(r.timing().change()).isBetween(-0.02, 0.02);
    assertThat(GateReport.text(r))
        .anySatisfy(l -> assertThat(l).startsWith("machine speed (canary): +"));
  }

  /**
   * A step that does not run on the engine (a sleep, I/O) is judged on its own time, not divided by
   * the canary.
   */
  @Test
  void stepsOffTheEngineAreNotDividedByTheCanary() throws Exception {
    Profile a = profile(100, 0.01, 1, "x");
    Profile b =
        profile(100, 0.01, 2, "x", 1.4)
            .with(j -> ((ObjectNode) j.path("samples").path("blocks")).put("normalised", false));
    Gate.Result r = Gate.check(a, b, QUIET);
    assertThat(r.timing().normalised()).isFalse();
    assertThat(r.timing().change()).isEqualTo(r.timing().rawChange());
    assertThat(r.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(GateReport.text(r))
        .anySatisfy(l -> assertThat(l).contains("not divided by the canary"));
  }

  /**
   * The noise sentinel: a canary that moved beyond the limit stops timing at INCONCLUSIVE, with the
   * reason.
   */
  @Test
  void aMachineThatChangedTooMuchIsInconclusive() throws Exception {
    Gate.Result between =
        Gate.check(profile(100, 0.01, 1, "x"), profile(300, 0.01, 2, "x", 2.5), QUIET);
    assertThat(between.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(between.unstableMachine())
        .startsWith("machine speed changed +150")
        .contains("between the baseline");
    // one slow canary boundary (a neighbour's burst) is not a changed machine ...
    Profile burst =
        profile(100, 0.01, 2, "x")
            .with(
                j ->
                    ((com.fasterxml.jackson.databind.node.ArrayNode)
                            j.path("samples").path("blocks").path("canary_ms"))
                        .set(3, 25.0));
    assertThat(Gate.check(profile(100, 0.01, 1, "x"), burst, QUIET).unstableMachine()).isNull();
    // ... a machine whose speed changed between the run's first and second half is
    Profile drifting =
        profile(100, 0.01, 2, "x")
            .with(
                j -> {
                  var canary =
                      (com.fasterxml.jackson.databind.node.ArrayNode)
                          j.path("samples").path("blocks").path("canary_ms");
                  for (int k = 5; k < canary.size(); k++) {
                    canary.set(k, canary.get(k).asDouble() * 2.5);
                  }
                });
    Gate.Result inside = Gate.check(profile(100, 0.01, 1, "x"), drifting, QUIET);
    assertThat(inside.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(inside.unstableMachine()).contains("during a run");
    assertThat(GateReport.text(inside))
        .contains("timing INCONCLUSIVE: " + inside.unstableMachine());
  }

  @Test
  void fasterIsAnImprovement() throws Exception {
    assertThat(
            Gate.check(
                    profile(100, 0.03, 1, "x"), profile(70, 0.03, 2, "x"), GateOptions.defaults())
                .verdict())
        .isEqualTo(Verdict.IMPROVED);
  }

  @Test
  void differentEnvironmentsAreInconclusiveNeverARegression() throws Exception {
    Gate.Result r =
        Gate.check(
            profile(100, 0.03, 1, "EPYC"), profile(200, 0.03, 2, "Xeon"), GateOptions.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(r.environmentDifferences()).containsExactly("cpu \"EPYC\" -> \"Xeon\"");
  }

  /**
   * An A/B across versions measures an engine upgrade: engine and libtorch may differ there,
   * nothing else.
   */
  @Test
  void theMeasuredFieldsMayDifferTheOthersStillBlock() throws Exception {
    Profile a = profile(100, 0.03, 1, "EPYC");
    Profile b = profile(200, 0.03, 2, "EPYC");
    a = a.with(j -> ((ObjectNode) j.get("environment")).put("libtorch", "2.5.1"));
    b = b.with(j -> ((ObjectNode) j.get("environment")).put("libtorch", "2.7.1"));
    assertThat(Gate.check(a, b, GateOptions.defaults()).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    Gate.Result upgrade =
        Gate.check(a, b, GateOptions.defaults(), java.util.Set.of("engine", "libtorch"));
    assertThat(upgrade.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(upgrade.environmentDifferences()).isEmpty();
    Profile c = profile(200, 0.03, 2, "Xeon");
    assertThat(
            Gate.check(a, c, GateOptions.defaults(), java.util.Set.of("engine", "libtorch"))
                .verdict())
        .isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void aDifferentWorkloadIsInconclusiveEvenWhenMuchSlower() throws Exception {
    Profile a = profile(20, 0.02, 1, "EPYC");
    Profile b = profile(30, 0.02, 2, "EPYC");
    a =
        a.with(
            j ->
                j.putObject("config")
                    .put("imgsz", 160)
                    .put("batch", 1)
                    .put("weights_sha256", "aa"));
    b =
        b.with(
            j ->
                j.putObject("config")
                    .put("imgsz", 224)
                    .put("batch", 1)
                    .put("weights_sha256", "bb"));
    Gate.Result r = Gate.check(a, b, GateOptions.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(r.workloadDifferences()).containsExactly("imgsz 160 -> 224");
    // one verdict per report: a +50% row of another workload is not a REGRESSION row under an
    // INCONCLUSIVE verdict
    assertThat(r.rows())
        .allSatisfy(row -> assertThat(row.verdict()).isEqualTo(Verdict.INCONCLUSIVE));
    assertThat(r.rows().get(0).why()).isEqualTo("not judged: imgsz differs");
    assertThat(GateReport.text(r)).noneMatch(line -> line.contains("REGRESSION"));
    assertThat(r.modelFileChange()).containsExactly("weights_sha256 aa -> bb");
    assertThat(GateReport.text(r))
        .contains(
            "workload differs (imgsz 160 -> 224): INCONCLUSIVE; record a new baseline"
                + " for this workload",
            "verdict: INCONCLUSIVE");
    // same workload, changed model file: timed as it should be (a slower model is what the gate is
    // for)
    b = b.with(j -> j.with("config").put("imgsz", 160));
    Gate.Result changedModel = Gate.check(a, b, GateOptions.defaults());
    assertThat(changedModel.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(changedModel.workloadDifferences()).isEmpty();
    // a field only one side records (an older baseline) is no difference
    a = a.with(j -> j.with("config").remove("batch"));
    assertThat(Gate.check(a, b, GateOptions.defaults()).workloadDifferences()).isEmpty();
  }

  /** Adds traced-op facts: the forward phase's ops per step and one op row. */
  private static Profile ops(Profile p, long forwardOps, long mulCalls) {
    p =
        p.with(
            j ->
                j.putArray("phases")
                    .addObject()
                    .put("phase", "forward")
                    .put("gpu_ms_per_step", 1.0)
                    .put("wall_ms_per_step", 1.0)
                    .put("kernels_per_step", 10)
                    .put("ops_per_step", forwardOps)
                    .put("unique_kernels", 3));
    p =
        p.with(
            j ->
                j.putArray("ops")
                    .addObject()
                    .put("op", "aten::mul")
                    .put("ms_per_step", 0.1)
                    .put("pct_of_cpu_ops", 10.0)
                    .put("count_per_step", mulCalls));
    return p;
  }

  @Test
  void moreOpsPerStepIsARegressionThatTimingNoiseCannotHide() throws Exception {
    Profile a = profile(20, 0.02, 1, "EPYC");
    Profile b = profile(20, 0.02, 2, "EPYC");
    a = ops(a, 3003, 100);
    b = ops(b, 3903, 1000);
    Gate.Result r = Gate.check(a, b, GateOptions.defaults());
    assertThat(r.rows())
        .allSatisfy(row -> assertThat(row.verdict()).isNotEqualTo(Verdict.REGRESSION));
    assertThat(r.opCounts().verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(r.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(GateReport.text(r))
        .contains(
            "counters: REGRESSION (forward: +900 ops/step; ops that changed:" + " aten::mul +900)");
    // the same counts pass; fewer pass and ask for a new baseline; untraced profiles are not
    // compared
    b = ops(b, 3003, 100);
    assertThat(Gate.check(a, b, GateOptions.defaults()).opCounts().verdict())
        .isEqualTo(Verdict.PASS);
    b = ops(b, 2003, 50);
    OpCounts.Result fewer = Gate.check(a, b, GateOptions.defaults()).opCounts();
    assertThat(fewer.verdict()).isEqualTo(Verdict.IMPROVED);
    assertThat(fewer.changes()).anySatisfy(c -> assertThat(c).contains("refresh the baseline"));
    b = b.with(j -> j.remove("phases"));
    assertThat(Gate.check(a, b, GateOptions.defaults()).opCounts().verdict())
        .isEqualTo(Verdict.INCONCLUSIVE);
  }

  /** The same ops on larger tensors: op counts are equal, the work counted from shapes is not. */
  @Test
  void moreWorkWithTheSameOpsIsARegression() throws Exception {
    Profile a = profile(20, 0.02, 1, "EPYC");
    Profile b = profile(20, 0.02, 2, "EPYC");
    a = ops(a, 3003, 100);
    b = ops(b, 3003, 100);
    a =
        a.with(
            j ->
                j.putObject("work")
                    .put("conv_macs_stride1_per_step", 835_490_816L)
                    .put("matmul_macs_per_step", 0));
    b =
        b.with(
            j ->
                j.putObject("work")
                    .put("conv_macs_stride1_per_step", 1_059_171_840L)
                    .put("matmul_macs_per_step", 0));
    Gate.Result r = Gate.check(a, b, GateOptions.defaults());
    assertThat(r.opCounts().verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(r.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(r.opCounts().changes())
        .containsExactly(
            "work: convolution MACs (stride 1) +26.8%/step (835,490,816 -> 1,059,171,840)");
    Gate.Result less = Gate.check(b, a, GateOptions.defaults());
    assertThat(less.opCounts().verdict()).isEqualTo(Verdict.IMPROVED);
    assertThat(less.opCounts().changes()).last().asString().contains("refresh the baseline");
  }

  /**
   * Activations that grow: the same ops and work, more tensor bytes per step. The exact memory
   * counters say so beyond their margin, and stay quiet within it.
   */
  @Test
  void moreTensorMemoryIsARegressionNamingTheMemoryRow() throws Exception {
    Profile a = profile(20, 0.02, 1, "EPYC");
    Profile b = profile(20, 0.02, 2, "EPYC");
    Profile same = profile(20, 0.02, 3, "EPYC");
    a = ops(a, 3003, 100);
    b = ops(b, 3003, 100);
    same = ops(same, 3003, 100);
    a =
        a.with(
            j ->
                j.putObject("tensor_memory")
                    .put("allocated_bytes_per_step", 64_044_997L)
                    .put("peak_live_bytes", 35_123_141L));
    b =
        b.with(
            j ->
                j.putObject("tensor_memory")
                    .put("allocated_bytes_per_step", 96_067_496L)
                    .put("peak_live_bytes", 35_123_141L));
    same =
        same.with(
            j ->
                j.putObject("tensor_memory")
                    .put("allocated_bytes_per_step", 64_046_021L) // +1 KB: inside the margin
                    .put("peak_live_bytes", 35_123_141L));
    Gate.Result r = Gate.check(a, b, GateOptions.defaults());
    assertThat(r.opCounts().verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(r.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(r.opCounts().changes())
        .containsExactly(
            "memory: tensor bytes allocated +50.0%/step (64,044,997 -> 96,067,496 bytes)");
    assertThat(Gate.check(a, same, GateOptions.defaults()).opCounts().verdict())
        .isEqualTo(Verdict.PASS);
  }

  /**
   * The peak resident set is the process's, not the step's: never judged as a counter, however far
   * it moved (the README's own project read +28..35% on unchanged builds).
   */
  @Test
  void peakResidentMemoryIsShownNotJudged() throws Exception {
    Profile a = profile(20, 0.02, 1, "EPYC");
    Profile near = profile(20, 0.02, 2, "EPYC");
    Profile far = profile(20, 0.02, 3, "EPYC");
    double[] mb = {370, 430, 520}; // +16%: A/A spread; +41%: a leak
    List<Profile> all = new java.util.ArrayList<>();
    for (Profile p : List.of(a, near, far)) {
      double peak = mb[all.size()];
      all.add(
          ops(p, 3003, 100)
              .with(
                  j ->
                      j.putObject("host_memory")
                          .put("peak_rss_mb", peak)
                          .put("peak_since", "measured runs")));
    }
    a = all.get(0);
    near = all.get(1);
    far = all.get(2);
    assertThat(Gate.check(a, near, GateOptions.defaults()).opCounts().verdict())
        .isEqualTo(Verdict.PASS);
    Gate.Result r = Gate.check(a, far, GateOptions.defaults());
    assertThat(r.opCounts().verdict()).isEqualTo(Verdict.PASS);
    assertThat(r.opCounts().changes()).isEmpty();
  }

  @Test
  void profilesWithoutBlocksGetNoTimingVerdict() throws Exception {
    Profile a = new Profile((ObjectNode) Json.MAPPER.readTree("{\"img_per_s\": 10.0}"));
    Profile b = new Profile((ObjectNode) Json.MAPPER.readTree("{\"img_per_s\": 5.0}"));
    assertThat(Gate.hasBlocks(a)).isFalse();
    Gate.Result r = Gate.check(a, b, GateOptions.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(r.rows().get(0).why())
        .isEqualTo("no timing blocks of the same canary on both sides");
  }
}
