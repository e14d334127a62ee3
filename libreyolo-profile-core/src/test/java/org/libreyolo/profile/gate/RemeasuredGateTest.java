package org.libreyolo.profile.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.libreyolo.profile.internal.analysis.ProfileLoader;
import org.libreyolo.profile.internal.io.ContentHash;
import org.libreyolo.profile.report.GateReport;
import org.libreyolo.profile.result.Json;
import org.libreyolo.profile.result.Profile;

/** The infer baseline measured again in the job: the model kept beside it, the pairing deciding. */
class RemeasuredGateTest {

  @Test
  void theModelIsKeptBesideTheBaselineAndNeverAStaleOne(@TempDir Path dir) throws Exception {
    Path model = dir.resolve("models/net.torchscript");
    Files.createDirectories(model.getParent());
    Files.writeString(model, "the network");
    Path baseline = dir.resolve("perf/infer.json");
    record(baseline, model.toString(), ContentHash.sha256(model));

    Path kept = BaselineModel.keep(baseline);
    assertThat(kept.getFileName().toString()).isEqualTo("infer.model.torchscript");
    assertThat(Files.readString(kept)).isEqualTo("the network");
    Profile base = ProfileLoader.load(baseline);
    assertThat(BaselineModel.whyNotKept(base, baseline)).isNull();
    assertThat(BaselineModel.of(base, baseline)).isEqualTo(kept);

    // edited beside the baseline: no longer the model it measured, so never re-measured as it
    Files.writeString(kept, "another network");
    assertThat(BaselineModel.whyNotKept(base, baseline))
        .isEqualTo(
            "infer.model.torchscript is not the model the baseline measured (its hash differs)");
    assertThat(BaselineModel.of(base, baseline)).isNull();

    // the model changed since the profile measured it: not the file the profile ran
    Files.writeString(model, "the network, retrained");
    assertThat(BaselineModel.modelFile(base)).isNull();

    // a built-in model recorded under the same name: the kept file of the earlier one goes
    record(baseline, "LibreYOLO9t", null);
    assertThat(BaselineModel.keep(baseline)).isNull();
    assertThat(kept).doesNotExist();
    assertThat(BaselineModel.whyNotKept(ProfileLoader.load(baseline), baseline))
        .startsWith("no model kept beside it (infer.model: ");
  }

  @Test
  void thePairsDecideAndStoredNumbersThatMovedOnlyWarn() throws Exception {
    // the stored numbers: the same model read 30% slower on another day's machine
    Profile base = GateTest.profile(20, 0.02, 1, "EPYC");
    Profile now = GateTest.profile(26, 0.02, 2, "EPYC");
    Gate.Result stored = Gate.check(base, now, GateOptions.defaults());
    assertThat(stored.verdict()).isEqualTo(Verdict.REGRESSION);

    // both models measured side by side now: no change
    SplittableRandom r = new SplittableRandom(3);
    int n = 60;
    double[] a = new double[n];
    double[] b = new double[n];
    double[] logRatios = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = 26 * Math.exp(0.01 * r.nextGaussian());
      b[i] = 26 * Math.exp(0.01 * r.nextGaussian());
      logRatios[i] = Math.log(b[i] / a[i]);
    }
    double alpha = GateOptions.defaults().alpha();
    double threshold = GateOptions.defaults().maxRegression();
    PairedBlocks pairs = PairedBlocks.of(logRatios, alpha, threshold);
    Gate.Result decided = RemeasuredGate.decide(stored, pairs, 26.0, 26.1, base, now);
    assertThat(decided.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decided.rows())
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.metric()).isEqualTo("latency_p50_ms");
              assertThat(row.change()).isEqualTo(pairs.change());
              assertThat(row.why()).startsWith("both models measured in this job, 60 pairs");
            });
    assertThat(decided.mde()).isEqualTo(pairs.mde());
    assertThat(RemeasuredGate.drift(stored, decided))
        .isEqualTo(
            "the stored baseline's numbers read REGRESSION while the baseline and this build,"
                + " measured side by side in this job, read PASS: the machine or its load moved"
                + " since the baseline was recorded, not what it measures");
    assertThat(RemeasuredGate.drift(stored, stored)).isNull();

    // one verdict, every format: the text, the JSON and the markdown tell the pairing's
    assertThat(GateReport.text(decided)).last().isEqualTo("verdict: PASS");
    assertThat(GateReport.text(decided))
        .anyMatch(
            l ->
                l.startsWith(
                    "change and CI: the baseline and this build side by side in this job, 60 pairs of alternating blocks in one process"))
        .noneMatch(l -> l.contains("REGRESSION"));
    var json = GateReport.json(decided);
    assertThat(json.get("verdict").asText()).isEqualTo("PASS");
    assertThat(json.get("timing").get("decided_by").asText()).isEqualTo("pairs in this job");
    assertThat(json.get("timing").get("pairs").asInt()).isEqualTo(60);
    assertThat(GateReport.markdown(decided, "infer.json", "profile.json"))
        .startsWith("### libreyolo-profile check: PASS")
        .doesNotContain("REGRESSION");
  }

  /** An infer profile naming its model, as the infer goal records it. */
  private static void record(Path baseline, String weights, String sha) throws Exception {
    Profile p =
        GateTest.profile(20, 0.02, 1, "EPYC")
            .with(
                j -> {
                  j.put("mode", "inference");
                  var c = j.putObject("config").put("mode", "inference").put("weights", weights);
                  if (sha != null) {
                    c.put("weights_sha256", sha);
                  }
                });
    Files.createDirectories(baseline.getParent());
    Files.writeString(baseline, Json.compact(p.json()), StandardCharsets.UTF_8);
  }
}
